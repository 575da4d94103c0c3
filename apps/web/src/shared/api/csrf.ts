import { CSRF_COOKIE } from '@salomtv/contract';

/** Reads one cookie value from a `document.cookie` style string. */
export function readCookie(cookieString: string, name: string): string | undefined {
  for (const part of cookieString.split(';')) {
    const [rawName, ...rest] = part.trim().split('=');
    if (rawName === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export const readCsrfToken = (cookieString: string) => readCookie(cookieString, CSRF_COOKIE);
