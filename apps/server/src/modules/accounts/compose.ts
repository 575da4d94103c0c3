import type { Kysely } from 'kysely';
import type { AppInstance } from '../../app-types.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { MediaStorage } from '../../media/storage.js';
import type { AuditService } from '../audit/service.js';
import type { AuthService } from '../auth/service.js';
import { createEmailSender } from '../email/create-sender.js';
import { EmailOutboxRepo } from '../email/outbox-repo.js';
import { emailDevRoutes } from '../email/routes.js';
import type { LanguageService } from '../languages/service.js';
import type { RateLimitService } from '../limits/service.js';
import { EmailCodeRepo } from '../otp/email-code-repo.js';
import { EmailCodeService } from '../otp/email-code-service.js';
import { OtpCodeRepo } from '../otp/repo.js';
import { otpRoutes } from '../otp/routes.js';
import { AppSecretRepo } from '../otp/secret-repo.js';
import { OtpService } from '../otp/service.js';
import { signupRoutes } from '../signup/routes.js';
import { SignupService } from '../signup/service.js';
import { createSmsSender } from '../sms/create-sender.js';
import { SmsDispatcher } from '../sms/dispatcher.js';
import { SmsOutboxRepo } from '../sms/outbox-repo.js';
import { SmsQueue, SmsQueueSignal } from '../sms/queue.js';
import { SmsQueueRepo } from '../sms/queue-repo.js';
import { smsDevRoutes } from '../sms/routes.js';
import { type SmsLog, silentLog } from '../sms/sender.js';
import { UserAdminService } from '../users/admin-service.js';
import type { AccountCreatedListener, UserRepo } from '../users/repo.js';
import { userAdminRoutes } from '../users/routes.js';
import { accountRoutes } from './routes.js';
import { AccountService } from './service.js';

export interface AccountDeps {
  config: Config;
  clock: Clock;
  db: Kysely<Database>;
  storage: MediaStorage;
  log: SmsLog | undefined;
  users: UserRepo;
  auth: AuthService;
  limits: RateLimitService;
  languages: LanguageService;
  audit: AuditService;
  /** Called once a new account exists (billing opens its trial). */
  onAccountCreated: AccountCreatedListener;
}

/** Repositories and services of accounts: SMS, email, one-time codes, sign-up, settings, user admin. */
export function createAccountModules(deps: AccountDeps) {
  const { config, clock, db, storage, users, auth, limits, languages } = deps;
  const repos = {
    otpCodes: new OtpCodeRepo(db),
    smsOutbox: new SmsOutboxRepo(db),
    smsQueue: new SmsQueueRepo(db),
    emailCodes: new EmailCodeRepo(db),
    emailOutbox: new EmailOutboxRepo(db),
    secrets: new AppSecretRepo(db),
  };
  const log = deps.log ?? silentLog;
  const sms = createSmsSender(config, repos.smsOutbox, clock, log);
  const email = createEmailSender(config, repos.emailOutbox, clock, log);
  const smsQueued = new SmsQueueSignal();
  const otp = new OtpService(
    repos.otpCodes,
    repos.secrets,
    sms,
    new SmsQueue(repos.smsQueue, smsQueued, clock),
    limits,
    users,
    clock,
    {
      secret: config.otpSecret,
      sendsPerNumberPerHour: config.otpSendsPerNumberPerHour,
      sendsPerAddressPerHour: config.otpSendsPerAddressPerHour,
      wrongCodesPerAddressPerHour: config.otpWrongCodesPerAddressPerHour,
    },
  );
  const emailCodes = new EmailCodeService(repos.emailCodes, repos.secrets, email, limits, clock, {
    secret: config.otpSecret,
    sendsPerHour: config.otpSendsPerNumberPerHour,
  });
  const services = {
    sms,
    email,
    otp,
    // Started by the API process (WORKER_IN_PROCESS) or by `npm run worker`.
    smsDispatcher: new SmsDispatcher(repos.smsQueue, sms, users, smsQueued, clock, {
      pollMs: config.media.workerPollMs,
      log,
    }),
    signup: new SignupService(users, otp, auth, clock, deps.onAccountCreated),
    accounts: new AccountService(users, auth, otp, emailCodes, sms, languages, limits, storage, clock, log),
    userAdmin: new UserAdminService(users, auth, storage, deps.audit, clock, deps.onAccountCreated),
  };
  return { repos, services };
}

type AccountModules = ReturnType<typeof createAccountModules>;

/** The HTTP side of those modules; the development outboxes only with the console providers outside production. */
export function registerAccountRoutes(
  app: AppInstance,
  container: {
    config: Config;
    clock: Clock;
    repos: AccountModules['repos'];
    services: AccountModules['services'];
  },
): void {
  const { services, config, clock } = container;
  otpRoutes(app, services.otp);
  signupRoutes(app, services.signup, clock);
  accountRoutes(app, services.accounts, clock);
  userAdminRoutes(app, services.userAdmin);
  if (config.media.workerInProcess) {
    app.addHook('onReady', async () => services.smsDispatcher.start());
    app.addHook('preClose', () => services.smsDispatcher.stop());
  }
  // Codes readable over HTTP would let anyone take any number: only when asked for, and never in production.
  if (config.smsDevOutbox && config.smsProvider === 'console' && config.nodeEnv !== 'production') {
    smsDevRoutes(app, container.repos.smsOutbox);
  }
  if (config.emailDevOutbox && config.emailProvider === 'console' && config.nodeEnv !== 'production') {
    emailDevRoutes(app, container.repos.emailOutbox);
  }
}
