import { badRequest, tooManyRequests } from '../../../lib/errors.js';
import { verifyPassword } from '../../../lib/passwords.js';
import type { RateLimitService } from '../../../platform/limits/service.js';
import type { UserRow } from '../users/repo.js';

/** Wrong account passwords given to confirm a change, per account, before the account must wait. */
const PASSWORD_CHECKS = { limit: 5, windowMs: 15 * 60_000 };

/**
 * Checks the account password given to confirm a change (settings, profile locks, the maturity limit): wrong
 * guesses count per account, whichever form they came from, and a right one clears the count. `field` names the
 * form's password field in the error.
 */
export async function confirmAccountPassword(
  limits: RateLimitService,
  user: UserRow,
  password: string,
  field: string,
): Promise<void> {
  const key = `password-check:${user.user_id}`;
  const verdict = await limits.check(key, PASSWORD_CHECKS);
  if (!verdict.allowed) throw tooManyRequests(verdict.retryAfterSeconds);
  if (!(await verifyPassword(user.password_hash, password))) {
    await limits.consume(key, PASSWORD_CHECKS);
    const message =
      field === 'current_password' ? 'The current password is wrong' : 'The account password is wrong';
    throw badRequest(message, { [field]: message });
  }
  await limits.reset(key);
}
