import type { PasskeyOptions } from '@salomtv/contract';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { PasskeyRow } from './factor-repo.js';

/** A passkey as it is stored: its id, public key and counter (base64url where bytes). */
export interface NewPasskey {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[] | undefined;
}

const transportsOf = (row: PasskeyRow): string[] | undefined =>
  row.transports ? (JSON.parse(row.transports) as string[]) : undefined;

/**
 * The site as a WebAuthn relying party (`@simplewebauthn/server`): its id is the public address's host name and
 * the browser must be on its origin (PUBLIC_URL), so a passkey made here answers nowhere else.
 */
export class PasskeyRelyingParty {
  readonly rpId: string;
  private readonly origin: string;

  constructor(publicUrl: string) {
    const url = new URL(publicUrl);
    this.rpId = url.hostname;
    this.origin = url.origin;
  }

  /** Options for `navigator.credentials.create()`, as JSON. */
  async registrationOptions(
    user: { userId: number; name: string },
    existing: PasskeyRow[],
  ): Promise<PasskeyOptions> {
    const options = await generateRegistrationOptions({
      rpName: 'SalomTV',
      rpID: this.rpId,
      userName: user.name,
      userID: new TextEncoder().encode(`salomtv-user-${user.userId}`),
      attestationType: 'none',
      excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    return { ...options };
  }

  /** The new passkey, or undefined when the answer does not fit the challenge, the site or a valid key. */
  async verifyRegistration(response: unknown, challenge: string): Promise<NewPasskey | undefined> {
    const verified = await verifyRegistrationResponse({
      // Checked against the contract's schema at the route; the library checks what is inside.
      response: response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: this.origin,
      expectedRPID: this.rpId,
      requireUserVerification: false,
    }).catch(() => undefined);
    if (!verified?.verified) return undefined;
    const { credential } = verified.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports,
    };
  }

  /** Options for `navigator.credentials.get()` with the account's passkeys, as JSON. */
  async authenticationOptions(existing: PasskeyRow[]): Promise<PasskeyOptions> {
    const options = await generateAuthenticationOptions({
      rpID: this.rpId,
      allowCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
      userVerification: 'preferred',
    });
    return { ...options };
  }

  /** The authenticator's new counter when the assertion is the passkey's answer to the challenge. */
  async verifyAssertion(
    response: unknown,
    challenge: string,
    passkey: PasskeyRow,
  ): Promise<number | undefined> {
    const verified = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: this.origin,
      expectedRPID: this.rpId,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
        counter: Number(passkey.sign_count),
        transports: transportsOf(passkey),
      },
      requireUserVerification: false,
    }).catch(() => undefined);
    return verified?.verified ? verified.authenticationInfo.newCounter : undefined;
  }
}
