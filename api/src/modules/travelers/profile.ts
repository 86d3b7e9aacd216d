import type { Traveler } from '@varco/contracts';
import type { Kysely } from 'kysely';
import { AppError } from '../../app-error';
import type { Database } from '../../db/types';
import { createAuthRepository, toTraveler } from '../auth';
import { deleteMailsAddressedTo } from '../mail';
import { residenceProblems, type FieldProblems } from './field-problems';
import type { TravelerServiceOptions } from './options';
import { travelerQueries } from './repository';

/** The signed-in traveler's account (docs/calls.md): the profile, and its deletion. */
export function createProfileService(db: Kysely<Database>, options: Pick<TravelerServiceOptions, 'sessionsEnded'>) {
  return {
    /**
     * The profile (PUT /private/traveler). docs/domain.md: the profile is read-only in the form; the identity (names,
     * birthday, document) and the e-mail (the sign-in name, verified at activation) cannot change here. The residence
     * (country and zone) may change, under the registration's rules; privacy must stay accepted. A read-only field sent
     * with another value is refused with a per-field message. Answers the stored profile.
     */
    async updateProfile(travelerId: number, body: Traveler): Promise<Traveler> {
      const repository = createAuthRepository(db);
      const current = await repository.findTravelerById(travelerId);
      if (!current) throw new AppError(401, { key: 'unauthorized' });
      const stored = toTraveler(current);
      const problems: FieldProblems = {};
      const same = (field: keyof Traveler, normalise: (value: string) => string = (value) => value.trim()) => {
        if (normalise(String(body[field])) !== normalise(String(stored[field])))
          problems[field] = { key: 'field.readOnly' };
      };
      same('nome');
      same('cognome');
      same('dataNascita');
      same('email', (value) => value.trim().toLowerCase());
      same('tipoDocumentoCodice');
      same('paeseDocumentoCodice');
      same('numeroDocumento', (value) => value.trim().toUpperCase());
      if (body.privacy !== true) problems.privacy = { key: 'field.mustAccept' };
      await residenceProblems(db, body.paeseResidenzaCodice, body.zonaResidenzaCodice, problems);
      if (Object.keys(problems).length > 0) throw new AppError(400, { key: 'validationFailed' }, problems);
      if (
        body.paeseResidenzaCodice !== stored.paeseResidenzaCodice ||
        body.zonaResidenzaCodice !== stored.zonaResidenzaCodice
      ) {
        await travelerQueries.setResidence(
          db,
          travelerId,
          body.paeseResidenzaCodice,
          body.zonaResidenzaCodice === '' ? null : body.zonaResidenzaCodice,
        );
      }
      const updated = await repository.findTravelerById(travelerId);
      if (!updated) throw new AppError(401, { key: 'unauthorized' });
      return toTraveler(updated);
    },

    /**
     * Deletes the traveler's personal data: the row, and with it (cascades) sessions, their OTPs and account keys; the
     * mails addressed to them in the outbox, sent or not.
     */
    async deleteTraveler(travelerId: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const email = await travelerQueries.lockEmail(trx, travelerId);
        if (email === undefined) return;
        await deleteMailsAddressedTo(trx, email);
        await travelerQueries.delete(trx, travelerId);
      });
      options.sessionsEnded?.(travelerId);
    },
  };
}
