import type { SignupBody } from '@salomtv/contract';
import type { Clock } from '../../../lib/clock.js';
import { conflict } from '../../../lib/errors.js';
import { hashPassword } from '../../../lib/passwords.js';
import type { NewSession } from '../../../platform/viewer-session.js';
import { trialEnd } from '../../billing/module.js';
import type { AuthService } from '../auth/service.js';
import type { OtpService } from '../codes/service.js';
import {
  type AccountCreatedListener,
  announceAccount,
  isUniqueViolation,
  type UserRepo,
} from '../users/repo.js';

const phoneTaken = () =>
  conflict('This phone number already has an account: sign in instead', {
    phone_number: 'This number already has an account',
  });

/** Sign-up: a number proven by a one-time code becomes an account with the free trial, signed in at once. */
export class SignupService {
  constructor(
    private readonly users: UserRepo,
    private readonly otp: OtpService,
    private readonly auth: AuthService,
    private readonly clock: Clock,
    /** Billing opens the trial's subscription row. */
    private readonly onAccountCreated: AccountCreatedListener,
  ) {}

  async signUp(
    body: SignupBody,
    proof: string | undefined,
    previousSession: string | undefined,
    userAgent: string | undefined,
  ): Promise<NewSession> {
    const phone = this.otp.normalizePhone(body.phone_number, 'phone_number');
    const proofId = await this.otp.checkSignupProof(proof, phone);
    if (await this.users.findByPhone(phone)) throw phoneTaken();
    const now = this.clock.now();
    let userId: number;
    try {
      const row = await this.users.insert({
        phone_number: phone,
        password_hash: await hashPassword(body.password),
        role: 'user',
        status: 'active',
        // The number was confirmed by a code (the sign-up proof): the admin's Verified switch shows it.
        verified: 1,
        first_name: body.first_name ?? null,
        dob: body.dob,
        gender: body.gender,
        nationality: body.nationality,
        trial_ends_at: trialEnd(now).toISOString(),
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      });
      userId = row.user_id;
    } catch (error) {
      if (isUniqueViolation(error)) throw phoneTaken();
      throw error;
    }
    await this.otp.spendSignupProof(proofId);
    await announceAccount(this.onAccountCreated, userId);
    await this.auth.signOut(previousSession);
    return this.auth.startSession(userId, 'user', false, userAgent);
  }
}
