import { InvoiceState, TrafficLight, VisaState, addDays, romeToday, type ServerLanguage } from '@varco/contracts';
import type { Kysely } from 'kysely';
import type { Database, MerchantKind, RiskOrigin, RiskReason } from '../../db/types';
import { DEMO_TRAVELER, DEMO_TRAVELER_WITHOUT_INVOICES, seedDemoTraveler, type DemoTraveler } from '../auth';
import { findDemoKiosk, seedDemoExitPoint } from '../exit-point';
import { hashPassword } from '../../secrets';
import { createMerchantService } from '../merchants';
import { demoQueries } from './repository';

/**
 * The demo data of `npm start` (SEED_DEMO; refused in production): three travelers, a vendor and a broker with
 * published API keys, invoices of the first traveler in every state, dated around the day of the seed, and
 * a pending request of the third that the exit point lets through the green channel; and copies of the first traveler
 * with the same history when asked for (SEED_DEMO_COPIES).
 */
export const DEMO_MERCHANTS = [
  {
    kind: 'VENDOR',
    name: 'Boutique Milano S.r.l.',
    vatNumber: 'IT01234567897',
    apiKey: 'vk_demo_boutique_milano',
    contact: { email: 'tax-free@boutique-milano.example.com', language: 'IT' },
  },
  {
    kind: 'BROKER',
    name: 'Tax Refund Italia S.p.A.',
    vatNumber: 'IT07654321009',
    apiKey: 'vk_demo_tax_refund_italia',
    contact: { email: 'claims@taxrefunditalia.example.com', language: 'EN' },
  },
] as const satisfies ReadonlyArray<{
  kind: MerchantKind;
  name: string;
  vatNumber: string;
  apiKey: string;
  contact: { email: string; language: ServerLanguage };
}>;

/**
 * The demo traveler's open claim (docs/domain.md, "Claims"): Boutique Milano issued an invoice to a passport number with
 * two digits swapped, so it never reached Mario Rossi; he claimed it from the receipt. The vendor's demo key answers it
 * (`POST /api/v1/merchant/claims/CL-<year>-DEMO0001/reissue`).
 */
const DEMO_CLAIM = {
  invoice: 'BM-0419',
  daysAgo: 6,
  total: 640,
  vat: 115.41,
  mistypedDocument: 'YA1234576',
  codeSuffix: 'DEMO0001',
  note: 'The receipt shows my passport YA1234567: the invoice was written to another number.',
} as const;

/**
 * A newcomer with one pending request and nothing that raises its risk: a modest amount, goods bought days ago, a
 * first trip, by air, not as crew. Scanned at the demo kiosk it scores green (short of the random sample, a few in a
 * hundred scans) — where the first traveler's history of customs checks and denials always gives yellow or red.
 */
export const DEMO_TRAVELER_GREEN: DemoTraveler = {
  email: 'aiko.tanaka@example.com',
  password: DEMO_TRAVELER.password,
  nome: 'Aiko',
  cognome: 'Tanaka',
  dataNascita: '1995-02-11',
  paeseResidenza: 'JP',
  tipoDocumento: 'PASSAPORTO',
  paeseDocumento: 'JP',
  numeroDocumento: 'TZ0482913',
  language: 'EN',
};

/** The green traveler's invoice and request: issued 4 days before the seed, leaving in 2 days for Tokyo. */
const GREEN_INVOICE = { number: 'BM-0450', daysAgo: 4, total: 380, vat: 68.52 } as const;
const GREEN_REQUEST_CODE_SUFFIX = 'DEMO0100';

/** A vendor the broker issues for. */
const BROKERED_VENDOR = { vatNumber: 'IT04455667781', name: 'Pelletteria Fiorentina S.r.l.' };

interface DemoInvoice {
  number: string;
  daysAgo: number;
  brokered: boolean;
  total: number;
  vat: number;
  state: number;
  inCompletion?: boolean;
  /** Days after issue of the visa release (granted invoices). */
  releasedAfter?: number;
}

/** One invoice per state and label of docs/domain.md, over this year and the last. */
const DEMO_INVOICES: readonly DemoInvoice[] = [
  { number: 'BM-0412', daysAgo: 2, brokered: false, total: 1250, vat: 225.41, state: InvoiceState.AVAILABLE_NEW },
  { number: 'PF-0087', daysAgo: 11, brokered: true, total: 489.9, vat: 88.34, state: InvoiceState.AVAILABLE },
  { number: 'BM-0398', daysAgo: 75, brokered: false, total: 310.5, vat: 55.99, state: InvoiceState.AVAILABLE },
  { number: 'BM-0405', daysAgo: 5, brokered: false, total: 2180, vat: 393.11, state: InvoiceState.IN_REQUEST },
  {
    number: 'PF-0091',
    daysAgo: 3,
    brokered: true,
    total: 845,
    vat: 152.38,
    state: InvoiceState.GRANTED,
    inCompletion: true,
  },
  {
    number: 'BM-0377',
    daysAgo: 40,
    brokered: false,
    total: 675.2,
    vat: 121.76,
    state: InvoiceState.GRANTED,
    releasedAfter: 6,
  },
  { number: 'PF-0079', daysAgo: 8, brokered: true, total: 1520, vat: 274.1, state: InvoiceState.CUSTOMS_CHECK },
  { number: 'BM-0120', daysAgo: 140, brokered: false, total: 99.9, vat: 18.01, state: InvoiceState.AVAILABLE },
  {
    number: 'BM-0288',
    daysAgo: 330,
    brokered: false,
    total: 3400,
    vat: 613.11,
    state: InvoiceState.GRANTED,
    releasedAfter: 9,
  },
  { number: 'PF-0031', daysAgo: 360, brokered: true, total: 210, vat: 37.87, state: InvoiceState.NOT_SELECTED },
  { number: 'BM-0301', daysAgo: 400, brokered: false, total: 129, vat: 23.26, state: InvoiceState.DENIED },
  { number: 'PF-0012', daysAgo: 420, brokered: true, total: 560, vat: 100.98, state: InvoiceState.DENIED_ALT },
];

const CUSTOMS_OFFICES = ['IT277100', 'IT078100'] as const;

/**
 * The visa requests behind the invoices that are in one (by invoice number prefix): one per state of docs/domain.md, as the
 * state machine (modules/visas/transitions.ts) leaves them.
 */
interface DemoVisa {
  invoice: string;
  state: number;
  /** Departure, in days from the seed day (negative: past), at 10:30 in Rome. */
  departsIn: number | 'release';
  risk?: { light: number; origin: RiskOrigin; reasons: RiskReason[] };
}

const DEMO_VISAS: readonly DemoVisa[] = [
  { invoice: 'BM-0405', state: VisaState.PENDING, departsIn: 3 },
  {
    invoice: 'PF-0091',
    state: VisaState.IN_COMPLETION,
    departsIn: 1,
    risk: { light: TrafficLight.GREEN, origin: 'TRAVELER', reasons: [{ key: 'risk.noFindings' }] },
  },
  {
    invoice: 'BM-0377',
    state: VisaState.COMPLETED,
    departsIn: 'release',
    risk: { light: TrafficLight.GREEN, origin: 'KIOSK', reasons: [{ key: 'risk.noFindings' }] },
  },
  {
    invoice: 'PF-0079',
    state: VisaState.CUSTOMS_CHECK,
    departsIn: 2,
    risk: {
      light: TrafficLight.YELLOW,
      origin: 'KIOSK',
      reasons: [{ key: 'risk.totalAbove', params: { total: 1520, threshold: 1000 } }, { key: 'risk.randomSample' }],
    },
  },
  {
    invoice: 'BM-0288',
    state: VisaState.COMPLETED,
    departsIn: 'release',
    risk: {
      light: TrafficLight.GREEN,
      origin: 'KIOSK',
      reasons: [{ key: 'risk.totalAbove', params: { total: 3400, threshold: 3000 } }],
    },
  },
  {
    invoice: 'PF-0031',
    state: VisaState.COMPLETED,
    departsIn: -355,
    risk: { light: TrafficLight.YELLOW, origin: 'KIOSK', reasons: [{ key: 'risk.randomSample' }] },
  },
  {
    invoice: 'BM-0301',
    state: VisaState.COMPLETED,
    departsIn: -395,
    risk: {
      light: TrafficLight.RED,
      origin: 'OFFICER',
      reasons: [
        { key: 'risk.crewMember' },
        { key: 'risk.previousChecks', params: { count: 1 } },
        { key: 'risk.oldPurchase', params: { count: 1, days: 75, threshold: 60 } },
      ],
    },
  },
  { invoice: 'PF-0012', state: VisaState.EXPIRED, departsIn: -380 },
];

/**
 * A traveler of the demo with the history of DEMO_INVOICES and DEMO_VISAS: the first demo traveler, or a copy of it. The
 * tag goes in their codes (TF-2026-DEMO0001, a copy's TF-2026-D0070001: random codes hold no 0 or 1, so no real code
 * matches), the suffix in their invoice numbers (BM-0412/2026, a copy's BM-0412-C7/2026).
 */
interface DemoPersona {
  traveler: DemoTraveler;
  codeTag: string;
  numberSuffix: string;
}

const DEMO_PERSONA: DemoPersona = { traveler: DEMO_TRAVELER, codeTag: 'DEMO', numberSuffix: '' };

/** Copies of the first demo traveler, at most (SEED_DEMO_COPIES): the tag of a copy has three digits. */
export const MAX_DEMO_COPIES = 500;

/**
 * Copy `n` (from 1) of the first demo traveler: the same name, password and history, a mail and a passport of its own
 * (mario.rossi.7@example.com, YA9000007) — for a training where each trainee needs a traveler, and for the browser
 * tests, where each spec file has one.
 */
export function demoTravelerCopy(n: number): DemoTraveler {
  if (!Number.isInteger(n) || n < 1 || n > MAX_DEMO_COPIES) throw new RangeError(`no demo copy ${n}`);
  return { ...DEMO_TRAVELER, email: `mario.rossi.${n}@example.com`, numeroDocumento: `YA${9_000_000 + n}` };
}

const copyPersona = (n: number): DemoPersona => ({
  traveler: demoTravelerCopy(n),
  codeTag: `D${String(n).padStart(3, '0')}`,
  numberSuffix: `-C${n}`,
});

export interface DemoSeedResult {
  travelersCreated: number;
  merchantsCreated: boolean;
  visasCreated: boolean;
}

export interface DemoSeedOptions {
  now?: Date;
  /** Copies of the first demo traveler to make sure of (demoTravelerCopy 1 to `copies`). */
  copies?: number;
}

/** Creates what is missing of the demo data; running it again changes nothing. */
export async function seedDemo(
  db: Kysely<Database>,
  { now = new Date(), copies = 0 }: DemoSeedOptions = {},
): Promise<DemoSeedResult> {
  let travelersCreated = 0;
  for (const traveler of [DEMO_TRAVELER, DEMO_TRAVELER_WITHOUT_INVOICES, DEMO_TRAVELER_GREEN])
    if (await seedDemoTraveler(db, traveler)) travelersCreated += 1;

  await seedDemoExitPoint(db);
  let merchants = await demoMerchantIds(db);
  const merchantsCreated = merchants === undefined;
  if (!merchants) {
    const service = createMerchantService(db);
    const [vendor, broker] = await Promise.all(
      DEMO_MERCHANTS.map(({ apiKey, contact: _contact, ...merchant }) => service.createMerchant(merchant, apiKey)),
    );
    merchants = { vendor: vendor!.merchant.id, broker: broker!.merchant.id };
    await insertDemoInvoices(db, DEMO_PERSONA, merchants, now);
  }
  let visasCreated = await seedDemoVisas(db, DEMO_PERSONA, now);
  let copyPasswordHash: string | undefined;
  for (let n = 1; n <= copies; n += 1) {
    const persona = copyPersona(n);
    copyPasswordHash ??= await hashPassword(persona.traveler.password);
    if (!(await seedDemoTraveler(db, persona.traveler, copyPasswordHash))) continue;
    travelersCreated += 1;
    await insertDemoInvoices(db, persona, merchants, now);
    visasCreated = (await seedDemoVisas(db, persona, now)) || visasCreated;
  }
  await seedMerchantContacts(db);
  const greenCreated = await seedGreenRequest(db, merchants.vendor, now);
  const claimCreated = await seedDemoClaim(db, merchants.vendor, now);
  return { travelersCreated, merchantsCreated, visasCreated: greenCreated || claimCreated || visasCreated };
}

/** The demo vendor's and broker's ids, once they exist. */
async function demoMerchantIds(db: Kysely<Database>): Promise<{ vendor: number; broker: number } | undefined> {
  const [vendor, broker] = await Promise.all(
    DEMO_MERCHANTS.map((merchant) => demoQueries.merchantIdByVatNumber(db, merchant.vatNumber)),
  );
  return vendor !== undefined && broker !== undefined ? { vendor, broker } : undefined;
}

/** A persona's invoices (DEMO_INVOICES), dated from the seed day. */
async function insertDemoInvoices(
  db: Kysely<Database>,
  { traveler, codeTag, numberSuffix }: DemoPersona,
  merchants: { vendor: number; broker: number },
  now: Date,
): Promise<void> {
  const today = romeToday(now);
  await demoQueries.insertInvoices(
    db,
    DEMO_INVOICES.map((invoice, index) => {
      const issued = addDays(today, -invoice.daysAgo);
      const released = invoice.releasedAfter !== undefined ? addDays(issued, invoice.releasedAfter) : null;
      return {
        request_code: `TF-${issued.slice(0, 4)}-${codeTag}${String(index + 1).padStart(4, '0')}`,
        merchant_id: invoice.brokered ? merchants.broker : merchants.vendor,
        vendor_vat_number: invoice.brokered ? BROKERED_VENDOR.vatNumber : DEMO_MERCHANTS[0].vatNumber,
        vendor_name: invoice.brokered ? BROKERED_VENDOR.name : DEMO_MERCHANTS[0].name,
        broker_name: invoice.brokered ? DEMO_MERCHANTS[1].name : null,
        invoice_number: `${invoice.number}${numberSuffix}/${issued.slice(0, 4)}`,
        emission_date: issued,
        total_amount: invoice.total,
        iva_amount: invoice.vat,
        document_type: traveler.tipoDocumento,
        document_country: traveler.paeseDocumento,
        document_number: traveler.numeroDocumento,
        traveler_name: `${traveler.nome} ${traveler.cognome}`,
        state_code: invoice.state,
        in_completion: invoice.inCompletion ?? false,
        customs_office: released ? CUSTOMS_OFFICES[index % CUSTOMS_OFFICES.length]! : null,
        release_date: released ? `${released}T10:30:00+01:00` : null,
        release_code: released ? `${released.slice(2, 4)}ITV${String(48213 + index * 7919).padStart(9, '0')}` : null,
      };
    }),
  );
}

/** The demo merchants' contact for claims, where none is set yet (a database seeded before there were claims). */
async function seedMerchantContacts(db: Kysely<Database>): Promise<void> {
  for (const merchant of DEMO_MERCHANTS)
    await demoQueries.setMerchantContactWhereUnset(db, merchant.vatNumber, merchant.contact);
}

/**
 * The demo traveler's open claim and the mistyped invoice it is about (DEMO_CLAIM), unless the claim exists; true when
 * created now. A database seeded before there were claims gets them too.
 */
async function seedDemoClaim(db: Kysely<Database>, vendorId: number, now: Date): Promise<boolean> {
  const travelerId = await demoQueries.travelerIdByEmail(db, DEMO_TRAVELER.email);
  if (travelerId === undefined || (await demoQueries.claimExists(db, `CL-%-${DEMO_CLAIM.codeSuffix}`))) return false;
  const issued = addDays(romeToday(now), -DEMO_CLAIM.daysAgo);
  const year = issued.slice(0, 4);
  const invoiceNumber = `${DEMO_CLAIM.invoice}/${year}`;
  const vendor = DEMO_MERCHANTS[0];
  await db.transaction().execute(async (trx) => {
    const invoiceId = await demoQueries.insertInvoice(trx, {
      request_code: `TF-${year}-DEMOCL01`,
      merchant_id: vendorId,
      vendor_vat_number: vendor.vatNumber,
      vendor_name: vendor.name,
      broker_name: null,
      invoice_number: invoiceNumber,
      emission_date: issued,
      total_amount: DEMO_CLAIM.total,
      iva_amount: DEMO_CLAIM.vat,
      document_type: DEMO_TRAVELER.tipoDocumento,
      document_country: DEMO_TRAVELER.paeseDocumento,
      document_number: DEMO_CLAIM.mistypedDocument,
      traveler_name: `${DEMO_TRAVELER.nome} ${DEMO_TRAVELER.cognome}`,
    });
    await demoQueries.insertClaim(trx, {
      code: `CL-${year}-${DEMO_CLAIM.codeSuffix}`,
      traveler_id: travelerId,
      merchant_id: vendorId,
      kind: 'MISSING',
      vendor_vat_number: vendor.vatNumber,
      vendor_name: vendor.name,
      invoice_number: invoiceNumber,
      issue_date: issued,
      total_amount: DEMO_CLAIM.total,
      note: DEMO_CLAIM.note,
      invoice_id: invoiceId,
      traveler_name: `${DEMO_TRAVELER.nome} ${DEMO_TRAVELER.cognome}`,
      document_type: DEMO_TRAVELER.tipoDocumento,
      document_country: DEMO_TRAVELER.paeseDocumento,
      document_number: DEMO_TRAVELER.numeroDocumento,
      created_at: new Date(now.getTime() - 2 * 3_600_000),
    });
  });
  return true;
}

/**
 * The green traveler's invoice and pending request (DEMO_TRAVELER_GREEN), unless the request exists; true when
 * created now. A database seeded before this traveler existed gets them too.
 */
async function seedGreenRequest(db: Kysely<Database>, vendorId: number, now: Date): Promise<boolean> {
  const travelerId = await demoQueries.travelerIdByEmail(db, DEMO_TRAVELER_GREEN.email);
  if (travelerId === undefined) return false;
  if (await demoQueries.visaRequestExists(db, `VR-%-${GREEN_REQUEST_CODE_SUFFIX}`)) return false;
  const today = romeToday(now);
  const issued = addDays(today, -GREEN_INVOICE.daysAgo);
  const departure = new Date(`${addDays(today, 2)}T10:30:00+01:00`);
  await db.transaction().execute(async (trx) => {
    const invoiceId = await demoQueries.insertInvoice(trx, {
      request_code: `TF-${issued.slice(0, 4)}-${GREEN_REQUEST_CODE_SUFFIX}`,
      merchant_id: vendorId,
      vendor_vat_number: DEMO_MERCHANTS[0].vatNumber,
      vendor_name: DEMO_MERCHANTS[0].name,
      broker_name: null,
      invoice_number: `${GREEN_INVOICE.number}/${issued.slice(0, 4)}`,
      emission_date: issued,
      total_amount: GREEN_INVOICE.total,
      iva_amount: GREEN_INVOICE.vat,
      document_type: DEMO_TRAVELER_GREEN.tipoDocumento,
      document_country: DEMO_TRAVELER_GREEN.paeseDocumento,
      document_number: DEMO_TRAVELER_GREEN.numeroDocumento,
      traveler_name: `${DEMO_TRAVELER_GREEN.nome} ${DEMO_TRAVELER_GREEN.cognome}`,
      state_code: InvoiceState.IN_REQUEST,
    });
    const requestId = await demoQueries.insertVisaRequest(trx, {
      request_code: `VR-${departure.toISOString().slice(0, 4)}-${GREEN_REQUEST_CODE_SUFFIX}`,
      traveler_id: travelerId,
      state_code: VisaState.PENDING,
      transport_type: 'AE',
      travel_date: departure,
      travel_doc_type: DEMO_TRAVELER_GREEN.tipoDocumento,
      travel_doc_number: DEMO_TRAVELER_GREEN.numeroDocumento,
      destination_country: 'JP',
      destination_airport: 'NRT',
      flight_number: 'AZ 784',
    });
    await demoQueries.insertRequestInvoice(trx, { visa_request_id: requestId, invoice_id: invoiceId });
  });
  return true;
}

/** A persona's visa requests (DEMO_VISAS), unless they exist; true when created now. */
async function seedDemoVisas(
  db: Kysely<Database>,
  { traveler, codeTag, numberSuffix }: DemoPersona,
  now: Date,
): Promise<boolean> {
  if (await demoQueries.visaRequestExists(db, `VR-%-${codeTag}%`)) return false;
  const travelerId = await demoQueries.travelerIdByEmail(db, traveler.email);
  const kiosk = await findDemoKiosk(db);
  if (travelerId === undefined || !kiosk) return false;
  const today = romeToday(now);
  await db.transaction().execute(async (trx) => {
    const planned = [];
    for (const [index, visa] of DEMO_VISAS.entries()) {
      const invoice = await demoQueries.findInvoice(trx, `${visa.invoice}${numberSuffix}`, traveler.numeroDocumento);
      if (!invoice) continue;
      const departure =
        visa.departsIn === 'release' && invoice.release_date
          ? invoice.release_date
          : new Date(`${addDays(today, visa.departsIn === 'release' ? 0 : visa.departsIn)}T10:30:00+01:00`);
      planned.push({ index, visa, invoice, departure });
    }
    // Oldest first: the lists show the latest request (the highest id) first.
    planned.sort((a, b) => a.departure.getTime() - b.departure.getTime());
    for (const { index, visa, invoice, departure } of planned) {
      const done = visa.state === VisaState.COMPLETED;
      const requestId = await demoQueries.insertVisaRequest(trx, {
        request_code: `VR-${departure.toISOString().slice(0, 4)}-${codeTag}${String(index + 1).padStart(4, '0')}`,
        traveler_id: travelerId,
        state_code: visa.state,
        transport_type: 'AE',
        travel_date: departure,
        travel_doc_type: traveler.tipoDocumento,
        travel_doc_number: traveler.numeroDocumento,
        destination_country: 'US',
        destination_airport: 'JFK',
        flight_number: 'AZ 610',
        risk_result: visa.risk?.light ?? null,
        risk_reasons: visa.risk ? JSON.stringify(visa.risk.reasons) : null,
        risk_origin: visa.risk?.origin ?? null,
        risk_analysed_at: visa.risk ? departure : null,
        scanned_at: done || visa.state === VisaState.CUSTOMS_CHECK ? departure : null,
        scanned_by: done || visa.state === VisaState.CUSTOMS_CHECK ? kiosk.id : null,
        customs_office: done || visa.state === VisaState.CUSTOMS_CHECK ? kiosk.customs_office : null,
        completed_at: done ? departure : null,
        expired_at: visa.state === VisaState.EXPIRED ? new Date(departure.getTime() + 12 * 3_600_000) : null,
      });
      await demoQueries.insertRequestInvoice(trx, {
        visa_request_id: requestId,
        invoice_id: invoice.id,
        released_at: visa.state === VisaState.EXPIRED ? departure : null,
      });
    }
  });
  return true;
}
