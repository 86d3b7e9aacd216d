import type { Invoice, ServerLanguage } from '@varco/contracts';
import { fill, formatDay, formatInstant, newPdf, PDF_COLORS, pdfWriter, toWinAnsi } from './pdf-common';
import { createPdfLayout } from './pdf-layout';

export { toWinAnsi } from './pdf-common';

/**
 * The release PDF of one invoice (docs/domain.md, docs/calls.md GET /invoices/downloadRelease): an A4
 * page in Italian or English with the invoice, the traveler's identity document and the customs visa (or a sentence
 * saying it has not been granted yet). pdfkit with the PDF standard font Helvetica: nothing to embed, so a page is
 * about 3 KB and renders in a few milliseconds (see `api/bench/documents.ts`). Standard fonts speak WinAnsi only, so
 * every text goes through `toWinAnsi` first (Italian accents, €, dashes and quotes are in it).
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

/** Every label of the document. Both languages have the same keys (a test says so). */
export const RELEASE_PDF_TEXTS = {
  IT: {
    title: 'Fattura tax-free – rilascio del visto',
    issuer: 'Agenzia delle Dogane e dei Monopoli – Varco',
    subject: 'Fattura {invoiceNumber}, richiesta di rimborso {refundId}',
    invoiceSection: 'Fattura',
    invoiceNumber: 'Numero fattura',
    refundId: 'Identificativo del rimborso',
    requestCode: 'Codice richiesta',
    issueDate: 'Data di emissione',
    vendor: 'Venditore',
    broker: 'Intermediario',
    totalAmount: 'Importo totale',
    vatAmount: 'IVA',
    status: 'Stato',
    exitDeadline: "Termine per l'uscita dall'UE",
    travelerSection: 'Viaggiatore',
    travelerName: 'Nome e cognome',
    documentType: 'Tipo di documento',
    documentCountry: 'Paese del documento',
    documentNumber: 'Numero del documento',
    releaseSection: 'Visto doganale',
    releaseDate: 'Data del visto',
    releaseCode: 'Codice del visto',
    customsOffice: 'Ufficio doganale',
    notGranted: 'Il visto doganale per questa fattura non è stato ancora concesso.',
    generatedAt: 'Documento generato il {date} (ora italiana).',
    none: '—',
  },
  EN: {
    title: 'Tax-free invoice – visa release',
    issuer: 'Agenzia delle Dogane e dei Monopoli – Varco',
    subject: 'Invoice {invoiceNumber}, refund request {refundId}',
    invoiceSection: 'Invoice',
    invoiceNumber: 'Invoice number',
    refundId: 'Refund id',
    requestCode: 'Request code',
    issueDate: 'Issue date',
    vendor: 'Vendor',
    broker: 'Broker',
    totalAmount: 'Total amount',
    vatAmount: 'VAT',
    status: 'Status',
    exitDeadline: 'Exit deadline from the EU',
    travelerSection: 'Traveler',
    travelerName: 'Name',
    documentType: 'Document type',
    documentCountry: 'Document country',
    documentNumber: 'Document number',
    releaseSection: 'Customs visa',
    releaseDate: 'Release date',
    releaseCode: 'Release code',
    customsOffice: 'Customs office',
    notGranted: 'The customs visa has not been granted for this invoice yet.',
    generatedAt: 'Document generated on {date} (Italian time).',
    none: '—',
  },
} as const satisfies Record<ServerLanguage, Record<string, string>>;

type TextKey = keyof (typeof RELEASE_PDF_TEXTS)['IT'];

const LABEL_WIDTH = 170;

/** Renders the release PDF of an invoice in the given language. */
export function renderInvoiceReleasePdf(input: InvoiceReleaseDocument, language: ServerLanguage): Promise<Buffer> {
  const texts = RELEASE_PDF_TEXTS[language];
  const { t, format, orNone, footer } = pdfWriter<TextKey>(texts, language);
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

  const layout = createPdfLayout(doc, {
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
    [t('totalAmount'), toWinAnsi(format.money.format(invoice.totalAmount))],
    [t('vatAmount'), toWinAnsi(format.money.format(invoice.ivaAmount))],
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
    doc
      .font('Helvetica')
      .fontSize(10.5)
      .fillColor(PDF_COLORS.text)
      .text(t('notGranted'), layout.left, layout.y, { width: layout.width });
  }

  layout.end();
  return done;
}
