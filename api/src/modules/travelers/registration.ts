import {
  readRuleMessage,
  registrationBodyRules,
  romeToday,
  type AccountRuleIssue,
  type RegistrationPayload,
} from '@varco/contracts';
import type { Kysely } from 'kysely';
import { AppError } from '../../app-error';
import type { Database } from '../../db/types';
import { hashPassword } from '../../secrets';
import { enqueueMail, recipientName } from '../mail';
import { issueKey, keyLink, usableKey } from './account-keys';
import {
  accountRuleProblem,
  duplicateFields,
  residenceAndDocumentColumns,
  residenceAndDocumentProblems,
  type FieldProblems,
} from './field-problems';
import type { TravelerServiceOptions } from './options';
import { accountKeyQueries, findAccountByDocument, findAccountByEmail, travelerQueries } from './repository';

/** The registration and its activation link (docs/domain.md, docs/calls.md). */
export function createRegistrationService(
  db: Kysely<Database>,
  options: Pick<TravelerServiceOptions, 'publicBaseUrl' | 'now'>,
) {
  const now = options.now ?? (() => new Date());

  /**
   * The registration rules, the same the form applies on blur (`@varco/contracts`), plus what only the server knows
   * (the lists of countries and document types); the messages are keyed by the payload's field names.
   */
  const bodyRules = registrationBodyRules(() => romeToday(now()));
  async function registrationProblems(payload: RegistrationPayload): Promise<FieldProblems> {
    const problems: FieldProblems = {};
    for (const { path, message } of bodyRules.safeParse(payload).error?.issues ?? []) {
      const issue = readRuleMessage(message);
      if (issue) problems[String(path[0])] = accountRuleProblem(issue as AccountRuleIssue);
    }

    await residenceAndDocumentProblems(db, payload, problems);
    return problems;
  }

  const duplicate = (fields: FieldProblems) => new AppError(409, { key: 'traveler.duplicate' }, fields);

  return {
    /**
     * docs/domain.md, docs/calls.md: validates, then creates the traveler PENDING (argon2id hash) with an activation key pair, and
     * enqueues the activation mail in the same transaction. A PENDING account with the same e-mail (the traveler sent
     * the form again, "send the mail again") is replaced by the new data and gets a new link; the older links die.
     */
    async register(payload: RegistrationPayload): Promise<void> {
      const problems = await registrationProblems(payload);
      if (Object.keys(problems).length > 0) throw new AppError(400, { key: 'validationFailed' }, problems);
      const passwordHash = await hashPassword(payload.secret);
      const email = payload.email.trim();
      const values = {
        email,
        password_hash: passwordHash,
        nome: payload.nome.trim(),
        cognome: payload.cognome.trim(),
        data_nascita: payload.dataNascita,
        ...residenceAndDocumentColumns(payload),
        privacy: true as const,
        language: payload.lan,
      };
      try {
        await db.transaction().execute(async (trx) => {
          const byEmail = await findAccountByEmail(trx, email, true);
          const byDocument = await findAccountByDocument(trx, {
            type: values.tipo_documento,
            country: values.paese_documento,
            number: values.numero_documento,
          });
          const fields: FieldProblems = {};
          if (byEmail && byEmail.status !== 'PENDING') fields.email = { key: 'traveler.emailTaken' };
          if (byDocument && byDocument.id !== byEmail?.id) fields.numeroDocumento = { key: 'traveler.documentTaken' };
          if (Object.keys(fields).length > 0) throw duplicate(fields);

          let travelerId: number;
          if (byEmail) {
            travelerId = byEmail.id;
            await travelerQueries.replaceRegistration(trx, travelerId, values);
            await accountKeyQueries.consumeOpen(trx, travelerId, 'ACTIVATION');
          } else {
            travelerId = await travelerQueries.insertPending(trx, values);
          }
          const keys = await issueKey(trx, travelerId, 'ACTIVATION', now());
          await enqueueMail(trx, {
            to: email,
            name: recipientName(values.nome, values.cognome),
            language: payload.lan,
            template: 'activation',
            params: { link: keyLink(options.publicBaseUrl, 'sign-up', keys) },
          });
        });
      } catch (error) {
        // Two registrations racing for the same e-mail or document: the unique indexes decide.
        const fields = duplicateFields(error);
        if (fields) throw duplicate(fields);
        throw error;
      }
    },

    /** The activation link (docs/domain.md): the traveler becomes ACTIVE and every activation key of theirs is used up. */
    async activate(key1: string, key2: string): Promise<void> {
      const outcome = await db.transaction().execute(async (trx) => {
        const key = await usableKey(trx, 'ACTIVATION', key1, key2, now(), true);
        if (typeof key === 'string') return key;
        await accountKeyQueries.consumeOpen(trx, key.traveler_id, 'ACTIVATION');
        await travelerQueries.activate(trx, key.traveler_id);
        return undefined;
      });
      if (outcome) throw new AppError(400, { key: outcome });
    },
  };
}
