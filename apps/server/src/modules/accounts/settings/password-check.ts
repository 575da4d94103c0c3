import { badRequest } from '../../../lib/errors.js';
import { verifyPassword } from '../../../lib/passwords.js';
import type { RateLimitService } from '../../../platform/limits/service.js';
import type { UserRow } from '../users/repo.js';

/** Account passwords given to confirm a change, per account, that may be checked before the account must wait. */
export const PASSWORD_CHECKS = { limit: 5, windowMs: 15 * 60_000 };

/**
 * Checks the account password given to confirm a change (settings, profile locks, the maturity limit): tries count
 * per account, whichever form they came from, before the password is checked; a right one clears the count.
 * `field` names the form's password field in the error.
 */
export async function confirmAccountPassword(
  limits: RateLimitService,
  user: UserRow,
  password: string,
  field: string,
): Promise<void> {
  const right = await limits.guardTry(`password-check:${user.user_id}`, PASSWORD_CHECKS, () =>
    verifyPassword(user.password_hash, password),
  );
  if (right) return;
  const message =
    field === 'current_password' ? 'The current password is wrong' : 'The account password is wrong';
  throw badRequest(message, { [field]: message });
}
