import { timingSafeEqual } from 'node:crypto';
import type { ServerLanguage } from '@varco/contracts';
import type { Kysely } from 'kysely';
import { AppError } from '../../app-error';
import type { Database } from '../../db/types';
import { enqueueMail, recipientName } from '../mail';
import { createAuthRepository, otpQueries, signInQueries, type SessionRecord, type TravelerRecord } from './repository';
import { randomOtpCode, randomToken, sha256, verifyPassword } from '../../secrets';
import type { AccountLimits } from '../../plugins/limits/account-limits';
import { SessionCache } from './session-cache';

/** How long a credentials session may wait for its OTP. */
export const OTP_PENDING_SESSION_MS = 15 * 60 * 1000;
/** A signed-in session ends after this much inactivity... */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
/** ...and after this long in any case. */
export const SESSION_MAX_MS = 12 * 60 * 60 * 1000;
/** The validity of an OTP. */
export const OTP_VALIDITY_MINUTES = 5;
/** Wrong codes allowed per OTP; the code is dead after them. */
export const OTP_MAX_ATTEMPTS = 5;
/**
 * A signed-in session's `last_seen_at` and expiry are written at most this often: it then ends between 25 and 30
 * minutes after its last call, and costs one write per 5 minutes rather than one per call (an open portal calls twice
 * a minute at least: the keep-alive and the notification count).
 */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

const otpHash = (tokenHash: string, code: string) => sha256(`${tokenHash}:${code}`);

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface AuthServiceOptions {
  now?: () => Date;
  /** The FULL sessions of this process (SessionCache); a new one by default. */
  cache?: SessionCache;
  /** Failures of work done off the request (the touch of a cached session). */
  onBackgroundError?: (error: unknown, what: string) => void;
  /** The per-account limits (plugins/limits): a locked account is refused before its password is even checked. */
  accountLimits?: Pick<AccountLimits, 'checkSignIn' | 'signInFailed' | 'signInSucceeded'>;
}

export function createAuthService(db: Kysely<Database>, options: AuthServiceOptions = {}) {
  const repository = createAuthRepository(db);
  const now = options.now ?? (() => new Date());
  const cache = options.cache ?? new SessionCache({ now: () => now().getTime() });
  const backgroundError = options.onBackgroundError ?? (() => {});

  /**
   * Evicts a traveler's cached sessions here, at once, once their deletion is committed. The other instances hear it
   * from the database (migration 0012), a moment later.
   */
  const sessionsEnded = (travelerId: number): void => cache.evictTraveler(travelerId);

  const fullSessionExpiry = (session: Pick<SessionRecord, 'created_at'>, at: Date) =>
    new Date(Math.min(at.getTime() + SESSION_IDLE_MS, session.created_at.getTime() + SESSION_MAX_MS));

  /** The database reads of sessions under way, by token hash, with the cache generation they started at. */
  const reading = new Map<string, { generation: number; read: Promise<SessionRecord | undefined> }>();

  /** A session from the database, touched if it is signed in and was not for a while, and cached if FULL. */
  const readSession = async (tokenHash: string, at: Date): Promise<SessionRecord | undefined> => {
    const generation = cache.generation;
    let session = await repository.findLiveSession(tokenHash, at);
    if (!session) return undefined;
    if (session.level === 'FULL' && at.getTime() - session.last_seen_at.getTime() >= TOUCH_INTERVAL_MS) {
      const expiresAt = fullSessionExpiry(session, at);
      await repository.touchSession(session.token_hash, at, expiresAt);
      session = { ...session, last_seen_at: at, expires_at: expiresAt };
    }
    if (session.level === 'FULL') cache.set(session, generation);
    return session;
  };

  /**
   * A FULL session from this process's cache while it is live, touched (in the background) when it is due; undefined
   * when it is not cached or has expired. Never a read of the database.
   */
  const cachedSession = (tokenHash: string, at: Date): SessionRecord | undefined => {
    const cached = cache.get(tokenHash);
    if (!cached) return undefined;
    const atMs = at.getTime();
    if (cached.expires_at.getTime() <= atMs) {
      // Past its expiry: read again (it is refused unless the database knows a later one).
      cache.delete(tokenHash);
      return undefined;
    }
    if (atMs - cached.last_seen_at.getTime() < TOUCH_INTERVAL_MS) return cached;
    const touched = { ...cached, last_seen_at: at, expires_at: fullSessionExpiry(cached, at) };
    cache.update(touched);
    repository
      .touchSession(tokenHash, at, touched.expires_at)
      .catch((error: unknown) => backgroundError(error, 'session touch'));
    return touched;
  };

  return {
    repository,
    cache,
    sessionsEnded,

    /**
     * The credentials step: the e-mail and password of an active traveler open an OTP_PENDING session. Unknown users
     * and wrong passwords get the same answer after the same argon2 work; the activation state is told only to whoever
     * knows the password. Returns the session token for the cookie. A wrong password is counted against the account
     * (the name as typed, whether or not it exists); a locked account is refused (429), the right password included.
     */
    async login(username: string, password: string): Promise<{ token: string; expiresAt: Date }> {
      await options.accountLimits?.checkSignIn(username);
      const traveler = await repository.findTravelerByEmail(username);
      const valid = await verifyPassword(traveler?.password_hash, password);
      if (!traveler || !valid) {
        await options.accountLimits?.signInFailed(username);
        throw new AppError(401, { key: 'auth.badCredentials' });
      }
      await options.accountLimits?.signInSucceeded(username);
      if (traveler.status !== 'ACTIVE') throw new AppError(403, { key: 'auth.notActive' });
      const token = randomToken();
      const expiresAt = new Date(now().getTime() + OTP_PENDING_SESSION_MS);
      await repository.createSession({
        tokenHash: sha256(token),
        travelerId: traveler.id,
        level: 'OTP_PENDING',
        expiresAt,
      });
      return { token, expiresAt };
    },

    /**
     * A signed-in (FULL) session for a traveler whose identity another factor has already proved (a passkey): no OTP
     * step. The session records the passkey, and ends when it is removed (migration 0017). Returns the token for the
     * cookie.
     */
    async openFullSession(travelerId: number, passkeyId: number): Promise<{ token: string; expiresAt: Date }> {
      const at = now();
      const token = randomToken();
      const expiresAt = fullSessionExpiry({ created_at: at }, at);
      await repository.createSession({ tokenHash: sha256(token), travelerId, level: 'FULL', expiresAt, passkeyId });
      return { token, expiresAt };
    },

    /**
     * The live session of a cookie token, its expiry slid forward when it is signed in. A FULL session comes from the
     * process's cache while fresh (SESSION_CACHE_TTL_MS), answered at once (not a promise): no query, its expiry still
     * checked, its touch (at most every 5 minutes) written in the background. Any other level is read from the
     * database every time (one read for concurrent calls with the same cookie).
     */
    resolveSession(token: string): SessionRecord | undefined | Promise<SessionRecord | undefined> {
      const at = now();
      const tokenHash = sha256(token);
      const cached = cachedSession(tokenHash, at);
      if (cached) return cached;
      // The calls a page sends at once carry the same cookie: one read of the database serves them all, unless a
      // session ended since it started (it may be this one).
      const underWay = reading.get(tokenHash);
      if (underWay?.generation === cache.generation) return underWay.read;
      const read = readSession(tokenHash, at).finally(() => {
        if (reading.get(tokenHash)?.read === read) reading.delete(tokenHash);
      });
      reading.set(tokenHash, { generation: cache.generation, read });
      return read;
    },

    /**
     * The session of a cookie token when this process holds it (as `resolveSession` answers it at once), else
     * undefined: for the polling calls' warm path, which answers from memory only. It never starts a read: one that
     * nobody awaits rejects unhandled when the database is away, and that ends the process.
     */
    warmSession(token: string): SessionRecord | undefined {
      return cachedSession(sha256(token), now());
    },

    /** A new OTP for the session, mailed in the same transaction; earlier codes stop working. */
    async sendOtp(session: SessionRecord, language: ServerLanguage): Promise<{ expirationDate: Date }> {
      const code = randomOtpCode();
      const expiresAt = new Date(now().getTime() + OTP_VALIDITY_MINUTES * 60 * 1000);
      await db.transaction().execute(async (trx) => {
        const traveler = await signInQueries.recipient(trx, session.traveler_id);
        await otpQueries.consumeOpenCodes(trx, session.token_hash);
        await otpQueries.insert(trx, {
          tokenHash: session.token_hash,
          codeHash: otpHash(session.token_hash, code),
          expiresAt,
        });
        await enqueueMail(trx, {
          to: traveler.email,
          name: recipientName(traveler.nome, traveler.cognome),
          language,
          template: 'otp',
          params: { code, validityMinutes: OTP_VALIDITY_MINUTES },
        });
      });
      return { expirationDate: expiresAt };
    },

    /**
     * Checks the code of an OTP_PENDING session: right, the code is used up and the session becomes FULL; wrong, the
     * attempt is counted (and committed) before the refusal.
     */
    async verifyOtp(session: SessionRecord, code: string): Promise<SessionRecord> {
      const at = now();
      const outcome = await db.transaction().execute(async (trx) => {
        const otp = await otpQueries.latestForUpdate(trx, session.token_hash);
        if (!otp || otp.consumed_at) return 'otp.notSent' as const;
        if (otp.attempts >= OTP_MAX_ATTEMPTS) return 'otp.tooManyAttempts' as const;
        if (otp.expires_at.getTime() <= at.getTime()) return 'otp.expired' as const;
        if (!sameHash(otp.code_hash, otpHash(session.token_hash, code.trim()))) {
          await otpQueries.countAttempt(trx, otp.id, otp.attempts + 1);
          return 'otp.incorrect' as const;
        }
        await otpQueries.consume(trx, otp.id);
        const expiresAt = fullSessionExpiry(session, at);
        await signInQueries.promoteSession(trx, session.token_hash, at, expiresAt);
        return { ...session, level: 'FULL' as const, last_seen_at: at, expires_at: expiresAt };
      });
      if (typeof outcome === 'string') throw new AppError(401, { key: outcome });
      return outcome;
    },

    /** Signs out: the session is deleted, and forgotten by this instance now and by the others on their next message. */
    async logout(session: SessionRecord): Promise<void> {
      await repository.deleteSession(session.token_hash);
      sessionsEnded(session.traveler_id);
    },

    traveler(session: SessionRecord): Promise<TravelerRecord | undefined> {
      return repository.findTravelerById(session.traveler_id);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
