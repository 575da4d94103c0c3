import type {
  AdminUserDetail,
  AdminUserRow,
  adminUserCreateBodySchema,
  adminUserListQuerySchema,
  ListPage,
  Role,
  UserStatus,
} from '@salomtv/contract';
import type { z } from 'zod';
import type { Clock } from '../../../lib/clock.js';
import { AppError, badRequest, conflict, notFound } from '../../../lib/errors.js';
import { hashPassword } from '../../../lib/passwords.js';
import { toE164 } from '../../../lib/phone.js';
import type { AuditActor, AuditService } from '../../../platform/audit/service.js';
import type { MediaStorage } from '../../../platform/storage/storage.js';
import { trialEnd } from '../../billing/module.js';
import type { AuthService } from '../auth/service.js';
import { toAdminDetail, toAdminRow } from './profile.js';
import {
  type AccountCreatedListener,
  announceAccount,
  isUniqueViolation,
  type UserRepo,
  type UserRow,
} from './repo.js';

type ListQuery = z.output<typeof adminUserListQuerySchema>;
type CreateBody = z.output<typeof adminUserCreateBodySchema>;

const lastAdmin = () =>
  new AppError(
    409,
    'last_admin',
    'This is the last active administrator: make another account an admin first',
  );

/** What the audit log keeps of an account (never its password hash). */
function auditView(row: UserRow) {
  return {
    phone_number: row.phone_number,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    role: row.role,
    status: row.status,
    verified: row.verified === 1,
  };
}

/** The admin's user list and user page: search, create, enable or disable, verify, change roles. */
export class UserAdminService {
  constructor(
    private readonly users: UserRepo,
    private readonly auth: AuthService,
    private readonly storage: MediaStorage,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    /** Billing opens the trial of a created viewer. */
    private readonly onAccountCreated: AccountCreatedListener,
  ) {}

  async list(query: ListQuery): Promise<ListPage<AdminUserRow>> {
    const { rows, total } = await this.users.list(
      { search: query.search, country: query.country, status: query.status, role: query.role },
      (query.page - 1) * query.pageSize,
      query.pageSize,
    );
    return {
      items: rows.map((row) => toAdminRow(row, this.storage)),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async detail(userId: number): Promise<AdminUserDetail> {
    const row = await this.requireUser(userId);
    const now = this.clock.now();
    return toAdminDetail(row, this.storage, now, await this.users.sessionStats(userId, now.toISOString()));
  }

  async create(body: CreateBody, actor: AuditActor): Promise<AdminUserDetail> {
    const phone = toE164(body.phone_number);
    if (!phone)
      throw badRequest('Not a valid phone number', {
        phone_number: 'Enter a valid phone number in international form',
      });
    if (await this.users.findByPhone(phone)) throw this.phoneTaken();
    if (body.email && (await this.users.findByEmail(body.email))) throw this.emailTaken();
    const now = this.clock.now();
    let row: UserRow;
    try {
      row = await this.users.insert({
        phone_number: phone,
        email: body.email ?? null,
        password_hash: await hashPassword(body.password),
        role: body.role,
        status: body.status,
        verified: body.verified ? 1 : 0,
        first_name: body.first_name ?? null,
        last_name: body.last_name ?? null,
        gender: body.gender ?? null,
        nationality: body.nationality ?? null,
        trial_ends_at: body.role === 'user' ? trialEnd(now).toISOString() : null,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw (await this.users.findByPhone(phone)) ? this.phoneTaken() : this.emailTaken();
    }
    await this.audit.record(actor, 'create', 'user', row.user_id, null, auditView(row));
    await announceAccount(this.onAccountCreated, row.user_id);
    return this.detail(row.user_id);
  }

  /** Disabling ends every session of the account at once; sign-in then answers 403 account_disabled. */
  async setStatus(userId: number, status: UserStatus, actor: AuditActor): Promise<AdminUserDetail> {
    const before = await this.requireUser(userId);
    const changed = await this.users.updateKeepingAnAdmin(userId, {
      status,
      updated_at: this.clock.now().toISOString(),
    });
    if (!changed) throw lastAdmin();
    if (status === 'disabled') await this.auth.endOtherSessions(userId);
    return this.recordChange(actor, 'set_status', before);
  }

  async setRole(userId: number, role: Role, actor: AuditActor): Promise<AdminUserDetail> {
    const before = await this.requireUser(userId);
    const changed = await this.users.updateKeepingAnAdmin(userId, {
      role,
      updated_at: this.clock.now().toISOString(),
    });
    if (!changed) throw lastAdmin();
    return this.recordChange(actor, 'set_role', before);
  }

  async setVerified(userId: number, verified: boolean, actor: AuditActor): Promise<AdminUserDetail> {
    const before = await this.requireUser(userId);
    await this.users.update(userId, {
      verified: verified ? 1 : 0,
      updated_at: this.clock.now().toISOString(),
    });
    return this.recordChange(actor, 'set_verified', before);
  }

  /** Writes the change to the audit log (the account before and after) and answers the account's detail. */
  private async recordChange(actor: AuditActor, action: string, before: UserRow): Promise<AdminUserDetail> {
    const after = await this.requireUser(before.user_id);
    await this.audit.record(actor, action, 'user', before.user_id, auditView(before), auditView(after));
    return this.detail(before.user_id);
  }

  private async requireUser(userId: number): Promise<UserRow> {
    const row = await this.users.findById(userId);
    if (!row) throw notFound('This user does not exist');
    return row;
  }

  private phoneTaken() {
    return conflict('Another account has this phone number', {
      phone_number: 'This number already has an account',
    });
  }

  private emailTaken() {
    return conflict('Another account has this email', { email: 'This email is used by another account' });
  }
}
