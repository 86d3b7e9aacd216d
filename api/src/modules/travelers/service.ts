import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  accountRuleParams,
  BIRTH_DATE_MIN,
  DOCUMENT_NUMBER_MAX_LENGTH,
  isIsoDay,
  normaliseDocumentNumber,
  passwordIssue,
  readRuleMessage,
  registrationBodyRules,
  romeToday,
  textIssue,
  type AccountRuleIssue,
  type RegistrationPayload,
  type Traveler,
  type ServerLanguage,
} from '@varco/contracts';
import { sql, type Kysely } from 'kysely';
import { AppError, type Message } from '../../app-error';
import type { AccountKeyKind, Database } from '../../db/types';
import { createAuthRepository, toTraveler } from '../auth';
import { hashPassword, randomToken, sha256 } from '../../secrets';
import { enqueueMail, recipientName } from '../mail';
import { countPasskeys } from '../passkeys';
import { accountKeyQueries, findAccountByDocument, findAccountByEmail } from './repository';

/** How long the activation link of a registration works. */
export const ACTIVATION_KEY_TTL_MS = 48 * 60 * 60 * 1000;
/** How long a password-reset link works. */
export const RESET_KEY_TTL_MS = 60 * 60 * 1000;
/** Longer than any key we issue; anything longer is refused before hashing. */
const KEY_MAX_LENGTH = 128;

export type FieldProblems = Record<string, Message>;

/** An issue of the account forms' shared rules as a catalogue message (the text the form shows for it on blur). */
export const accountRuleProblem = (issue: AccountRuleIssue): Message => ({ key: `account.${issue.code}`, params: accountRuleParams(issue) });


/** The new password of a reset or a registration; undefined when it follows the rules. */
export function passwordProblem(password: string): Message | undefined {
  const issue = passwordIssue(password);
  return issue ? accountRuleProblem(issue) : undefined;
}

/** A real calendar day from 1900 on (a birth date given by the identity provider). */
export const isRealIsoDay = (value: string) => isIsoDay(value) && value >= BIRTH_DATE_MIN;

/** A key pair of a link: key1 the id (128 bits), key2 the secret (256 bits). Only their hashes are stored. */
function newKeyPair() {
  const key1 = randomBytes(16).toString('base64url');
  const key2 = randomToken();
  return { key1, key2, key1Hash: sha256(key1), key2Hash: sha256(key2) };
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

const wellFormedKeys = (key1: string, key2: string) => key1 !== '' && key2 !== '' && key1.length <= KEY_MAX_LENGTH && key2.length <= KEY_MAX_LENGTH;

interface UniqueViolation {
  code: string;
  constraint?: string;
}
const isUniqueViolation = (error: unknown): error is UniqueViolation =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** Where a traveler lives and the travel document they shop with: what their tax-free invoices are matched by. */
export interface ResidenceAndDocument {
  paeseResidenzaCodice: string;
  /** A free zone of the residence country, or '' for none. */
  zonaResidenzaCodice: string;
  tipoDocumentoCodice: string;
  paeseDocumentoCodice: string;
  numeroDocumento: string;
}

/** Residence country and zone (docs/domain.md): a member state's resident must live in one of its free zones. */
async function residenceProblems(executor: Kysely<Database>, country: string, zone: string, problems: FieldProblems): Promise<void> {
  if (country.trim() === '') {
    problems.paeseResidenzaCodice = accountRuleProblem({ code: 'empty' });
    return;
  }
  const row = await executor.selectFrom('country').select(['eu_member']).where('code', '=', country).executeTakeFirst();
  if (!row) {
    problems.paeseResidenzaCodice = { key: 'field.unknownCountry' };
    return;
  }
  if (zone !== '') {
    const found = await executor
      .selectFrom('free_zone')
      .select('code')
      .where('code', '=', zone)
      .where('country_code', '=', country)
      .where('residential', '=', true)
      .executeTakeFirst();
    if (!found) problems.zonaResidenzaCodice = { key: 'field.unknownZone' };
  } else if (row.eu_member) {
    problems.paeseResidenzaCodice = { key: 'field.residenceNotTaxFree' };
  }
}

/**
 * The registration's rules for the residence and the travel document, keyed by the payload's field names (docs/calls.md).
 * The digital identity's completion applies them too: its travelers need a document for their invoices to be found.
 */
export async function residenceAndDocumentProblems(executor: Kysely<Database>, values: ResidenceAndDocument, problems: FieldProblems): Promise<void> {
  const number = textIssue(values.numeroDocumento, DOCUMENT_NUMBER_MAX_LENGTH);
  if (number) problems.numeroDocumento = accountRuleProblem(number);
  if (values.tipoDocumentoCodice === '') problems.tipoDocumentoCodice = accountRuleProblem({ code: 'empty' });
  else if (!(await executor.selectFrom('document_type').select('code').where('code', '=', values.tipoDocumentoCodice).executeTakeFirst())) {
    problems.tipoDocumentoCodice = { key: 'field.unknownDocumentType' };
  }
  if (values.paeseDocumentoCodice === '') problems.paeseDocumentoCodice = accountRuleProblem({ code: 'empty' });
  else if (!(await executor.selectFrom('country').select('code').where('code', '=', values.paeseDocumentoCodice).executeTakeFirst())) {
    problems.paeseDocumentoCodice = { key: 'field.unknownCountry' };
  }
  await residenceProblems(executor, values.paeseResidenzaCodice, values.zonaResidenzaCodice, problems);
}

/** The traveler's columns of a valid residence and document, as they are stored (and matched with invoices). */
export function residenceAndDocumentColumns(values: ResidenceAndDocument) {
  return {
    paese_residenza: values.paeseResidenzaCodice,
    zona_residenza: values.zonaResidenzaCodice === '' ? null : values.zonaResidenzaCodice,
    tipo_documento: values.tipoDocumentoCodice,
    paese_documento: values.paeseDocumentoCodice,
    numero_documento: normaliseDocumentNumber(values.numeroDocumento),
  };
}

/** The refusal of a unique index on the traveler's e-mail or document (two registrations racing), as a 409's fields. */
export function duplicateFields(error: unknown): FieldProblems | undefined {
  if (!isUniqueViolation(error)) return undefined;
  const constraint = error.constraint ?? '';
  return constraint.includes('document') ? { numeroDocumento: { key: 'traveler.documentTaken' } } : { email: { key: 'traveler.emailTaken' } };
}

export interface TravelerServiceOptions {
  /** The portal origin, for the links of the mails. */
  publicBaseUrl: string;
  now?: () => Date;
  /**
   * Called once a traveler's sessions are deleted (password change, account deletion), after the commit: this
   * process's session cache forgets them at once (app.auth.sessionsEnded); the other instances hear it from the
   * database.
   */
  sessionsEnded?: (travelerId: number) => void;
}

export function createTravelerService(db: Kysely<Database>, options: TravelerServiceOptions) {
  const now = options.now ?? (() => new Date());
  const link = (path: string, keys: { key1: string; key2: string }) =>
    `${options.publicBaseUrl}/${path}?${new URLSearchParams({ key1: keys.key1, key2: keys.key2 }).toString()}`;

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

  /** Checks a key pair of `kind` inside `trx` and locks it: the key, or the catalogue key of the refusal. */
  async function usableKey(trx: Kysely<Database>, kind: AccountKeyKind, key1: string, key2: string, forUpdate: boolean) {
    if (!wellFormedKeys(key1, key2)) return 'key.invalid' as const;
    const key = await accountKeyQueries.find(trx, sha256(key1), kind, now(), forUpdate);
    if (!key || key.consumed_at || !sameHash(key.key2_hash, sha256(key2))) return 'key.invalid' as const;
    if (key.expired) return 'key.expired' as const;
    return key;
  }

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
        privacy: true,
        language: payload.lan,
      };
      try {
        await db.transaction().execute(async (trx) => {
          const byEmail = await findAccountByEmail(trx, email, true);
          const byDocument = await findAccountByDocument(trx, { type: values.tipo_documento, country: values.paese_documento, number: values.numero_documento });
          const fields: FieldProblems = {};
          if (byEmail && byEmail.status !== 'PENDING') fields.email = { key: 'traveler.emailTaken' };
          if (byDocument && byDocument.id !== byEmail?.id) fields.numeroDocumento = { key: 'traveler.documentTaken' };
          if (Object.keys(fields).length > 0) throw duplicate(fields);

          let travelerId: number;
          if (byEmail) {
            travelerId = byEmail.id;
            await trx.updateTable('traveler').set({ ...values, updated_at: sql<Date>`now()` }).where('id', '=', travelerId).execute();
            await accountKeyQueries.consumeOpen(trx, travelerId, 'ACTIVATION');
          } else {
            const row = await trx.insertInto('traveler').values({ ...values, status: 'PENDING' }).returning('id').executeTakeFirstOrThrow();
            travelerId = row.id;
          }
          const keys = newKeyPair();
          await accountKeyQueries.insert(trx, {
            travelerId,
            kind: 'ACTIVATION',
            key1Hash: keys.key1Hash,
            key2Hash: keys.key2Hash,
            expiresAt: new Date(now().getTime() + ACTIVATION_KEY_TTL_MS),
          });
          await enqueueMail(trx, { to: email, name: recipientName(values.nome, values.cognome), language: payload.lan, template: 'activation', params: { link: link('sign-up', keys) } });
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
        const key = await usableKey(trx, 'ACTIVATION', key1, key2, true);
        if (typeof key === 'string') return key;
        await accountKeyQueries.consumeOpen(trx, key.traveler_id, 'ACTIVATION');
        await trx
          .updateTable('traveler')
          .set({ status: 'ACTIVE', activated_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
          .where('id', '=', key.traveler_id)
          .execute();
        return undefined;
      });
      if (outcome) throw new AppError(400, { key: outcome });
    },

    /**
     * Password recovery: for an ACTIVE traveler, a reset key pair (1 hour) and its mail in one transaction; older reset
     * links die. Anything else does nothing: the caller answers the same either way.
     */
    async sendPasswordReset(email: string, language: ServerLanguage | undefined): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const traveler = await findAccountByEmail(trx, email, true);
        if (!traveler || traveler.status !== 'ACTIVE') return;
        await accountKeyQueries.consumeOpen(trx, traveler.id, 'PASSWORD_RESET');
        const keys = newKeyPair();
        await accountKeyQueries.insert(trx, {
          travelerId: traveler.id,
          kind: 'PASSWORD_RESET',
          key1Hash: keys.key1Hash,
          key2Hash: keys.key2Hash,
          expiresAt: new Date(now().getTime() + RESET_KEY_TTL_MS),
        });
        await enqueueMail(trx, {
          to: traveler.email,
          name: recipientName(traveler.nome, traveler.cognome),
          language: language ?? traveler.language,
          template: 'password-reset',
          // A reset does not remove the passkeys: the mail tells how many there are, should one not be the traveler's.
          params: { link: link('change-password', keys), passkeys: await countPasskeys(trx, traveler.id) },
        });
      });
    },

    /** Whether a reset key pair can still be used; it is not consumed. */
    async resetKeyIsValid(key1: string, key2: string): Promise<boolean> {
      const key = await usableKey(db, 'PASSWORD_RESET', key1, key2, false);
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
      if (!wellFormedKeys(key1, key2)) throw new AppError(400, { key: 'key.invalid' });
      const passwordHash = await hashPassword(newPassword);
      const outcome = await db.transaction().execute(async (trx) => {
        const key = await usableKey(trx, 'PASSWORD_RESET', key1, key2, true);
        if (typeof key === 'string') return key;
        await accountKeyQueries.consumeOpen(trx, key.traveler_id, 'PASSWORD_RESET');
        const { email } = await trx
          .updateTable('traveler')
          .set({ password_hash: passwordHash, updated_at: sql<Date>`now()` })
          .where('id', '=', key.traveler_id)
          .returning('email')
          .executeTakeFirstOrThrow();
        await trx.deleteFrom('session').where('traveler_id', '=', key.traveler_id).execute();
        return { travelerId: key.traveler_id, email };
      });
      if (typeof outcome === 'string') throw new AppError(400, { key: outcome });
      options.sessionsEnded?.(outcome.travelerId);
      return outcome.email;
    },

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
        if (normalise(String(body[field])) !== normalise(String(stored[field]))) problems[field] = { key: 'field.readOnly' };
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
      if (body.paeseResidenzaCodice !== stored.paeseResidenzaCodice || body.zonaResidenzaCodice !== stored.zonaResidenzaCodice) {
        await db
          .updateTable('traveler')
          .set({ paese_residenza: body.paeseResidenzaCodice, zona_residenza: body.zonaResidenzaCodice === '' ? null : body.zonaResidenzaCodice, updated_at: sql<Date>`now()` })
          .where('id', '=', travelerId)
          .execute();
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
        const traveler = await trx.selectFrom('traveler').select('email').where('id', '=', travelerId).forUpdate().executeTakeFirst();
        if (!traveler) return;
        await trx.deleteFrom('mail_outbox').where(sql<string>`lower(recipient)`, '=', traveler.email.toLowerCase()).execute();
        await trx.deleteFrom('traveler').where('id', '=', travelerId).execute();
      });
      options.sessionsEnded?.(travelerId);
    },
  };
}

export type TravelerService = ReturnType<typeof createTravelerService>;
