import type { Invoice, ServerLanguage } from '@varco/contracts';
import { RELEASE_PDF_TEXTS, type ReleasePdfTextKey } from './invoice-release-pdf-texts';
import { fill, formatDay, formatInstant, newPdf, pdfWriter } from './pdf-common';
import { createPdfLayout, PDF_STYLES } from './pdf-layout';

export { RELEASE_PDF_TEXTS } from './invoice-release-pdf-texts';

/**
 * The release PDF of one invoice (docs/domain.md, docs/calls.md GET /invoices/downloadRelease): an A4 page in any of
 * the portal's languages with the invoice, the traveler's identity document and the customs visa (or a sentence
 * saying it has not been granted yet), in the embedded fonts of the language (see `pdf-fonts.ts`, `pdf-text.ts`;
 * figures in `api/bench/documents.ts`).
 */

interface InvoiceReleaseTraveler {
  nome: string;
  cognome: string;
  /** Already a translated label (e.g. "Passaporto" / "Passport"). */
  documentType: string;
  /** Already a translated country name. */
  documentCountry: string;
  documentNumber: string;
}

export interface InvoiceReleaseDocument {
  invoice: Invoice;
  traveler: InvoiceReleaseTraveler;
  generatedAt: Date;
}

const LABEL_WIDTH = 170;

/** Renders the release PDF of an invoice in the given language. */
export function renderInvoiceReleasePdf(input: InvoiceReleaseDocument, language: ServerLanguage): Promise<Buffer> {
  const texts = RELEASE_PDF_TEXTS[language];
  const { t, format, orNone, footer } = pdfWriter<ReleasePdfTextKey>(texts, language);
  const { invoice, traveler, generatedAt } = input;

  const { doc, done } = newPdf(
    language,
    {
      Title: `${texts.title} – ${invoice.invoiceNumber}`,
      Author: texts.issuer,
      Subject: fill(texts.subject, { invoiceNumber: invoice.invoiceNumber, refundId: invoice.idRichiestaRimborso }),
    },
    generatedAt,
  );

  const layout = createPdfLayout(doc, language, {
    labelWidth: LABEL_WIDTH,
    footerText: footer(generatedAt),
  });
  const { heading, rows } = layout;
  layout.header(t('title'), t('issuer'));

  heading(t('invoiceSection'));
  rows([
    [t('invoiceNumber'), orNone(invoice.invoiceNumber)],
    [t('refundId'), String(invoice.idRichiestaRimborso)],
    [t('requestCode'), orNone(invoice.requestCode)],
    [t('issueDate'), orNone(formatDay(invoice.emissionDate, format.day))],
    [t('vendor'), orNone(invoice.vendorName)],
    [t('broker'), orNone(invoice.brokerName)],
    [t('totalAmount'), format.money.format(invoice.totalAmount)],
    [t('vatAmount'), format.money.format(invoice.ivaAmount)],
    [t('status'), orNone(invoice.stateDescription)],
    [t('exitDeadline'), orNone(invoice.exitDeadline ? formatDay(invoice.exitDeadline, format.day) : null)],
  ]);

  heading(t('travelerSection'));
  rows([
    [t('travelerName'), orNone(`${traveler.nome} ${traveler.cognome}`)],
    [t('documentType'), orNone(traveler.documentType)],
    [t('documentCountry'), orNone(traveler.documentCountry)],
    [t('documentNumber'), orNone(traveler.documentNumber)],
  ]);

  heading(t('releaseSection'));
  if (invoice.dateRelease) {
    rows([
      [t('releaseDate'), orNone(formatInstant(invoice.dateRelease, format.dateTime))],
      [t('releaseCode'), orNone(invoice.codeRelease)],
      [t('customsOffice'), orNone(invoice.codeCustomsOffice)],
    ]);
  } else {
    layout.y += layout.text(t('notGranted'), PDF_STYLES.body, layout.y);
  }

  layout.end();
  return done;
}
