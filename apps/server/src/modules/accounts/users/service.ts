import type { Me } from '@salomtv/contract';
import type { Clock } from '../../../lib/clock.js';
import { notFound } from '../../../lib/errors.js';
import { hashPassword } from '../../../lib/passwords.js';
import { toE164 } from '../../../lib/phone.js';
import type { UserRepo } from './repo.js';

export class UserService {
  constructor(
    private readonly users: UserRepo,
    private readonly clock: Clock,
  ) {}

  async me(userId: number): Promise<Me> {
    const user = await this.users.findById(userId);
    if (!user) throw notFound('This account does not exist');
    return {
      user_id: user.user_id,
      role: user.role,
      first_name: user.first_name,
      last_name: user.last_name,
      phone_number: user.phone_number,
      email: user.email,
      language: user.language,
    };
  }

  /** Creates an administrator, or makes an existing account an active admin with the new password. */
  async upsertAdmin(phoneInput: string, password: string): Promise<{ created: boolean; phone: string }> {
    const phone = toE164(phoneInput);
    if (!phone) throw new Error(`Not a valid phone number in international form: ${phoneInput}`);
    if (password.length < 8) throw new Error('The password needs at least 8 characters');
    const passwordHash = await hashPassword(password);
    const now = this.clock.now().toISOString();
    const existing = await this.users.findByPhone(phone);
    if (existing) {
      await this.users.update(existing.user_id, {
        role: 'admin',
        status: 'active',
        password_hash: passwordHash,
        updated_at: now,
      });
      return { created: false, phone };
    }
    await this.users.insert({
      phone_number: phone,
      password_hash: passwordHash,
      role: 'admin',
      status: 'active',
      verified: 1,
      first_name: 'Admin',
      created_at: now,
      updated_at: now,
    });
    return { created: true, phone };
  }

  async countAdmins(): Promise<number> {
    return this.users.countAdmins();
  }
}
