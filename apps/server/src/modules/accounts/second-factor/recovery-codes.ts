import { randomInt } from 'node:crypto';

export const RECOVERY_CODE_COUNT = 10;
/** Letters and digits that cannot be mistaken for one another when copied from paper. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const GROUP = 5;

/** Ten codes like `k7m2p-x9qrt` (about 49 bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: GROUP * 2 }, () => ALPHABET[randomInt(ALPHABET.length)]!);
    return `${chars.slice(0, GROUP).join('')}-${chars.slice(GROUP).join('')}`;
  });
}

/** A code as typed (any case, spaces or dashes) in the form it was hashed in; undefined if it cannot be one. */
export function normalRecoveryCode(typed: string): string | undefined {
  const plain = typed.toLowerCase().replace(/[\s-]/g, '');
  if (plain.length !== GROUP * 2 || [...plain].some((char) => !ALPHABET.includes(char))) return undefined;
  return `${plain.slice(0, GROUP)}-${plain.slice(GROUP)}`;
}
