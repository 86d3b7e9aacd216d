import { InvoiceState, VisaState, type ServerLanguage } from '@varco/contracts';
import type { Kysely } from 'kysely';
import { AppError, type Message } from '../../app-error';
import type { Database, ExitPointClientKind } from '../../db/types';
import { translate, type MessageKey } from '../../i18n/messages';
import { invoiceStateOf } from '../invoices';
import { type QrService, type QrVerifyFailure, qrIssuedAtSeconds } from '../qr';
import { describeRiskReasons } from '../risk';
import {
  decideInvoices,
  exitScanTransition,
  visaStateDescription,
  writeExitScan,
  type AnalyseRiskOptions,
  type ExitActor,
  type ExitScanRequest,
  type VisaTransition,
} from '../visas';
import { authenticateApiKey, cachedKeyLookup, hashApiKey, newApiKey } from '../../api-keys';
import {
  createExitPointRepository,
  type ExitPointClient,
  type ExitPointInvoiceRow,
  type ExitPointRequestRow,
} from './repository';
import type { DecisionOutcome, DecisionsBody, ExitPointView, ScanResult } from './schemas';

/** The kinds of exit_point_event rows. */
const EXIT_EVENT = {
  SCAN_REFUSED: 'SCAN_REFUSED',
  RISK_ANALYSED: 'RISK_ANALYSED',
  GRANTED: 'GRANTED',
  CUSTOMS_CHECK: 'CUSTOMS_CHECK',
  DECIDED: 'DECIDED',
  DECISION_REFUSED: 'DECISION_REFUSED',
} as const;

const QR_FAILURE_KEYS: Readonly<Record<QrVerifyFailure, MessageKey>> = {
  malformed: 'exitPoint.qrMalformed',
  signature: 'exitPoint.qrSignature',
  'unknown-key': 'exitPoint.qrUnknownKey',
};

const DECISION_STATES: Readonly<Record<DecisionOutcome, 100 | 10 | 50>> = {
  GRANTED: InvoiceState.GRANTED,
  DENIED: InvoiceState.DENIED,
  NOT_SELECTED: InvoiceState.NOT_SELECTED,
};

const isLight = (value: number | null): value is 1 | 5 | 10 => value === 1 || value === 5 || value === 10;

/**
 * How long an instance answers a kiosk's or officer's API key from memory (cachedKeyLookup): a revoked key keeps
 * working this long at most. Clients are a few per airport; the bound only caps memory.
 */
const CLIENT_CACHE = { ttlMs: 5_000, maxEntries: 1_000 };

/**
 * Reads of a request per scan at most: each read after the first follows a change that another transaction made
 * between the scan's read and its write (a second kiosk, the traveler), and a request changes state twice at most.
 */
const SCAN_ATTEMPTS = 3;

export interface ExitPointServiceDeps {
  qr: Pick<QrService, 'verify'>;
  clock?: () => Date;
  /** Forces the risk analysis of a scanned pending request (tests); the real rules by default. */
  riskOptions?: Omit<AnalyseRiskOptions, 'now'>;
  /** The clock of the API keys' cache in ms (tests); Date.now by default. */
  keyClock?: () => number;
}

/** Why a scan of `row` (undefined: unknown request) is refused, or undefined when it may go on. */
function scanRefusal(
  row: ExitPointRequestRow | undefined,
  issuedAt: Date,
): { reason: string; error: AppError } | undefined {
  if (!row) return { reason: 'not-found', error: new AppError(404, { key: 'exitPoint.requestNotFound' }) };
  if (row.state_code === VisaState.COMPLETED || (row.state_code === VisaState.IN_COMPLETION && row.scanned_at))
    return { reason: 'used', error: new AppError(409, { key: 'exitPoint.alreadyUsed' }) };
  if (row.state_code === VisaState.EXPIRED)
    return { reason: 'expired', error: new AppError(409, { key: 'exitPoint.expired' }) };
  if (qrIssuedAtSeconds(row.qr_issued_at) !== qrIssuedAtSeconds(issuedAt))
    return { reason: 'stale', error: new AppError(409, { key: 'exitPoint.staleQr' }) };
  return undefined;
}

/** The request as the visas module's scan transition takes it. */
function scanRequest(row: ExitPointRequestRow): ExitScanRequest {
  return {
    id: row.id,
    version: row.version,
    requestCode: row.request_code,
    travelerId: row.traveler_id,
    stateCode: row.state_code,
    riskResult: row.risk_result,
    invoiceIds: row.invoices.map((invoice) => invoice.id),
    risk: {
      requestId: row.id,
      crewMember: row.crew_member,
      transportType: row.transport_type,
      travelDate: row.travel_date,
      invoices: row.invoices,
      previousCustomsChecks: row.previous_customs_checks ?? 0,
      previousDenials: row.previous_denials ?? 0,
    },
    recipient: { email: row.email, language: row.language, nome: row.nome, cognome: row.cognome },
  };
}

/**
 * The request as `transition` left it, without reading it again: the write applied only to the row as it was read,
 * and the transition says every column it set.
 */
function afterTransition(row: ExitPointRequestRow, transition: VisaTransition): ExitPointRequestRow {
  const { ids, values, releaseCodes } = transition.invoices;
  const changed = new Set(ids);
  const invoice = (current: ExitPointInvoiceRow): ExitPointInvoiceRow =>
    changed.has(current.id)
      ? {
          ...current,
          ...values,
          release_date: values.release_date ?? current.release_date,
          release_code: releaseCodes?.[current.id] ?? current.release_code,
          customs_office: values.customs_office ?? current.customs_office,
        }
      : current;
  return {
    ...row,
    state_code: transition.outcome.stateCode,
    risk_result: transition.outcome.light,
    risk_reasons: transition.reasons ?? row.risk_reasons,
    invoices: row.invoices.map(invoice),
  };
}

/** Creates a kiosk or officer client and returns its API key, shown this once and never stored in clear. */
export async function createClient(
  db: Kysely<Database>,
  client: { kind: ExitPointClientKind; name: string; customsOffice: string },
  apiKey: string = newApiKey('xk'),
): Promise<{ client: ExitPointClient; apiKey: string }> {
  const record = await createExitPointRepository(db).insertClient({
    kind: client.kind,
    name: client.name,
    customs_office: client.customsOffice,
    api_key_hash: hashApiKey(apiKey),
  });
  return { client: record, apiKey };
}

/**
 * The exit point (docs/domain.md): kiosks and customs officers scan the QR code of a visa request, and
 * officers decide the invoices of a request under customs check. The state changes are the visas module's
 * (transitions.ts); this module checks the code and the client, answers what to do, and keeps the audit trail.
 */
export function createExitPointService(db: Kysely<Database>, deps: ExitPointServiceDeps) {
  const repository = createExitPointRepository(db);
  const findClient = cachedKeyLookup(repository.findByKeyHash, {
    ...CLIENT_CACHE,
    ...(deps.keyClock ? { now: deps.keyClock } : {}),
  });
  const clock = deps.clock ?? (() => new Date());
  const actorOf = (client: ExitPointClient): ExitActor => ({
    kind: client.kind,
    clientId: client.id,
    customsOffice: client.customs_office,
  });

  function view(row: ExitPointRequestRow, language: ServerLanguage): ExitPointView {
    const { invoices } = row;
    const light = isLight(row.risk_result) ? row.risk_result : null;
    return {
      light,
      reasons: light === null ? [] : describeRiskReasons(row.risk_reasons, language),
      request: {
        publicId: row.public_id,
        requestCode: row.request_code,
        traveler: {
          name: `${row.nome} ${row.cognome}`,
          document: {
            type: row.tipo_documento,
            country: row.paese_documento,
            number: row.numero_documento.toUpperCase(),
          },
        },
        stateCode: row.state_code,
        stateDescription: visaStateDescription(row.state_code, language),
        totalAmount: Math.round(invoices.reduce((sum, invoice) => sum + Number(invoice.total_amount), 0) * 100) / 100,
        travelDate: row.travel_date.toISOString(),
        transportType: row.transport_type,
        flightNumber: row.flight_number,
        invoices: invoices.map((invoice) => ({
          refundId: invoice.id,
          invoiceNumber: invoice.invoice_number,
          vendorName: invoice.vendor_name,
          totalAmount: Number(invoice.total_amount),
          ...invoiceStateOf(invoice, language),
        })),
      },
    };
  }

  /** Reads a request again after a transition and answers it. */
  async function reread(publicId: string, language: ServerLanguage): Promise<ExitPointView> {
    const row = await repository.findRequest(publicId);
    if (!row) throw new AppError(404, { key: 'exitPoint.requestNotFound' });
    return view(row, language);
  }

  /** Refuses a scan: one audit row, then the error. */
  async function refuseScan(
    client: ExitPointClient,
    requestId: number | null,
    reason: string,
    error: AppError,
  ): Promise<never> {
    await repository.recordEvent({
      clientId: client.id,
      requestId,
      kind: EXIT_EVENT.SCAN_REFUSED,
      detail: { reason, status: error.statusCode },
    });
    throw error;
  }

  /** The answer of a scan of `row` as it now is: GRANTED once completed, else CUSTOMS_CHECK. */
  function scanAnswer(row: ExitPointRequestRow, language: ServerLanguage): ScanResult {
    const granted = row.state_code === VisaState.COMPLETED;
    return {
      outcome: granted ? 'GRANTED' : 'CUSTOMS_CHECK',
      message: translate(language, granted ? 'exitPoint.granted' : 'exitPoint.customsCheck'),
      ...view(row, language),
    };
  }

  const answerEvent = (from: number, answer: ScanResult) => ({
    kind: answer.outcome === 'GRANTED' ? EXIT_EVENT.GRANTED : EXIT_EVENT.CUSTOMS_CHECK,
    detail: { from, stateCode: answer.request.stateCode, light: answer.light },
  });

  /**
   * Applies a scan to a request that may be scanned: its transition (visas' exitScanTransition) written with the audit
   * rows in one statement, or for a request under customs check the audit row alone. Undefined when the request
   * changed since it was read (nothing was written): the caller reads it again.
   */
  async function settle(
    client: ExitPointClient,
    row: ExitPointRequestRow,
    language: ServerLanguage,
  ): Promise<ScanResult | undefined> {
    const request = scanRequest(row);
    const transition = exitScanTransition(request, actorOf(client), { ...deps.riskOptions, now: clock() });
    if (!transition) {
      const answer = scanAnswer(row, language);
      const event = answerEvent(row.state_code, answer);
      await repository.recordEvent({ clientId: client.id, requestId: row.id, ...event });
      return answer;
    }
    const answer = scanAnswer(afterTransition(row, transition), language);
    const { stateCode, light } = transition.outcome;
    const events = [
      ...(row.state_code === VisaState.PENDING
        ? [{ kind: EXIT_EVENT.RISK_ANALYSED, detail: { light, stateCode } }]
        : []),
      answerEvent(row.state_code, answer),
    ];
    const written = await writeExitScan(db, request, transition, { clientId: client.id, events });
    return written ? answer : undefined;
  }

  function requireOfficer(client: ExitPointClient): Promise<void> {
    if (client.kind === 'OFFICER') return Promise.resolve();
    return repository
      .recordEvent({
        clientId: client.id,
        requestId: null,
        kind: EXIT_EVENT.DECISION_REFUSED,
        detail: { reason: 'not-officer' },
      })
      .then(() => {
        throw new AppError(403, { key: 'exitPoint.officerOnly' });
      });
  }

  return {
    repository,

    /** The client of an API key; 401 without one. */
    authenticate: (apiKey: string | undefined): Promise<ExitPointClient> =>
      authenticateApiKey(apiKey, findClient, 'exitPoint.badKey'),

    /**
     * A scan: the token must be ours and unaltered (400), of a request that exists (404), still the latest code of it
     * (409 stale), neither completed (409 used) nor expired (409). Pending → risk analysis at the exit point (green:
     * visa granted at once; yellow/red: customs check); in completion → visa granted; customs check → unchanged, the
     * traveler is (again) sent to the office. One read, then one write of the outcome with its notification and audit
     * rows; when another transaction changed the request in between, it is read again and scanned as it now is.
     */
    async scan(client: ExitPointClient, token: string, language: ServerLanguage): Promise<ScanResult> {
      const verified = deps.qr.verify(token);
      if (!verified.ok) {
        const fields: Record<string, Message> = { token: { key: QR_FAILURE_KEYS[verified.reason] } };
        return refuseScan(client, null, verified.reason, new AppError(400, { key: 'exitPoint.invalidQr' }, fields));
      }
      const { claims } = verified;
      for (let attempt = 1; attempt <= SCAN_ATTEMPTS; attempt += 1) {
        const row = await repository.findRequest(claims.publicId);
        const refusal = scanRefusal(row, claims.issuedAt);
        if (refusal) return refuseScan(client, row?.id ?? null, refusal.reason, refusal.error);
        const answer = await settle(client, row!, language);
        if (answer) return answer;
      }
      // Changed by others at every attempt: the kiosk tries again shortly (503 with Retry-After).
      throw new AppError(503, { key: 'serviceUnavailable' });
    },

    /** An officer reads a request (kiosks cannot: 403). */
    async find(client: ExitPointClient, publicId: string, language: ServerLanguage): Promise<ExitPointView> {
      await requireOfficer(client);
      return reread(publicId, language);
    },

    /** An officer's decisions on the invoices under customs check (kiosks cannot: 403). */
    async decide(
      client: ExitPointClient,
      publicId: string,
      body: DecisionsBody,
      language: ServerLanguage,
    ): Promise<ExitPointView> {
      await requireOfficer(client);
      const row = await repository.findRequest(publicId);
      if (!row) throw new AppError(404, { key: 'exitPoint.requestNotFound' });
      const decisions = body.decisions.map((decision) => ({
        refundId: decision.refundId,
        outcome: DECISION_STATES[decision.outcome],
      }));
      try {
        const outcome = await decideInvoices(db, row.id, decisions, actorOf(client), clock());
        await repository.recordEvent({
          clientId: client.id,
          requestId: row.id,
          kind: EXIT_EVENT.DECIDED,
          detail: { decisions: body.decisions, stateCode: outcome.stateCode },
        });
      } catch (error) {
        if (error instanceof AppError) {
          await repository.recordEvent({
            clientId: client.id,
            requestId: row.id,
            kind: EXIT_EVENT.DECISION_REFUSED,
            detail: { reason: error.detail.key, decisions: body.decisions },
          });
        }
        throw error;
      }
      return reread(publicId, language);
    },
  };
}
