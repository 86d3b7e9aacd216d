import { acceptedIssue, emailIssue, type FinalizeBody, type ServerLanguage, type UserInfo } from '@varco/contracts';
import type { Kysely } from 'kysely';
import { AppError } from '../../app-error';
import type { Database } from '../../db/types';
import { createAuthRepository, type SessionRecord, toUserInfo, SESSION_IDLE_MS } from '../auth';
import { randomToken, sha256 } from '../../secrets';
import {
  findAccountByDocument,
  findAccountByEmail,
  accountRuleProblem,
  duplicateFields,
  isRealIsoDay,
  residenceAndDocumentColumns,
  residenceAndDocumentProblems,
  type FieldProblems,
} from '../travelers';
import type { IdentityClaims } from '../oidc';
import {
  activateTraveler,
  deleteTraveler,
  insertIdentityTraveler,
  lockTraveler,
  lockTravelerOfIdentity,
  promoteSession,
  rememberLogin,
  takeLogin,
  updatePrefill,
} from './repository';

/** How long a sign-in at the provider may take. */
export const OIDC_LOGIN_TTL_MS = 10 * 60 * 1000;
/** How long a first-time digital identity has to complete the registration. */
export const ACTIVATION_PENDING_SESSION_MS = 30 * 60 * 1000;

const duplicate = (fields: FieldProblems) => new AppError(409, { key: 'traveler.duplicate' }, fields);

export interface SpidSession {
  token: string;
  level: 'FULL' | 'ACTIVATION_PENDING';
}

export function createSpidService(db: Kysely<Database>, options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());
  const repository = createAuthRepository(db);

  return {
    /** Keeps the PKCE verifier and nonce of a sign-in in flight, by the hash of its state. */
    async rememberLogin(values: { state: string; nonce: string; codeVerifier: string }): Promise<void> {
      const at = now();
      await rememberLogin(db, at, {
        stateHash: sha256(values.state),
        codeVerifier: values.codeVerifier,
        nonce: values.nonce,
        expiresAt: new Date(at.getTime() + OIDC_LOGIN_TTL_MS),
      });
    },

    /** Takes (single use) the sign-in in flight of a state, if it has not expired. */
    async takeLogin(state: string): Promise<{ nonce: string; codeVerifier: string } | undefined> {
      const row = await takeLogin(db, sha256(state), now());
      return row?.live ? { nonce: row.nonce, codeVerifier: row.code_verifier } : undefined;
    },

    /**
     * The identity the provider vouched for: a traveler linked to it and ACTIVE gets a FULL session; a first-time
     * identity (or one that never completed its registration) gets a PENDING_IDENTITY traveler, prefilled from the
     * claims, and an ACTIVATION_PENDING session.
     */
    async signIn(claims: IdentityClaims, language: ServerLanguage): Promise<SpidSession> {
      if (claims.givenName === '' || claims.familyName === '' || !isRealIsoDay(claims.birthdate)) {
        throw new Error('the identity provider did not give name, surname and birth date');
      }
      const at = now();
      const token = randomToken();
      const level = await db.transaction().execute(async (trx) => {
        const linked = await lockTravelerOfIdentity(trx, claims.sub);
        let travelerId: number;
        let level: SpidSession['level'];
        if (linked?.status === 'ACTIVE') {
          travelerId = linked.id;
          level = 'FULL';
        } else {
          const prefill = {
            nome: claims.givenName,
            cognome: claims.familyName,
            data_nascita: claims.birthdate,
            email: claims.email,
            fiscal_number: claims.fiscalNumber ?? null,
          };
          if (linked) {
            travelerId = linked.id;
            await updatePrefill(trx, linked.id, prefill);
          } else {
            // The fiscal number stands for the document: the portal treats a session user with one as signed in.
            travelerId = await insertIdentityTraveler(trx, {
              prefill,
              documentNumber: claims.fiscalNumber ?? claims.sub,
              language,
              subject: claims.sub,
            });
          }
          level = 'ACTIVATION_PENDING';
        }
        const expiresAt = new Date(at.getTime() + (level === 'FULL' ? SESSION_IDLE_MS : ACTIVATION_PENDING_SESSION_MS));
        await createAuthRepository(trx).createSession({ tokenHash: sha256(token), travelerId, level, expiresAt });
        return level;
      });
      return { token, level };
    },

    /**
     * Completes the registration of a digital identity traveler (docs/domain.md): privacy accepted, a valid e-mail not used
     * by another account (an unactivated credentials registration of that e-mail gives way, as a new registration
     * would replace it), and the residence and travel document under the registration's rules: the provider gives
     * neither, and the invoices are matched by the document. The traveler becomes ACTIVE and the session FULL.
     */
    async finalize(session: SessionRecord, body: FinalizeBody): Promise<UserInfo> {
      const email = body.email.trim();
      const residenceAndDocument = { ...body, zonaResidenzaCodice: body.zonaResidenzaCodice ?? '' };
      const problems: FieldProblems = {};
      const emailProblem = emailIssue(email);
      if (emailProblem) problems.email = accountRuleProblem(emailProblem);
      const privacyProblem = acceptedIssue(body.privacy);
      if (privacyProblem) problems.privacy = accountRuleProblem(privacyProblem);
      await residenceAndDocumentProblems(db, residenceAndDocument, problems);
      if (Object.keys(problems).length > 0) throw new AppError(400, { key: 'validationFailed' }, problems);
      const columns = residenceAndDocumentColumns(residenceAndDocument);

      const at = now();
      const outcome = await db
        .transaction()
        .execute(async (trx) => {
          const traveler = await lockTraveler(trx, session.traveler_id);
          if (!traveler) return 'unauthorized' as const;
          if (traveler.status !== 'PENDING_IDENTITY' || session.level !== 'ACTIVATION_PENDING')
            return 'spid.notPending' as const;
          const holder = await findAccountByEmail(trx, email, true);
          if (holder && holder.id !== traveler.id) {
            if (holder.status === 'ACTIVE') throw duplicate({ email: { key: 'traveler.emailTaken' } });
            await deleteTraveler(trx, holder.id);
          }
          // One account per document, as for a registration.
          const documentHolder = await findAccountByDocument(trx, {
            type: columns.tipo_documento,
            country: columns.paese_documento,
            number: columns.numero_documento,
          });
          // Thrown, not returned: the unactivated registration that gave way above stays.
          if (documentHolder && documentHolder.id !== traveler.id)
            throw duplicate({ numeroDocumento: { key: 'traveler.documentTaken' } });
          await activateTraveler(trx, traveler.id, at, {
            email,
            privacy: true,
            ...columns,
            ...(body.lan ? { language: body.lan } : {}),
          });
          await promoteSession(trx, session.token_hash, at, new Date(at.getTime() + SESSION_IDLE_MS));
          return undefined;
        })
        .catch((error: unknown) => {
          // Another account took the e-mail or the document at the same moment: the unique indexes decide.
          const fields = duplicateFields(error);
          throw fields ? duplicate(fields) : error;
        });
      if (outcome === 'unauthorized') throw new AppError(401, { key: 'unauthorized' });
      if (outcome === 'spid.notPending') throw new AppError(409, { key: 'spid.notPending' });
      const traveler = await repository.findTravelerById(session.traveler_id);
      if (!traveler) throw new AppError(401, { key: 'unauthorized' });
      return toUserInfo(traveler);
    },
  };
}

export type SpidService = ReturnType<typeof createSpidService>;
