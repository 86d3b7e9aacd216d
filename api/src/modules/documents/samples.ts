import type { Invoice } from '@varco/contracts';
import type { InvoiceReleaseDocument } from './invoice-release-pdf';

/** A granted invoice with accented names, for the tests and the bench of the release PDF. */
export const SAMPLE_GRANTED_INVOICE: Invoice = {
  invoiceNumber: 'FT-2026/0042',
  idRichiestaRimborso: 987654,
  emissionDate: '2026-05-10',
  vendorName: 'Caffè Città Alta S.r.l.',
  totalAmount: 1234.56,
  ivaAmount: 222.62,
  brokerName: 'Tax Refund Italia S.p.A.',
  requestCode: 'RC-77AB12',
  codeCustomsOffice: 'IT277100',
  // 12:45 UTC is 14:45 in Rome (summer time).
  dateRelease: '2026-06-02T12:45:00.000Z',
  codeRelease: 'VIS-2026-000173',
  stateCode: 100,
  stateDescription: 'Visto concesso',
  inCompletion: false,
  exitDeadline: '2026-08-31',
};

/** The same invoice still in a pending request: no release yet. */
export const SAMPLE_PENDING_INVOICE: Invoice = {
  ...SAMPLE_GRANTED_INVOICE,
  invoiceNumber: 'FT-2026/0043',
  brokerName: null,
  codeCustomsOffice: null,
  dateRelease: null,
  codeRelease: null,
  stateCode: 90,
  stateDescription: 'In progress',
};

export const SAMPLE_TRAVELER: InvoiceReleaseDocument['traveler'] = {
  nome: 'Zoë',
  cognome: 'Müller-Pérez',
  documentType: 'Passaporto',
  documentCountry: 'Svizzera',
  documentNumber: 'X1234567',
};
