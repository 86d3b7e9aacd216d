import { randomInt } from 'node:crypto';
import { firstIssueDayWithinDeadline, InvoiceState, TrafficLight, VisaState, romeToday } from '@varco/contracts';
import type { Kysely, Transaction } from 'kysely';
import { AppError, notFound } from '../../app-error';
import type { Database, RiskOrigin, RiskReason } from '../../db/types';
import { mailsEnqueued } from '../mail';
import {
  notifyVisaRequest,
  visaNotificationRows,
  type NotificationRecipient,
  type VisaNotificationKind,
} from '../notifications';
import { riskInput, riskInputOf, scoreRisk, type RiskFacts } from '../risk';
import {
  expireRequests,
  liveInvoiceIds,
  lockDueForExpiry,
  lockRequest,
  lockUnderCheck,
  setRequest,
  updateInvoices,
  writeGuardedExitScan,
  type InvoiceChange,
  type RequestChange,
} from './repository';

/**
 * The state machine of a visa request (docs/domain.md). Each transition is one transaction that first
 * locks the request row (FOR UPDATE), so the traveler, a kiosk and an officer acting at once are serialised and each
 * sees the state the previous one left. The exit point's scan is the one exception, for its speed: it writes its
 * transition in one statement that applies only to the request row as it was read (writeExitScan), and reads again
 * when another transaction changed it meanwhile; that serialises it with the others just the same.
 */

export interface ExitActor {
  kind: 'KIOSK' | 'OFFICER';
  clientId: number;
  customsOffice: string;
}

export type TransitionOutcome = { stateCode: number; light: 1 | 5 | 10 | null };

type Light = 1 | 5 | 10;

/** Tests (and tools) may force the outcome of the scoring; by default it is `scoreRisk` with its own randomness. */
export interface AnalyseRiskOptions {
  /** Used instead of scoreRisk's result. */
  score?: { light: Light; score?: number; reasons?: RiskReason[] };
  /** The random source handed to scoreRisk (its sampling). */
  random?: () => number;
  /** The share of the random sample (the configuration's RISK_SAMPLE_RATE); scoreRisk's default otherwise. */
  sampleRate?: number;
  now?: Date;
}

/** What a transition changes, decided before anything is written: the request, its live invoices, the notification. */
export interface Transition {
  outcome: TransitionOutcome;
  /** The reasons of the light, when the transition is a risk analysis. */
  reasons?: RiskReason[];
  request: RequestChange;
  invoices: InvoiceChange;
  notification: VisaNotificationKind;
}

/** A pending request's travel date plus this grace passes without a scan: the request expires. */
const EXPIRY_GRACE_MS = 12 * 60 * 60 * 1000;

/**
 * The release code of a granted invoice: `<yy>IT<digits of the customs office><6 random digits>`, e.g.
 * 26IT277100048213 for Milano Malpensa (IT277100) in 2026. Unique enough per office and year for the merchant's
 * refund; the invoice id stays the key.
 */
export function newReleaseCode(customsOffice: string, now: Date): string {
  const year = romeToday(now).slice(2, 4);
  const office = customsOffice.replace(/\D/g, '');
  return `${year}IT${office}${String(randomInt(1_000_000)).padStart(6, '0')}`;
}

/** Invoices granted (visa 100, release data of the actor's office, no longer 'in completion'). */
function granted(ids: readonly number[], actor: ExitActor, now: Date): InvoiceChange {
  // One release code per invoice: the merchant refunds each invoice on its own code.
  const releaseCodes = Object.fromEntries(ids.map((id) => [id, newReleaseCode(actor.customsOffice, now)]));
  return {
    ids,
    values: {
      state_code: InvoiceState.GRANTED,
      in_completion: false,
      customs_office: actor.customsOffice,
      release_date: now,
      updated_at: now,
    },
    releaseCodes,
  };
}

const scanned = (actor: ExitActor | undefined, now: Date) =>
  actor ? { scanned_at: now, scanned_by: actor.clientId, customs_office: actor.customsOffice } : {};

/**
 * The outcome of a risk analysis started by the traveler (origin TRAVELER) or by the exit point scanning the request
 * (KIOSK/OFFICER with the actor). Green: started by the traveler → 50 in completion (invoices 100 'in completion': go
 * airside); at the exit point → 100 completed at once (invoices granted). Yellow or red → 20 customs check (invoices 40).
 */
function analysed(
  result: { light: Light; reasons?: RiskReason[] },
  origin: RiskOrigin,
  actor: ExitActor | undefined,
  invoiceIds: readonly number[],
  now: Date,
): Transition {
  const { light } = result;
  const reasons = result.reasons ?? [];
  const analysis = {
    risk_result: light,
    risk_reasons: JSON.stringify(reasons),
    risk_origin: origin,
    risk_analysed_at: now,
    ...scanned(actor, now),
    updated_at: now,
  };
  if (light === TrafficLight.GREEN && origin === 'TRAVELER') {
    return {
      outcome: { stateCode: VisaState.IN_COMPLETION, light },
      reasons,
      request: { ...analysis, state_code: VisaState.IN_COMPLETION },
      invoices: {
        ids: invoiceIds,
        values: { state_code: InvoiceState.GRANTED, in_completion: true, updated_at: now },
      },
      notification: 'RISK_GREEN',
    };
  }
  if (light === TrafficLight.GREEN) {
    return {
      outcome: { stateCode: VisaState.COMPLETED, light },
      reasons,
      request: { ...analysis, state_code: VisaState.COMPLETED, completed_at: now },
      invoices: granted(invoiceIds, actor!, now),
      notification: 'VISA_GRANTED',
    };
  }
  return {
    outcome: { stateCode: VisaState.CUSTOMS_CHECK, light },
    reasons,
    request: { ...analysis, state_code: VisaState.CUSTOMS_CHECK },
    invoices: {
      ids: invoiceIds,
      values: { state_code: InvoiceState.CUSTOMS_CHECK, in_completion: false, updated_at: now },
    },
    notification: 'CUSTOMS_CHECK',
  };
}

/** The exit scan of a request in completion: 100 completed, its invoices granted with the actor's release data. */
function grantedAtExit(light: Light | null, actor: ExitActor, invoiceIds: readonly number[], now: Date): Transition {
  return {
    outcome: { stateCode: VisaState.COMPLETED, light },
    request: { state_code: VisaState.COMPLETED, ...scanned(actor, now), completed_at: now, updated_at: now },
    invoices: granted(invoiceIds, actor, now),
    notification: 'VISA_GRANTED',
  };
}

/** Writes a transition in the caller's transaction, which holds the request's row lock. */
async function write(trx: Transaction<Database>, requestId: number, transition: Transition) {
  await updateInvoices(trx, transition.invoices);
  await setRequest(trx, requestId, transition.request);
  await notifyVisaRequest(trx, requestId, transition.notification);
  return transition.outcome;
}

async function lockedOrThrow(trx: Transaction<Database>, requestId: number) {
  const request = await lockRequest(trx, requestId);
  if (!request) throw notFound({ key: 'visa.notFound' });
  return request;
}

/**
 * The risk analysis of a pending request (else 409 'visa.notPending'), started by the traveler (origin TRAVELER) or
 * by the exit point scanning it (KIOSK/OFFICER with the actor); see `analysed` for what each light leads to.
 */
export async function analyseRisk(
  db: Kysely<Database>,
  requestId: number,
  origin: RiskOrigin,
  actor?: ExitActor,
  options: AnalyseRiskOptions = {},
): Promise<TransitionOutcome> {
  if (origin !== 'TRAVELER' && !actor) throw new Error(`analyseRisk: origin ${origin} needs the exit point actor`);
  const now = options.now ?? new Date();
  return db.transaction().execute(async (trx) => {
    const request = await lockedOrThrow(trx, requestId);
    if (request.state_code !== VisaState.PENDING) throw new AppError(409, { key: 'visa.notPending' });
    const result =
      options.score ?? scoreRisk(await riskInputOf(trx, requestId, now), options.random, options.sampleRate);
    return write(trx, requestId, analysed(result, origin, actor, await liveInvoiceIds(trx, requestId), now));
  });
}

/** The exit scan of a request 'in completion' (50, else 409 'visa.notInCompletion'): it becomes 100, invoices granted. */
export async function grantAtExit(
  db: Kysely<Database>,
  requestId: number,
  actor: ExitActor,
  now: Date = new Date(),
): Promise<TransitionOutcome> {
  return db.transaction().execute(async (trx) => {
    const request = await lockedOrThrow(trx, requestId);
    if (request.state_code !== VisaState.IN_COMPLETION) throw new AppError(409, { key: 'visa.notInCompletion' });
    const light = request.risk_result as Light | null;
    return write(trx, requestId, grantedAtExit(light, actor, await liveInvoiceIds(trx, requestId), now));
  });
}

/** A request as the exit point read it, in its one query: what a scan's transition needs, and the row's version. */
export interface ExitScanRequest {
  id: number;
  /** The request row's `xmin` when it was read (see writeExitScan). */
  version: string;
  requestCode: string;
  travelerId: number;
  stateCode: number;
  riskResult: number | null;
  /** The live invoices' ids. */
  invoiceIds: readonly number[];
  /** What the risk rules need; its history counts are read for a pending request only. */
  risk: RiskFacts;
  recipient: NotificationRecipient;
}

/**
 * What a scan at the exit point changes: a pending request is analysed there (see `analysed`: green → 100 at once,
 * yellow or red → 20), a request in completion is granted (100). Undefined for any other state: a request under
 * customs check is sent to the office again, unchanged (the exit point refuses the others before).
 */
export function exitScanTransition(
  request: ExitScanRequest,
  actor: ExitActor,
  options: AnalyseRiskOptions & { now: Date },
): Transition | undefined {
  const { now } = options;
  if (request.stateCode === VisaState.PENDING) {
    const result = options.score ?? scoreRisk(riskInput(request.risk, now), options.random, options.sampleRate);
    return analysed(result, actor.kind, actor, request.invoiceIds, now);
  }
  if (request.stateCode === VisaState.IN_COMPLETION)
    return grantedAtExit(request.riskResult as Light | null, actor, request.invoiceIds, now);
  return undefined;
}

/**
 * Writes the transition of an exit scan and the exit point's audit rows in one statement (writeGuardedExitScan), if
 * the request is still the version that was read. Answers false when another transaction changed it meanwhile (a
 * second kiosk scanning the same code, the traveler's own analysis): the caller reads the request again and scans
 * what it has become.
 */
export async function writeExitScan(
  db: Kysely<Database>,
  request: ExitScanRequest,
  transition: Transition,
  audit: { clientId: number; events: ReadonlyArray<{ kind: string; detail: Record<string, unknown> }> },
): Promise<boolean> {
  const notification = visaNotificationRows(
    { id: request.id, requestCode: request.requestCode, travelerId: request.travelerId },
    request.recipient,
    transition.notification,
  );
  const written = await writeGuardedExitScan(db, {
    requestId: request.id,
    version: request.version,
    request: transition.request,
    invoices: transition.invoices,
    notification,
    audit,
  });
  if (written) mailsEnqueued();
  return written;
}

/**
 * An officer's decisions on the invoices of a request under customs check (20, else 409 'visa.notInCustomsCheck'):
 * each named invoice must be one of the request's still at 40 (else 400 'visa.invoiceNotUnderCheck') and becomes 100
 * granted (with release data), 10 denied or 50 not selected. When none is left at 40 the request becomes 100.
 */
export async function decideInvoices(
  db: Kysely<Database>,
  requestId: number,
  decisions: Array<{ refundId: number; outcome: 100 | 10 | 50 }>,
  actor: ExitActor,
  now: Date = new Date(),
): Promise<TransitionOutcome> {
  return db.transaction().execute(async (trx) => {
    const request = await lockedOrThrow(trx, requestId);
    if (request.state_code !== VisaState.CUSTOMS_CHECK) throw new AppError(409, { key: 'visa.notInCustomsCheck' });
    const live = await liveInvoiceIds(trx, requestId);
    const underCheck = new Set(await lockUnderCheck(trx, live));
    const seen = new Set<number>();
    for (const { refundId } of decisions) {
      if (!underCheck.has(refundId) || seen.has(refundId))
        throw new AppError(400, { key: 'visa.invoiceNotUnderCheck', params: { id: refundId } });
      seen.add(refundId);
    }
    for (const outcome of [InvoiceState.GRANTED, InvoiceState.DENIED, InvoiceState.NOT_SELECTED] as const) {
      const ids = decisions.filter((decision) => decision.outcome === outcome).map((decision) => decision.refundId);
      await updateInvoices(
        trx,
        outcome === InvoiceState.GRANTED
          ? granted(ids, actor, now)
          : {
              ids,
              values: {
                state_code: outcome,
                in_completion: false,
                customs_office: actor.customsOffice,
                updated_at: now,
              },
            },
      );
    }
    const done = seen.size === underCheck.size;
    await setRequest(trx, requestId, {
      customs_office: actor.customsOffice,
      scanned_by: actor.clientId,
      ...(done ? { state_code: VisaState.COMPLETED, completed_at: now } : {}),
      updated_at: now,
    });
    if (done) await notifyVisaRequest(trx, requestId, 'VISA_DECIDED');
    return {
      stateCode: done ? VisaState.COMPLETED : VisaState.CUSTOMS_CHECK,
      light: request.risk_result as Light | null,
    };
  });
}

/** Requests expired per pass of expireDue's loop. */
const EXPIRY_BATCH = 100;

/**
 * Expires the pending requests whose travel date is more than 12 hours past (10 expired, `expired_at`). Their invoices
 * are released (`released_at`) and go back to available (30) while their exit deadline (Europe/Rome) is today or
 * later, else to 20 (denied: the goods can no longer leave with a visa). Rows locked by another transaction (another
 * instance's job, a traveler editing, a kiosk scanning) are skipped and left for the next run. Returns how many
 * requests expired.
 */
export async function expireDue(db: Kysely<Database>, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - EXPIRY_GRACE_MS);
  const firstIssueDay = firstIssueDayWithinDeadline(romeToday(now));
  let total = 0;
  for (;;) {
    const expired = await db.transaction().execute(async (trx) => {
      const ids = await lockDueForExpiry(trx, cutoff, EXPIRY_BATCH);
      if (ids.length === 0) return 0;
      await expireRequests(trx, ids, now, firstIssueDay);
      for (const id of ids) await notifyVisaRequest(trx, id, 'VISA_EXPIRED');
      return ids.length;
    });
    total += expired;
    if (expired < EXPIRY_BATCH) return total;
  }
}
