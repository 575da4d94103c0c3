// Loaded on the first password check (bench/README.md, cold start): most requests never need it.
const argon2 = () => import('@node-rs/argon2');

// argon2id with the library's defaults (m=19 MiB, t=2, p=1: the OWASP baseline).
export function hashPassword(password: string): Promise<string> {
  return argon2().then(({ hash }) => hash(password));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await (await argon2()).verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Verifies against a throwaway hash so an unknown account costs the same time as a wrong password. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-1234');
  await verifyPassword(await dummyHash, password);
}
