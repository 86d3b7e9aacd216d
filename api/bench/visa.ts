// The visa request that the benches render (documents.ts, qr.ts): the same document, so that their figures compare.
import type { ServerLanguage, Visa } from '@varco/contracts';
import { TEST_VISA_TRAVEL } from '@varco/contracts/testing';
import { renderVisaPdf, SAMPLE_GRANTED_INVOICE, SAMPLE_PENDING_INVOICE } from '../src/modules/documents';

const visa: Visa = {
  idRichiesta: 314,
  visaRequestId: '0b7e6f2e-3f6c-4c1e-9a55-1e2f3a4b5c6d',
  requestCode: 'VR-2026-K7M2Q9XD',
  requestDate: new Date().toISOString(),
  totalAmount: 2469.12,
  totalInvoices: 2,
  stateCode: 1,
  stateDescription: 'Pending',
  invoices: [SAMPLE_PENDING_INVOICE, { ...SAMPLE_GRANTED_INVOICE, stateCode: 90, stateDescription: 'In progress' }],
  ...TEST_VISA_TRAVEL,
};

/** The visa request PDF with the QR code `qrPng` (base64), for a traveler whose names are not plain ASCII. */
export const renderBenchVisaPdf = (qrPng: string, language: ServerLanguage) =>
  renderVisaPdf({ visa, qrPng, traveler: { nome: 'Zoë', cognome: 'Müller-Pérez' }, generatedAt: new Date() }, language);
