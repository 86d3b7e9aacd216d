// Test support of the documents module (not a test file itself): the visa request that the PDF tests render.
import type { Visa } from '@varco/contracts';
import { TEST_VISA_TRAVEL } from '@varco/contracts/testing';
import { SAMPLE_GRANTED_INVOICE, SAMPLE_PENDING_INVOICE } from './samples';

/** A pending request of two invoices, in English (a test puts the descriptions of its language over them). */
export const SAMPLE_VISA = {
  idRichiesta: 314,
  visaRequestId: '0b7e6f2e-3f6c-4c1e-9a55-1e2f3a4b5c6d',
  requestCode: 'VR-2026-K7M2Q9XD',
  // 08:05 UTC is 10:05 in Rome (summer time).
  requestDate: '2026-06-01T08:05:00.000Z',
  totalAmount: 2469.12,
  totalInvoices: 2,
  stateCode: 1,
  stateDescription: 'Pending',
  invoices: [
    SAMPLE_PENDING_INVOICE,
    { ...SAMPLE_GRANTED_INVOICE, invoiceNumber: 'FT-2026/0044', vendorName: 'Pelletteria Fiorentina S.r.l.' },
  ],
  ...TEST_VISA_TRAVEL,
} satisfies Visa;
