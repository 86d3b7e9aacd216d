import type { Invoice, ServerLanguage } from '@varco/contracts';
import { fill, formatDay, formatInstant, formattersFor, newPdf, PDF_COLORS, PDF_MARGIN, toWinAnsi } from './pdf-common';

export { toWinAnsi } from './pdf-common';

/**
 * The release PDF of one invoice (SPEC §3 "A downloadable release PDF", §7 GET /invoices/downloadRelease): an A4
 * page in Italian or English with the invoice, the traveler's identity document and the customs visa (or a sentence
 * saying it has not been granted yet). pdfkit with the PDF standard font Helvetica: nothing to embed, so a page is
 * about 3 KB and renders in a few milliseconds (see `api/bench/documents.ts`). Standard fonts speak WinAnsi only, so
 * every text goes through `toWinAnsi` first (Italian accents, €, dashes and quotes are in it).
 */

export interface InvoiceReleaseTraveler {
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

// Layout, in PDF points (A4 is 595.28 × 841.89).
const MARGIN = PDF_MARGIN;
const LABEL_WIDTH = 170;
const GAP = 12;
const { text: COLOR_TEXT, muted: COLOR_MUTED, accent: COLOR_ACCENT, rule: COLOR_RULE } = PDF_COLORS;

type Row = readonly [label: string, value: string];

/** Renders the release PDF of an invoice in the given language. */
export function renderInvoiceReleasePdf(input: InvoiceReleaseDocument, language: ServerLanguage): Promise<Buffer> {
  const texts = RELEASE_PDF_TEXTS[language];
  const t = (key: TextKey) => toWinAnsi(texts[key]);
  const format = formattersFor(language);
  const { invoice, traveler, generatedAt } = input;
  const none = t('none');
  const orNone = (value: string | null | undefined) => (value && value.trim() ? toWinAnsi(value) : none);

  const { doc, done } = newPdf(
    language,
    {
      Title: `${texts.title} – ${invoice.invoiceNumber}`,
      Author: texts.issuer,
      Subject: fill(texts.subject, { invoiceNumber: invoice.invoiceNumber, refundId: invoice.idRichiestaRimborso }),
    },
    generatedAt,
  );

  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const valueX = left + LABEL_WIDTH + GAP;
  const valueWidth = width - LABEL_WIDTH - GAP;
  let y = MARGIN;

  const rule = (at: number, color = COLOR_RULE, lineWidth = 0.75) => {
    doc.save().moveTo(left, at).lineTo(left + width, at).lineWidth(lineWidth).strokeColor(color).stroke().restore();
  };

  const heading = (text: string) => {
    y += 18;
    doc.font('Helvetica-Bold').fontSize(12.5).fillColor(COLOR_ACCENT).text(text, left, y, { width, lineBreak: false });
    y += 18;
    rule(y);
    y += 8;
  };

  const rows = (items: readonly Row[]) => {
    for (const [label, value] of items) {
      doc.font('Helvetica').fontSize(10);
      const labelHeight = doc.heightOfString(label, { width: LABEL_WIDTH });
      doc.font('Helvetica-Bold').fontSize(10.5);
      const valueHeight = doc.heightOfString(value, { width: valueWidth });
      doc.font('Helvetica').fontSize(10).fillColor(COLOR_MUTED).text(label, left, y + 0.5, { width: LABEL_WIDTH });
      doc.font('Helvetica-Bold').fontSize(10.5).fillColor(COLOR_TEXT).text(value, valueX, y, { width: valueWidth });
      y += Math.max(labelHeight, valueHeight) + 6;
    }
  };

  // Header: title, issuer, a thick rule.
  doc.font('Helvetica-Bold').fontSize(19).fillColor(COLOR_TEXT).text(t('title'), left, y, { width });
  y = doc.y + 4;
  doc.font('Helvetica').fontSize(10.5).fillColor(COLOR_MUTED).text(t('issuer'), left, y, { width });
  y = doc.y + 8;
  rule(y, COLOR_ACCENT, 2);
  y += 4;

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
    doc.font('Helvetica').fontSize(10.5).fillColor(COLOR_TEXT).text(t('notGranted'), left, y, { width });
  }

  // Footer, inside the bottom margin so that it never starts a second page.
  const footerY = doc.page.height - MARGIN + 12;
  const bottomMargin = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  doc.save().moveTo(left, footerY - 8).lineTo(left + width, footerY - 8).lineWidth(0.5).strokeColor(COLOR_RULE).stroke().restore();
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(COLOR_MUTED)
    .text(toWinAnsi(fill(texts.generatedAt, { date: formatInstant(generatedAt, format.dateTime) })), left, footerY, { width, lineBreak: false });
  doc.page.margins.bottom = bottomMargin;

  doc.end();
  return done;
}
