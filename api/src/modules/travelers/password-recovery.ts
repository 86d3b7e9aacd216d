import { wellFormedLinkKeys, type ServerLanguage } from '@varco/contracts';
import type { Kysely } from 'kysely';
import { AppError } from '../../app-error';
import type { Database } from '../../db/types';
import { hashPassword } from '../../secrets';
import { enqueueMail, recipientName } from '../mail';
import { countPasskeys } from '../passkeys';
import { issueKey, keyLink, usableKey } from './account-keys';
import { passwordProblem } from './field-problems';
import type { TravelerServiceOptions } from './options';
import { accountKeyQueries, findAccountByEmail, travelerQueries } from './repository';

/** Password recovery (docs/calls.md): the reset mail, the check of its link, and the new password. */
export function createPasswordRecoveryService(db: Kysely<Database>, options: TravelerServiceOptions) {
  const now = options.now ?? (() => new Date());

  return {
    /**
     * Password recovery: for an ACTIVE traveler, a reset key pair (1 hour) and its mail in one transaction; older reset
     * links die. Anything else does nothing: the caller answers the same either way.
     */
    async sendPasswordReset(email: string, language: ServerLanguage | undefined): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const traveler = await findAccountByEmail(trx, email, true);
        if (!traveler || traveler.status !== 'ACTIVE') return;
        await accountKeyQueries.consumeOpen(trx, traveler.id, 'PASSWORD_RESET');
        const keys = await issueKey(trx, traveler.id, 'PASSWORD_RESET', now());
        await enqueueMail(trx, {
          to: traveler.email,
          name: recipientName(traveler.nome, traveler.cognome),
          language: language ?? traveler.language,
          template: 'password-reset',
          // A reset does not remove the passkeys: the mail tells how many there are, should one not be the traveler's.
          params: {
            link: keyLink(options.publicBaseUrl, 'change-password', keys),
            passkeys: await countPasskeys(trx, traveler.id),
          },
        });
      });
    },

    /** Whether a reset key pair can still be used; it is not consumed. */
    async resetKeyIsValid(key1: string, key2: string): Promise<boolean> {
      const key = await usableKey(db, 'PASSWORD_RESET', key1, key2, now(), false);
      return typeof key !== 'string';
    },

    /**
     * Uses a reset key: the new password (under the registration's rule) is stored hashed and every session of the
     * traveler ends. Returns the traveler's e-mail.
     */
    async changePassword(key1: string, key2: string, newPassword: string): Promise<string> {
      // The same rule as at registration: a reset must not be the way around it.
      const weak = passwordProblem(newPassword);
      if (weak) throw new AppError(400, { key: 'validationFailed' }, { newPwd: weak });
      if (!wellFormedLinkKeys(key1, key2)) throw new AppError(400, { key: 'key.invalid' });
      const passwordHash = await hashPassword(newPassword);
      const outcome = await db.transaction().execute(async (trx) => {
        const key = await usableKey(trx, 'PASSWORD_RESET', key1, key2, now(), true);
        if (typeof key === 'string') return key;
        await accountKeyQueries.consumeOpen(trx, key.traveler_id, 'PASSWORD_RESET');
        const email = await travelerQueries.setPasswordHash(trx, key.traveler_id, passwordHash);
        await travelerQueries.deleteSessions(trx, key.traveler_id);
        return { travelerId: key.traveler_id, email };
      });
      if (typeof outcome === 'string') throw new AppError(400, { key: outcome });
      options.sessionsEnded?.(outcome.travelerId);
      return outcome.email;
    },
  };
}
