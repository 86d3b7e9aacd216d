// The load of the database fault tests, as the api meets it in use: merchants issuing invoices, travelers reading their
// requests and notifications (through the session and unread-count caches) and creating visa requests, each as fast as
// the api answers. Every answer is counted by call and status; the invoices the api acknowledged are listed, so that a
// test can check that none was lost.
import { HEADERS, addDays, romeToday, type Travel } from '@varco/contracts';
import type { SignedInTraveler } from '../src/test/travelers';

/** A traveler with an invoice of their own, for visa requests (created, then deleted, again and again). */
export interface VisaTraveler extends SignedInTraveler {
  invoiceId: number;
}

export interface LoadOptions {
  apiKey: string;
  /** The travelers who create visa requests, one per visa worker. */
  travelers: readonly VisaTraveler[];
  /**
   * The signed-in travelers whose reads the readers take in turn: enough that none reaches the polling calls' own
   * limit per session at the pace of a test.
   */
  readers: readonly SignedInTraveler[];
  /** The travel of every visa request (one the api accepts). */
  travel: () => Travel;
  /** Invoice writers, and as many readers; the visa requests have one worker per traveler. */
  workersPerKind?: number;
}

export interface Load {
  /** Answers by `<call> <status>` (`no answer` when the api did not answer at all). */
  readonly statuses: Map<string, number>;
  /** The invoice numbers whose creation the api acknowledged. */
  readonly acknowledged: string[];
  /** The 503 answers: what they said. */
  readonly unavailable: Array<{ retryAfter: string | null; detail: unknown }>;
  /** Successful answers so far, by kind of work: each must go on after a fault. */
  okByKind(): Record<Kind, number>;
  stop(): Promise<void>;
}

type Kind = 'invoice' | 'read' | 'visa';

const READS = [
  '/api/v1/private/visa/list',
  '/api/v1/private/notifications/count',
  '/api/v1/private/traveler/user-info',
];
const VISA = '/api/v1/private/visa';

export function startLoad(baseUrl: () => string, options: LoadOptions): Load {
  const statuses = new Map<string, number>();
  const acknowledged: string[] = [];
  const unavailable: Load['unavailable'] = [];
  const ok: Record<Kind, number> = { invoice: 0, read: 0, visa: 0 };
  let running = true;
  let sequence = 0;

  /** One call; its answer counted. Resolves with the status and body, or undefined when nothing answered. */
  const call = async (
    kind: Kind,
    name: string,
    path: string,
    init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
  ) => {
    let status: number | undefined;
    let body: unknown;
    try {
      const response = await fetch(`${baseUrl()}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          'accept-language': 'EN',
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...init.headers,
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        signal: AbortSignal.timeout(15_000),
      });
      status = response.status;
      const text = await response.text();
      body = text ? (JSON.parse(text) as unknown) : undefined;
      if (status === 503)
        unavailable.push({
          retryAfter: response.headers.get('retry-after'),
          detail: (body as { detail?: unknown } | undefined)?.detail,
        });
      if (status < 300) ok[kind] += 1;
    } catch {
      // The api process is gone (the kill test) or not listening yet: no answer.
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const key = `${name} ${status ?? 'no answer'}`;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
    return status === undefined ? undefined : { status, body };
  };

  const invoices = async () => {
    while (running) {
      const invoiceNumber = `FAULT-${process.pid}-${++sequence}`;
      const answer = await call('invoice', 'invoice POST', '/api/v1/merchant/invoices', {
        method: 'POST',
        headers: { 'x-api-key': options.apiKey },
        body: {
          invoiceNumber,
          issueDate: addDays(romeToday(), -1),
          totalAmount: 122,
          vatAmount: 22,
          traveler: { name: 'Grace Hopper', document: { type: 'PASSAPORTO', country: 'US', number: 'FAULT1' } },
        },
      });
      if (answer && answer.status < 300) acknowledged.push(invoiceNumber);
    }
  };

  const reads = async (worker: number) => {
    for (let turn = worker; running; turn += 1) {
      const reader = options.readers[turn % options.readers.length]!;
      await call('read', 'read GET', READS[turn % READS.length]!, { headers: { cookie: reader.cookie } });
    }
  };

  /** Creates a request with the traveler's invoice and deletes it, so that the next create may take the invoice again. */
  const visas = async (traveler: VisaTraveler) => {
    // The portal's own header: a state-changing call without a JSON body (the DELETE) needs it (plugins/request-origin.ts).
    const headers = { cookie: traveler.cookie, [HEADERS.client]: '1' };
    while (running) {
      const created = await call('visa', 'visa POST', VISA, {
        method: 'POST',
        headers,
        body: { invoices: [traveler.invoiceId], travel: options.travel() },
      });
      // 409: a create whose answer was lost (the database went away after the commit) left a pending request.
      if (created?.status !== 200 && created?.status !== 409) continue;
      const pending = await call('visa', 'visa list GET', `${VISA}/list?stateCode=1`, { headers });
      for (const request of (pending?.body as { requests?: Array<{ idRichiesta: number }> } | undefined)?.requests ??
        []) {
        await call('visa', 'visa DELETE', `${VISA}/${request.idRichiesta}`, { method: 'DELETE', headers });
      }
    }
  };

  const perKind = options.workersPerKind ?? 1;
  const workers = [
    ...Array.from({ length: perKind }, () => invoices()),
    ...Array.from({ length: perKind }, (_, worker) => reads(worker)),
    ...options.travelers.map(visas),
  ];
  return {
    statuses,
    acknowledged,
    unavailable,
    okByKind: () => ({ ...ok }),
    stop: async () => {
      running = false;
      await Promise.all(workers);
    },
  };
}
