import type { Kysely } from 'kysely';
import type { AppInstance } from '../../app-types.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditService } from '../../platform/audit/service.js';
import type { EventBus } from '../../platform/events.js';
import type { RateLimitService } from '../../platform/limits/service.js';
import type { Metrics } from '../../platform/metrics/metrics.js';
import type { MediaStorage } from '../../platform/storage/storage.js';
import type { LiveSessionReader } from '../../platform/viewer-session.js';
import type { LanguageDirectory } from '../languages/module.js';
import { LiveSessionCache } from './auth/live-session-cache.js';
import { authRoutes } from './auth/routes.js';
import { AuthService } from './auth/service.js';
import { SessionRepo } from './auth/session-repo.js';
import { EmailCodeRepo } from './codes/email-code-repo.js';
import { EmailCodeService } from './codes/email-code-service.js';
import { OtpCodeRepo } from './codes/repo.js';
import { otpRoutes } from './codes/routes.js';
import { AppSecretRepo } from './codes/secret-repo.js';
import { countingSends, sentCodesCounter } from './codes/sent-codes.js';
import { OtpService } from './codes/service.js';
import { createEmailSender } from './email/create-sender.js';
import { EmailOutboxRepo } from './email/outbox-repo.js';
import { emailDevRoutes } from './email/routes.js';
import { ProfileRepo } from './profiles/repo.js';
import { profileRoutes } from './profiles/routes.js';
import { ProfileService } from './profiles/service.js';
import { SecondFactorRepo } from './second-factor/factor-repo.js';
import { PasskeyRelyingParty } from './second-factor/passkeys.js';
import { PendingSignInRepo } from './second-factor/pending-repo.js';
import { SecurityPolicyRepo } from './second-factor/policy-repo.js';
import { secondFactorRoutes, secondStepRoutes } from './second-factor/routes.js';
import { PendingSignIns, SecondStepService } from './second-factor/second-step.js';
import { loadSecondFactorKey, SecretBox } from './second-factor/secret-box.js';
import { SecondFactorService } from './second-factor/service.js';
import { accountSessionRoutes } from './sessions/routes.js';
import { AccountSessionsService } from './sessions/service.js';
import { accountRoutes } from './settings/routes.js';
import { AccountService } from './settings/service.js';
import { signupRoutes } from './signup/routes.js';
import { SignupService } from './signup/service.js';
import { createSmsSender } from './sms/create-sender.js';
import { SmsDispatcher } from './sms/dispatcher.js';
import { SmsOutboxRepo } from './sms/outbox-repo.js';
import { SmsQueue, SmsQueueSignal } from './sms/queue.js';
import { SmsQueueRepo } from './sms/queue-repo.js';
import { smsDevRoutes } from './sms/routes.js';
import { type SmsLog, silentLog } from './sms/sender.js';
import { UserAdminService } from './users/admin-service.js';
import { UserRepo } from './users/repo.js';
import { userAdminRoutes } from './users/routes.js';
import { UserService } from './users/service.js';

export interface AccountDeps {
  config: Config;
  clock: Clock;
  db: Kysely<Database>;
  storage: MediaStorage;
  log: SmsLog | undefined;
  limits: RateLimitService;
  languages: LanguageDirectory;
  audit: AuditService;
  /** `accountCreated` is published on it once a new account exists. */
  events: EventBus;
  /**
   * Reads a live session with its account's subscription and plan in one query (billing's), so the signed-in calls
   * that ask what the viewer may watch need no second read.
   */
  sessionsWithBilling: LiveSessionReader;
  metrics: Metrics;
}

/**
 * Accounts: sign-in and sessions, one-time codes by SMS and email, sign-up, account settings and the admin's user
 * management.
 */
export function createAccountsModule(deps: AccountDeps) {
  const { config, clock, db, storage, limits, languages } = deps;
  const users = new UserRepo(db);
  const sessions = new SessionRepo(db);
  // A session read before costs a call no query of its own while the access version stands.
  const liveSessions = new LiveSessionCache(deps.sessionsWithBilling, sessions.version);
  const factors = new SecondFactorRepo(db);
  const pendingSignIns = new PendingSignInRepo(db);
  const auth = new AuthService(
    users,
    sessions,
    limits,
    clock,
    config,
    liveSessions,
    new PendingSignIns(factors, pendingSignIns, clock),
  );
  const secretBox = new SecretBox(loadSecondFactorKey(config.secondFactor.encryptionKey, config.dataDir));
  const relyingParty = new PasskeyRelyingParty(config.publicUrl);
  const onAccountCreated = (userId: number) => deps.events.emit('accountCreated', { userId });
  const repos = {
    users,
    sessions,
    otpCodes: new OtpCodeRepo(db),
    smsOutbox: new SmsOutboxRepo(db),
    smsQueue: new SmsQueueRepo(db),
    emailCodes: new EmailCodeRepo(db),
    emailOutbox: new EmailOutboxRepo(db),
    secrets: new AppSecretRepo(db),
    profiles: new ProfileRepo(db),
    secondFactors: factors,
    pendingSignIns,
  };
  const log = deps.log ?? silentLog;
  const sms = createSmsSender(config, repos.smsOutbox, clock, log);
  const email = createEmailSender(config, repos.emailOutbox, clock, log);
  const smsQueued = new SmsQueueSignal();
  // Every code goes out through these two: the code services and the text queue (reset codes).
  const sentCodes = sentCodesCounter(deps.metrics);
  const smsCodes = countingSends(sms, 'sms', sentCodes);
  const emailCodeSender = countingSends(email, 'email', sentCodes);
  const otp = new OtpService(
    repos.otpCodes,
    repos.secrets,
    smsCodes,
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
  const emailCodes = new EmailCodeService(repos.emailCodes, repos.secrets, emailCodeSender, limits, clock, {
    secret: config.otpSecret,
    sendsPerHour: config.otpSendsPerNumberPerHour,
  });
  const services = {
    auth,
    liveSessions,
    users: new UserService(users, clock),
    sms,
    email,
    otp,
    // Started by the API process (WORKER_IN_PROCESS) or by `npm run worker`.
    smsDispatcher: new SmsDispatcher(repos.smsQueue, smsCodes, users, smsQueued, clock, {
      pollMs: config.media.workerPollMs,
      log,
    }),
    signup: new SignupService(users, otp, auth, clock, onAccountCreated),
    accounts: new AccountService(
      users,
      repos.profiles,
      auth,
      otp,
      emailCodes,
      sms,
      languages,
      limits,
      storage,
      clock,
      log,
    ),
    profiles: new ProfileService(
      repos.profiles,
      sessions,
      users,
      languages,
      limits,
      storage,
      deps.audit,
      deps.events,
      clock,
    ),
    userAdmin: new UserAdminService(users, auth, storage, deps.audit, clock, onAccountCreated),
    secondFactors: new SecondFactorService({
      factors,
      pending: pendingSignIns,
      policy: new SecurityPolicyRepo(db),
      users,
      box: secretBox,
      passkeys: relyingParty,
      limits,
      audit: deps.audit,
      clock,
      requireForAdmins: config.secondFactor.requireForAdmins,
    }),
    secondStep: new SecondStepService({
      factors,
      pending: pendingSignIns,
      users,
      box: secretBox,
      passkeys: relyingParty,
      limits,
      clock,
      startSession: (userId, role, remember, userAgent) =>
        auth.startSession(userId, role, remember, userAgent),
      rule: {
        limit: config.secondFactor.maxFailures,
        windowMs: config.loginWindowMinutes * 60_000,
      },
    }),
    accountSessions: new AccountSessionsService(sessions, clock),
  };
  /** The HTTP side; the development outboxes only with the console providers outside production. */
  const registerRoutes = (app: AppInstance): void => {
    authRoutes(app, services.auth, services.users);
    otpRoutes(app, services.otp);
    signupRoutes(app, services.signup, clock);
    accountRoutes(app, services.accounts, clock);
    userAdminRoutes(app, services.userAdmin);
    profileRoutes(app, services.profiles);
    secondFactorRoutes(app, services.secondFactors);
    secondStepRoutes(app, services.secondStep);
    accountSessionRoutes(app, services.accountSessions);
    if (config.media.workerInProcess) {
      app.addHook('onReady', async () => services.smsDispatcher.start());
      app.addHook('preClose', () => services.smsDispatcher.stop());
    }
    // Codes readable over HTTP would let anyone take any number: only when asked for, and never in production.
    if (config.smsDevOutbox && config.smsProvider === 'console' && config.nodeEnv !== 'production') {
      smsDevRoutes(app, repos.smsOutbox);
    }
    if (config.emailDevOutbox && config.emailProvider === 'console' && config.nodeEnv !== 'production') {
      emailDevRoutes(app, repos.emailOutbox);
    }
  };
  // An account's contact details, for the admin's feedback tickets.
  const contacts: AccountContacts = users;
  // Profile names by id, for playback's over-the-limit prompt.
  const profileNames: ProfileNames = repos.profiles;
  return { repos, services, contacts, profileNames, registerRoutes };
}

export type AccountsModule = ReturnType<typeof createAccountsModule>;

export type { SmsLog } from './sms/sender.js';
// Accounts' face: what other domains may use of it.
/** Profile names by id. */
export type ProfileNames = Pick<ProfileRepo, 'namesOf'>;
/** An account's phone number and email by id. */
export type AccountContacts = Pick<UserRepo, 'findById'>;
/** What the admin's user activity page reads of an account. */
export type AccountDetails = Pick<UserAdminService, 'detail'>;
/** What the first start's seed does with administrators. */
export type AdminSeeding = Pick<UserService, 'countAdmins' | 'upsertAdmin'>;
