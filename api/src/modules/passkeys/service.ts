import { randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { type Passkey, type PasskeyAuthenticationOptions, type PasskeyRegistrationOptions } from '@varco/contracts';
import type { Kysely } from 'kysely';
import { AppError } from '../../app-error';
import type { WebauthnConfig } from '../../config';
import type { Database } from '../../db/types';
import { sha256 } from '../../secrets';
import { notify } from '../notifications';
import { framedCeremony, unusableCredential } from './credential-checks';
import { challengeQueries, passkeyQueries, type ChallengeRecord, type PasskeyRecord } from './repository';

/** How long a ceremony may take, from the options to the answer: the browser's own timeout, with a margin. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** The browser's timeout of a ceremony (WebAuthn `timeout`). */
export const CEREMONY_TIMEOUT_MS = 2 * 60 * 1000;
/** Passkeys per traveler: enough for every device one owns, and a bound on what an intruder could add. */
export const MAX_PASSKEYS = 10;
/** The relying party's name, as authenticators show it. */
export const RP_NAME = 'Varco';

/** Who is adding a passkey: the signed-in traveler and the session that asked (the challenge is bound to it). */
export interface RegistrationActor {
  travelerId: number;
  sessionTokenHash: string;
  email: string;
  displayName: string;
}

export interface PasskeyServiceOptions {
  webauthn: WebauthnConfig;
  now?: () => Date;
  /** Why a ceremony was refused (the library's reason), for the log: the traveler gets one translated text. */
  onRefused?: (reason: string) => void;
  /**
   * Tells this process's session cache that sessions of the traveler ended (app.auth.sessionsEnded): the removal of a
   * passkey deletes the sessions it opened. The other instances hear it from the database (migration 0012).
   */
  sessionsEnded?: (travelerId: number) => void;
}

/** A new challenge: the options for the browser, and the opaque id its cookie will hold. */
export interface Ceremony<O> {
  options: O;
  challengeId: string;
}

export function toPasskey(record: PasskeyRecord): Passkey {
  return {
    id: record.id,
    name: record.name,
    createdAt: record.created_at.toISOString(),
    lastUsedAt: record.last_used_at?.toISOString() ?? null,
    backedUp: record.backed_up,
  };
}

const toTransports = (values: readonly string[]) => values as AuthenticatorTransport[];

/** How many passkeys a traveler has (the password-reset mail tells it: a reset does not remove them). */
export function countPasskeys(db: Kysely<Database>, travelerId: number): Promise<number> {
  return passkeyQueries.count(db, travelerId);
}

/**
 * Passkeys (WebAuthn, @simplewebauthn/server): registration by a signed-in traveler, sign-in without password or OTP.
 * Every challenge is random, single use, lives CHALLENGE_TTL_MS, and is bound to the browser that asked (an opaque id in
 * an HttpOnly cookie, only its hash stored) and, for a registration, to the session. Origin and RP ID come from the
 * configuration; user verification is required (the passkey replaces two factors); the signature counter must grow
 * when the authenticator keeps one, checked and moved in one statement. A ceremony in another site's frame, and a
 * credential that could never sign in (credential-checks.ts), are refused. Only the credential id and public key are
 * stored.
 */
export function createPasskeyService(db: Kysely<Database>, options: PasskeyServiceOptions) {
  const now = options.now ?? (() => new Date());
  const { rpId, origins } = options.webauthn;
  const refused = (
    status: number,
    key: 'passkey.registrationFailed' | 'passkey.verificationFailed' | 'passkey.unusable' | 'passkey.framed',
    reason: unknown,
  ): AppError => {
    options.onRefused?.(reason instanceof Error ? reason.message : String(reason));
    return new AppError(status, { key });
  };

  /** A ceremony run in another site's frame (credential-checks.ts), refused before anything else is read. */
  function refuseFramed(status: number, clientDataJSON: string): void {
    let framed;
    try {
      framed = framedCeremony(clientDataJSON);
    } catch {
      return; // not JSON: the library's verification refuses it with its own reason
    }
    if (framed) throw refused(status, 'passkey.framed', framed);
  }

  async function remember(
    purpose: ChallengeRecord['purpose'],
    challenge: string,
    sessionTokenHash: string | null,
  ): Promise<string> {
    const challengeId = randomBytes(32).toString('base64url');
    const at = now();
    await challengeQueries.insert(db, {
      idHash: sha256(challengeId),
      purpose,
      challenge,
      sessionTokenHash,
      expiresAt: new Date(at.getTime() + CHALLENGE_TTL_MS),
      now: at,
    });
    return challengeId;
  }

  /** The challenge of the cookie's id, taken out (single use), if it is live, of that purpose and (registration) session. */
  async function take(
    challengeId: string | undefined,
    purpose: ChallengeRecord['purpose'],
    sessionTokenHash: string | null,
  ): Promise<string> {
    const record = challengeId ? await challengeQueries.take(db, sha256(challengeId), now()) : undefined;
    if (!record || !record.live || record.purpose !== purpose || record.session_token_hash !== sessionTokenHash) {
      throw new AppError(400, { key: 'passkey.challengeExpired' });
    }
    return record.challenge;
  }

  return {
    async list(travelerId: number): Promise<Passkey[]> {
      return (await passkeyQueries.list(db, travelerId)).map(toPasskey);
    },

    /** The creation options: a discoverable credential, verified user, the traveler's passkeys excluded (no duplicates). */
    async registrationOptions(actor: RegistrationActor): Promise<Ceremony<PasskeyRegistrationOptions>> {
      const existing = await passkeyQueries.list(db, actor.travelerId);
      if (existing.length >= MAX_PASSKEYS)
        throw new AppError(409, { key: 'passkey.tooMany', params: { max: MAX_PASSKEYS } });
      const userHandle = await passkeyQueries.userHandle(db, actor.travelerId, randomBytes(32).toString('base64url'));
      const creation = await generateRegistrationOptions({
        rpName: RP_NAME,
        rpID: rpId,
        userID: Buffer.from(userHandle, 'base64url'),
        userName: actor.email,
        userDisplayName: actor.displayName,
        timeout: CEREMONY_TIMEOUT_MS,
        // No attestation: the portal trusts any authenticator the traveler chooses, and stores no device data.
        attestationType: 'none',
        excludeCredentials: existing.map((passkey) => ({
          id: passkey.credential_id,
          transports: toTransports(passkey.transports),
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      return {
        options: creation,
        challengeId: await remember('REGISTRATION', creation.challenge, actor.sessionTokenHash),
      };
    },

    /**
     * Verifies the authenticator's answer and stores the passkey, under the name trimmed (the request body was checked
     * with the contracts' passkey name rule); a notification and its mail go in the same transaction.
     */
    async register(
      actor: RegistrationActor,
      challengeId: string | undefined,
      name: string,
      credential: RegistrationResponseJSON,
    ): Promise<Passkey> {
      const checked = name.trim();
      const expectedChallenge = await take(challengeId, 'REGISTRATION', actor.sessionTokenHash);
      refuseFramed(400, credential.response.clientDataJSON);
      let verification;
      try {
        verification = await verifyRegistrationResponse({
          response: credential,
          expectedChallenge,
          expectedOrigin: origins,
          expectedRPID: rpId,
          requireUserVerification: true,
        });
      } catch (error) {
        throw refused(400, 'passkey.registrationFailed', error);
      }
      if (!verification.verified) throw refused(400, 'passkey.registrationFailed', 'not verified');
      const info = verification.registrationInfo;
      // The library takes any key and id the authenticator data holds: one that no assertion can pass is refused now.
      const unusable = await unusableCredential(info.credential, credential.id);
      if (unusable) throw refused(400, 'passkey.unusable', unusable);
      const stored = await db.transaction().execute(async (trx) => {
        if ((await passkeyQueries.count(trx, actor.travelerId)) >= MAX_PASSKEYS)
          throw new AppError(409, { key: 'passkey.tooMany', params: { max: MAX_PASSKEYS } });
        const row = await passkeyQueries.insert(trx, {
          travelerId: actor.travelerId,
          credentialId: info.credential.id,
          publicKey: info.credential.publicKey,
          counter: info.credential.counter,
          deviceType: info.credentialDeviceType,
          backedUp: info.credentialBackedUp,
          transports: info.credential.transports ?? credential.response.transports ?? [],
          name: checked,
        });
        if (!row) throw new AppError(409, { key: 'passkey.alreadyRegistered' });
        await notify(trx, { travelerId: actor.travelerId, kind: 'PASSKEY_ADDED', params: { name: checked } });
        return row;
      });
      return toPasskey(stored);
    },

    /**
     * Removes one of the traveler's passkeys (another's answers 404): it stops working at once (nothing caches it), and
     * the sessions it opened end with it (by cascade, migration 0017: a lost phone is signed out).
     */
    async remove(travelerId: number, id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const name = await passkeyQueries.delete(trx, travelerId, id);
        if (name === undefined) throw new AppError(404, { key: 'passkey.notFound' });
        await notify(trx, { travelerId, kind: 'PASSKEY_REMOVED', params: { name } });
      });
      options.sessionsEnded?.(travelerId);
    },

    /** The request options of a sign-in: no credential listed, the browser offers the passkeys it holds for the RP ID. */
    async authenticationOptions(): Promise<Ceremony<PasskeyAuthenticationOptions>> {
      const request = await generateAuthenticationOptions({
        rpID: rpId,
        userVerification: 'required',
        timeout: CEREMONY_TIMEOUT_MS,
      });
      return { options: request, challengeId: await remember('AUTHENTICATION', request.challenge, null) };
    },

    /**
     * Verifies an assertion against the stored passkey: the challenge of this browser, origin, RP ID, user verification,
     * signature, a growing counter and consistent backup flags. Returns the traveler to sign in and the passkey (the
     * session records it); records the use.
     */
    async authenticate(
      challengeId: string | undefined,
      credential: AuthenticationResponseJSON,
    ): Promise<{ travelerId: number; passkeyId: number }> {
      const expectedChallenge = await take(challengeId, 'AUTHENTICATION', null);
      refuseFramed(401, credential.response.clientDataJSON);
      const passkey = await passkeyQueries.findByCredentialId(db, credential.id);
      if (!passkey) throw new AppError(401, { key: 'passkey.unknown' });
      // A discoverable credential names its user: it must be the passkey's owner.
      const userHandle = credential.response.userHandle;
      if (userHandle && (await passkeyQueries.travelerOfUserHandle(db, userHandle)) !== passkey.traveler_id)
        throw refused(401, 'passkey.verificationFailed', 'user handle of another traveler');
      let verification;
      try {
        verification = await verifyAuthenticationResponse({
          response: credential,
          expectedChallenge,
          expectedOrigin: origins,
          expectedRPID: rpId,
          credential: {
            id: passkey.credential_id,
            publicKey: new Uint8Array(passkey.public_key),
            counter: passkey.counter,
            transports: toTransports(passkey.transports),
          },
          requireUserVerification: true,
        });
      } catch (error) {
        throw refused(401, 'passkey.verificationFailed', error);
      }
      if (!verification.verified) throw refused(401, 'passkey.verificationFailed', 'not verified');
      if (!(await passkeyQueries.travelerIsActive(db, passkey.traveler_id)))
        throw new AppError(401, { key: 'passkey.unknown' });
      const { newCounter, credentialBackedUp, credentialDeviceType } = verification.authenticationInfo;
      // Backup eligibility is fixed for the life of a credential (WebAuthn §6.1.3): a change means another authenticator.
      if (credentialDeviceType !== passkey.device_type)
        throw refused(
          401,
          'passkey.verificationFailed',
          `device type ${credentialDeviceType}, registered ${passkey.device_type}`,
        );
      // The library compared the counter with the one read above; a sign-in racing this one may have moved it since.
      const recorded = await passkeyQueries.recordUse(db, passkey.id, {
        counter: newCounter,
        backedUp: credentialBackedUp,
        at: now(),
      });
      if (!recorded)
        throw refused(401, 'passkey.verificationFailed', `counter ${newCounter} already used by another sign-in`);
      return { travelerId: passkey.traveler_id, passkeyId: passkey.id };
    },
  };
}

export type PasskeyService = ReturnType<typeof createPasskeyService>;
