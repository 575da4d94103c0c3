import type { Role } from '@salomtv/contract';

/** Only same-site paths may be a `next` target (never `//other.site` or `https://…`). */
export function safeNextPath(next: string | null | undefined): string | undefined {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return undefined;
  return next;
}

/**
 * Where a sign-in lands: `next` when given, else the home of the role. A viewer's household of several profiles
 * first answers "Who's watching?" (/profiles), which then goes on to `next`.
 */
export function afterSignInPath(role: Role, next: string | null | undefined, profiles = 1): string {
  const target = safeNextPath(next);
  if (role === 'user' && profiles > 1 && !target?.startsWith('/profiles')) {
    return target ? `/profiles?${new URLSearchParams({ next: target })}` : '/profiles';
  }
  return target ?? (role === 'admin' ? '/dashboard' : '/home');
}
