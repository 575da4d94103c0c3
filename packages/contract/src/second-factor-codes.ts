// Kept apart from the schemas (second-factor.ts): the app's entry code matches these codes, and importing them from
// a module with zod schemas would put zod into every page's first download.

/** What `POST /api/user/login` answers for an account with a second factor: no session yet, the second step next. */
export const SECOND_STEP_NEEDED = 'second_factor';
/** The error code of every admin call while the policy requires a second factor the admin has not set up. */
export const SECOND_FACTOR_SETUP_REQUIRED = 'second_factor_setup_required';
/** The error code of a second-step call without a live pending sign-in (expired, or none was started). */
export const NO_PENDING_SIGN_IN = 'no_pending_sign_in';
