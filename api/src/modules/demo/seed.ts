import { InvoiceState } from '@varco/contracts';
import type { Kysely } from 'kysely';
import type { Database, MerchantKind } from '../../db/types';
import { DEMO_TRAVELER, DEMO_TRAVELER_WITHOUT_INVOICES, seedDemoTraveler } from '../auth/demo-traveler';
import { addDays, romeToday } from '../invoices/calendar';
import { createMerchantService } from '../merchant/service';

/**
 * The demo data of `npm start` (SEED_DEMO; refused in production): two travelers, a vendor and a broker with
 * published API keys, and invoices of the first traveler in every state of SPEC §4, dated around the day of the seed.
 */
export const DEMO_MERCHANTS = [
  { kind: 'VENDOR', name: 'Boutique Milano S.r.l.', vatNumber: 'IT01234567897', apiKey: 'vk_demo_boutique_milano' },
  { kind: 'BROKER', name: 'Tax Refund Italia S.p.A.', vatNumber: 'IT07654321009', apiKey: 'vk_demo_tax_refund_italia' },
] as const satisfies ReadonlyArray<{ kind: MerchantKind; name: string; vatNumber: string; apiKey: string }>;

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

/** One invoice per state and label of SPEC §4, over this year and the last. */
const DEMO_INVOICES: readonly DemoInvoice[] = [
  { number: 'BM-0412', daysAgo: 2, brokered: false, total: 1250, vat: 225.41, state: InvoiceState.AVAILABLE_NEW },
  { number: 'PF-0087', daysAgo: 11, brokered: true, total: 489.9, vat: 88.34, state: InvoiceState.AVAILABLE },
  { number: 'BM-0398', daysAgo: 75, brokered: false, total: 310.5, vat: 55.99, state: InvoiceState.AVAILABLE },
  { number: 'BM-0405', daysAgo: 5, brokered: false, total: 2180, vat: 393.11, state: InvoiceState.IN_REQUEST },
  { number: 'PF-0091', daysAgo: 3, brokered: true, total: 845, vat: 152.38, state: InvoiceState.GRANTED, inCompletion: true, releasedAfter: 3 },
  { number: 'BM-0377', daysAgo: 40, brokered: false, total: 675.2, vat: 121.76, state: InvoiceState.GRANTED, releasedAfter: 6 },
  { number: 'PF-0079', daysAgo: 8, brokered: true, total: 1520, vat: 274.1, state: InvoiceState.CUSTOMS_CHECK },
  { number: 'BM-0120', daysAgo: 140, brokered: false, total: 99.9, vat: 18.01, state: InvoiceState.AVAILABLE },
  { number: 'BM-0288', daysAgo: 330, brokered: false, total: 3400, vat: 613.11, state: InvoiceState.GRANTED, releasedAfter: 9 },
  { number: 'PF-0031', daysAgo: 360, brokered: true, total: 210, vat: 37.87, state: InvoiceState.NOT_SELECTED },
  { number: 'BM-0301', daysAgo: 400, brokered: false, total: 129, vat: 23.26, state: InvoiceState.DENIED },
  { number: 'PF-0012', daysAgo: 420, brokered: true, total: 560, vat: 100.98, state: InvoiceState.DENIED_ALT },
];

const CUSTOMS_OFFICES = ['IT277100', 'IT078100'] as const;

export interface DemoSeedResult {
  travelersCreated: number;
  merchantsCreated: boolean;
}

/** Creates what is missing of the demo data; running it again changes nothing. */
export async function seedDemo(db: Kysely<Database>, now: Date = new Date()): Promise<DemoSeedResult> {
  let travelersCreated = 0;
  for (const traveler of [DEMO_TRAVELER, DEMO_TRAVELER_WITHOUT_INVOICES]) if (await seedDemoTraveler(db, traveler)) travelersCreated += 1;

  const known = await db.selectFrom('merchant').select('id').where('vat_number', '=', DEMO_MERCHANTS[0].vatNumber).executeTakeFirst();
  if (known) return { travelersCreated, merchantsCreated: false };

  const merchants = createMerchantService(db);
  const [vendor, broker] = await Promise.all(DEMO_MERCHANTS.map(({ apiKey, ...merchant }) => merchants.createMerchant(merchant, apiKey)));
  const today = romeToday(now);
  await db
    .insertInto('invoice')
    .values(
      DEMO_INVOICES.map((invoice, index) => {
        const issued = addDays(today, -invoice.daysAgo);
        const released = invoice.releasedAfter !== undefined ? addDays(issued, invoice.releasedAfter) : null;
        return {
          request_code: `TF-${issued.slice(0, 4)}-DEMO${String(index + 1).padStart(4, '0')}`,
          merchant_id: (invoice.brokered ? broker : vendor)!.merchant.id,
          vendor_vat_number: invoice.brokered ? BROKERED_VENDOR.vatNumber : DEMO_MERCHANTS[0].vatNumber,
          vendor_name: invoice.brokered ? BROKERED_VENDOR.name : DEMO_MERCHANTS[0].name,
          broker_name: invoice.brokered ? DEMO_MERCHANTS[1].name : null,
          invoice_number: `${invoice.number}/${issued.slice(0, 4)}`,
          emission_date: issued,
          total_amount: invoice.total,
          iva_amount: invoice.vat,
          document_type: DEMO_TRAVELER.tipoDocumento,
          document_country: DEMO_TRAVELER.paeseDocumento,
          document_number: DEMO_TRAVELER.numeroDocumento,
          traveler_name: `${DEMO_TRAVELER.nome} ${DEMO_TRAVELER.cognome}`,
          state_code: invoice.state,
          in_completion: invoice.inCompletion ?? false,
          customs_office: released ? CUSTOMS_OFFICES[index % CUSTOMS_OFFICES.length]! : null,
          release_date: released ? `${released}T10:30:00+01:00` : null,
          release_code: released ? `${released.slice(2, 4)}ITV${String(48213 + index * 7919).padStart(9, '0')}` : null,
        };
      }),
    )
    .execute();
  return { travelersCreated, merchantsCreated: true };
}
