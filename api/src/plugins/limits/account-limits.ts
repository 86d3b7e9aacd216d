import { RetryLaterError } from '../../app-error';
import { sha256 } from '../../secrets';
import { hit, type LimitStore } from './store';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/** Wrong passwords of an account are counted over this window (from the first one; a right password clears them). */
export const SIGN_IN_FAILURE_WINDOW_MS = 24 * HOUR_MS;
/** The first lock of an account, doubled at each further wrong password... */
export const SIGN_IN_LOCK_MS = MINUTE_MS;
/** ...up to this. */
export const SIGN_IN_LOCK_MAX_MS = HOUR_MS;
/** Mails of one kind per account are counted per hour. */
export const ACCOUNT_MAIL_WINDOW_MS = HOUR_MS;
/** A traveler's claims to merchants are counted per day (from the first one). */
export const CLAIM_WINDOW_MS = 24 * HOUR_MS;

export interface AccountLimitSettings {
  /** Wrong passwords of one account, from any address, before each further one locks it (ACCOUNT_SIGNIN_FAILURES). */
  signInFailures: number;
  /** Password-reset mails, and activation mails, per account and hour (ACCOUNT_MAILS_PER_HOUR). */
  mailsPerHour: number;
  /** Sign-in code mails per account and hour (ACCOUNT_OTP_MAILS_PER_HOUR). */
  otpMailsPerHour: number;
  /** Claims to merchants per traveler and day (ACCOUNT_CLAIMS_PER_DAY). */
  claimsPerDay: number;
}

export type AccountMail = 'password-reset' | 'activation' | 'otp';

/**
 * An account as the limits name it: its sign-in name (the e-mail) as the database matches it (trimmed, any case),
 * hashed — no address is kept in clear, and an unknown address is counted exactly like a real account, so a limit
 * never tells whether an account exists.
 */
export const accountKey = (username: string) => sha256(username.trim().toLowerCase());

const minutes = (ms: number) => Math.max(1, Math.ceil(ms / MINUTE_MS));
const hours = (ms: number) => Math.max(1, Math.ceil(ms / HOUR_MS));
const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * The limits per account, next to the per-address ones (which stay generous: an airport shares one address). They
 * count in the shared store, so every instance sees the same counts; a store that cannot be reached makes these calls
 * throw, and the sign-in or the mail is refused (503), never let through uncounted.
 */
export function createAccountLimits(store: LimitStore, settings: AccountLimitSettings) {
  const failures = (account: string) => `signin-fail:${account}`;
  const lock = (account: string) => `signin-lock:${account}`;

  return {
    settings,

    /** Refuses (429 with Retry-After) a sign-in while the account is locked, the right password included. */
    async checkSignIn(username: string): Promise<void> {
      const locked = await store.peek(lock(accountKey(username)));
      if (locked)
        throw new RetryLaterError(
          { key: 'limits.signInLocked', params: { minutes: minutes(locked.resetInMs) } },
          seconds(locked.resetInMs),
        );
    },

    /**
     * A wrong password. From the `signInFailures`th within the window on, each one locks the account: 1 minute, then
     * 2, 4, 8... up to an hour. Attempts refused during a lock are not counted (they do not lengthen it).
     */
    async signInFailed(username: string): Promise<void> {
      const account = accountKey(username);
      const { count } = await hit(store, failures(account), SIGN_IN_FAILURE_WINDOW_MS);
      const beyond = count - settings.signInFailures;
      if (beyond < 0) return;
      await hit(store, lock(account), Math.min(SIGN_IN_LOCK_MS * 2 ** Math.min(beyond, 16), SIGN_IN_LOCK_MAX_MS));
    },

    /** The right password: its account's wrong ones are forgotten. */
    async signInSucceeded(username: string): Promise<void> {
      await store.reset([failures(accountKey(username))]);
    },

    /** A new password set through a reset link (the owner of the mailbox): the account is unlocked. */
    async passwordChanged(email: string): Promise<void> {
      const account = accountKey(email);
      await store.reset([failures(account), lock(account)]);
    },

    /**
     * Counts a mail of `kind` to `account` (`accountKey`, or a traveler id for the sign-in codes of a session); past the
     * hour's allowance refuses it (429 with Retry-After), whether or not the account exists.
     */
    async takeMail(kind: AccountMail, account: string): Promise<void> {
      const max = kind === 'otp' ? settings.otpMailsPerHour : settings.mailsPerHour;
      const { count, resetInMs } = await hit(store, `mail:${kind}:${account}`, ACCOUNT_MAIL_WINDOW_MS);
      if (count > max)
        throw new RetryLaterError(
          { key: 'limits.accountMails', params: { minutes: minutes(resetInMs) } },
          seconds(resetInMs),
        );
    },

    /**
     * Counts a claim of the traveler to a merchant (each mails the merchant); past the day's allowance refuses it (429
     * with Retry-After), so that an account cannot flood the shops.
     */
    async takeClaim(travelerId: number): Promise<void> {
      const { count, resetInMs } = await hit(store, `claim:${travelerId}`, CLAIM_WINDOW_MS);
      if (count > settings.claimsPerDay)
        throw new RetryLaterError(
          { key: 'limits.claimsPerDay', params: { max: settings.claimsPerDay, hours: hours(resetInMs) } },
          seconds(resetInMs),
        );
    },
  };
}

export type AccountLimits = ReturnType<typeof createAccountLimits>;
