import type { Role } from '@salomtv/contract';

/** Only same-site paths may be a `next` target (never `//other.site` or `https://…`). */
export function safeNextPath(next: string | null | undefined): string | undefined {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return undefined;
  return next;
}

/** Where a sign-in lands: `next` when given, else the home of the role. */
export function afterSignInPath(role: Role, next: string | null | undefined): string {
  return safeNextPath(next) ?? (role === 'admin' ? '/dashboard' : '/home');
}
