import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppInstance } from './app-types.js';
import type { Config } from './config.js';
import { type Container, type ContainerOptions, createContainer } from './container.js';
import { seedDatabase } from './db/seed/index.js';
import { stdoutLog } from './lib/log-destination.js';
import { queryFlag } from './lib/query-flag.js';
import { randomToken } from './lib/tokens.js';
import { startBackupSchedule } from './modules/admin/module.js';
import { startBillingTimer } from './modules/billing/module.js';
import { DEMO_SETTINGS } from './modules/media/module.js';
import { startPlaybackCleanup } from './modules/playback/module.js';
import { healthRoutes } from './platform/health-routes.js';
import { registerMetricsRoute, startMetricsServer } from './platform/metrics/endpoint.js';
import { type HttpErrorMetrics, registerHttpMetrics } from './platform/metrics/http-metrics.js';
import { registerPublicMedia } from './platform/public-media.js';
import { repeatWhileOpen } from './platform/timers.js';
import { onProfile } from './platform/viewer-session.js';
import { registerAccessControl } from './plugins/access.js';
import { registerBodylessCalls } from './plugins/bodyless-calls.js';
import { cachedPing } from './plugins/cached-ping.js';
import { closeSilentConnections, httpServerOptions, refuseNewRequests } from './plugins/client-limits.js';
import { registerCookies } from './plugins/cookies.js';
import { registerCsrf } from './plugins/csrf.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { appLogging } from './plugins/request-logger.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerWebApp } from './plugins/web-app.js';

export interface BuildOptions extends ContainerOptions {
  /** Seed languages and the first admin on an empty database (default true). */
  seed?: boolean;
}

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
/** How often ended rate-limit counters are deleted. */
const LIMIT_SWEEP_MS = 10 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    container: Container;
  }
}

/**
 * `GET /metrics` on the API's port, or, with METRICS_PORT, on a port of its own (started with the app, closed with
 * it; the API's port then answers /metrics as any unknown address).
 */
function serveMetrics(
  app: AppInstance,
  container: Container,
  settings: NonNullable<Config['metrics']>,
): void {
  const { metrics } = container;
  const { port } = settings;
  if (port === undefined) {
    registerMetricsRoute(app, metrics, settings.token);
    return;
  }
  let server: Awaited<ReturnType<typeof startMetricsServer>> | undefined;
  app.addHook('onReady', async () => {
    server = await startMetricsServer(metrics, { ...settings, port });
  });
  app.addHook('onClose', async () => {
    await server?.close();
  });
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<AppInstance> {
  const logging = appLogging(config.logLevel, stdoutLog(config.logBufferBytes));
  const app = Fastify({
    ...logging.fastify,
    ...httpServerOptions(config.httpTimeouts),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Refused during shutdown by our own hook below, in the API's error format.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  closeSilentConnections(app.server, config.httpTimeouts.idleSeconds * 1000);
  // The app's logger, whether or not Fastify logs through it (appLogging): set before any plugin, which sees it.
  app.log = logging.root;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const container = await createContainer(config, { ...options, log: app.log });
  app.decorate('container', container);
  app.addHook('onClose', async () => {
    await container.database.close();
  });
  // Helmet's headers with our CSP for pages, a strict set for API answers, computed once. First: every answer
  // has them.
  registerSecurityHeaders(app, container.storage.origins);
  // Shutting down: what arrives from now on is refused, what was taken finishes.
  app.addHook('preClose', async () => {
    refuseNewRequests(app.server);
  });

  // Requests per route pattern: before any route is added, so each gets its hook (only when metrics are on).
  const httpMetrics: HttpErrorMetrics | undefined = config.metrics
    ? registerHttpMetrics(app, container.metrics)
    : undefined;
  // Before the plugins that add routes: their contexts keep the error handler they were registered under.
  registerErrorHandler(app, httpMetrics);
  registerCookies(app);
  // Before any route is added (the API docs' too), so each gets the hooks of its declared access.
  const accessGates = registerAccessControl(app, container.services.auth, (viewer) =>
    container.services.secondFactors.adminRefusal(viewer),
  );
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'SalomTV API', version: '1.0.0', description: 'Every call of the SalomTV service.' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sid' },
          csrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  // Open in development; in production for administrators only, unless API_DOCS_PUBLIC opens it.
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    ...(config.apiDocsPublic ? {} : { uiHooks: { onRequest: accessGates.admin } }),
  });

  const csrfKey = await container.repos.secrets.getOrCreate(
    'csrf_hmac_key',
    () => randomToken(32),
    container.clock.now().toISOString(),
  );
  registerCsrf(app, { key: Buffer.from(csrfKey), publicUrl: config.publicUrl });
  registerBodylessCalls(app);

  const { services, modules } = container;
  healthRoutes(app, cachedPing(container.database.ping));
  if (config.metrics) serveMetrics(app, container, config.metrics);
  // Each domain's routes, in the order the container made the modules.
  for (const module of Object.values(modules)) await module.registerRoutes(app);
  await registerPublicMedia(app, config.mediaDir, container.storage);
  startBillingTimer(app, modules.billing, container.clock);
  startPlaybackCleanup(app, modules.playback);
  startBackupSchedule(app, modules.admin);
  // Ended rate-limit counters count as new windows: deleting them keeps the table to the live ones.
  repeatWhileOpen(app, LIMIT_SWEEP_MS, 'rate counter sweep', async () => {
    await services.limits.forgetEnded();
  });

  const hasWebApp = await registerWebApp(
    app,
    config.webDist ?? defaultWebDist,
    (keyword) => services.languages.recordForPage(keyword),
    async (filters, keyword, sessionToken) => {
      const viewer = onProfile(sessionToken ? await services.auth.resolve(sessionToken) : undefined);
      return services.catalog.firstSlide({
        kind: filters.kind,
        kids: queryFlag(filters.kids),
        lang: keyword,
        ceiling: viewer?.maturity_ceiling ?? null,
      });
    },
  );
  app.setNotFoundHandler((request, reply) => {
    const pathName = request.url.split('?')[0] ?? '';
    if (
      request.method === 'GET' &&
      hasWebApp &&
      !pathName.startsWith('/api/') &&
      !pathName.startsWith('/media/') &&
      !pathName.startsWith('/static/') &&
      !path.extname(pathName)
    ) {
      return app.sendIndexHtml!(request, reply);
    }
    return reply
      .status(404)
      .send({ error: { code: 'not_found', message: `No such address: ${request.method} ${pathName}` } });
  });

  if (options.seed !== false) {
    await seedDatabase(
      {
        languages: services.languages,
        languageRepo: container.repos.languages,
        users: services.users,
        log: app.log,
        plans: services.plans,
        legal: services.legal,
        genreNames: modules.catalog.records.translations,
        demoCatalog: () => modules.media.seedDemo(app.log, DEMO_SETTINGS),
      },
      { adminPhone: config.adminPhone, adminPassword: config.adminPassword, seedDemo: config.seedDemo },
    );
  }
  return app;
}
