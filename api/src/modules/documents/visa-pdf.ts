import { VisaState, type ServerLanguage, type Visa } from '@varco/contracts';
import { fill, formatInstant, newPdf, pdfWriter } from './pdf-common';
import { createPdfLayout, PDF_STYLES } from './pdf-layout';
import { VISA_PDF_TEXTS, type VisaPdfTextKey } from './visa-pdf-texts';

export { VISA_PDF_TEXTS } from './visa-pdf-texts';

/**
 * The PDF of a visa request (docs/domain.md, docs/calls.md GET /visa/{id}/download): an A4 page in any of the
 * portal's languages with the QR code and what to do with it in the request's state (docs/domain.md: pending → go to
 * the exit point; in completion → go airside; customs check → go to the customs office), the request (code,
 * visaRequestId, sent date and hour in Europe/Rome, total and invoice count), the traveler, the travel and the
 * invoices. Like the release PDF: the layout of `pdf-layout.ts` in the language's embedded fonts and direction,
 * nothing read from the database (figures in api/bench/documents.ts). A long list of invoices continues on further
 * pages.
 */

export interface VisaPdfInput {
  /** The request as the traveler reads it (contracts), with its invoices and translated descriptions. */
  visa: Visa;
  /** The QR code, base64 PNG without the `data:` prefix; null when the state has none (expired, completed). */
  qrPng: string | null;
  traveler: { nome: string; cognome: string };
  generatedAt: Date;
}

/** The instruction printed under the QR code in each state that shows one (docs/domain.md). */
export function visaQrInstructionKey(stateCode: number): VisaPdfTextKey | null {
  switch (stateCode) {
    case VisaState.PENDING:
      return 'instructionPending';
    case VisaState.IN_COMPLETION:
      return 'instructionInCompletion';
    case VisaState.CUSTOMS_CHECK:
      return 'instructionCustomsCheck';
    default:
      return null;
  }
}

/** An instant per the language, or null when there is none. */
const instantOrNull = (value: string | Date | undefined | null, format: Intl.DateTimeFormat): string | null =>
  value ? formatInstant(value, format) : null;

/** "Description (CODE)", or whichever of the two is there. */
function coded(value: { code: string; description?: string | undefined } | null | undefined): string | null {
  if (!value) return null;
  return value.description && value.description !== value.code ? `${value.description} (${value.code})` : value.code;
}

// In PDF points (A4 is 595.28 × 841.89).
const LABEL_WIDTH = 150;
const QR_SIZE = 150;
const QR_GAP = 18;
const COLUMN_GAP = 8;
const TABLE_HEAD = { weight: 'bold', size: 9.5, color: PDF_STYLES.label.color } as const;
const TABLE_CELL = { weight: 'regular', size: 9.5, color: PDF_STYLES.value.color } as const;

/** Renders the PDF of a visa request in the given language. */
export function renderVisaPdf(input: VisaPdfInput, language: ServerLanguage): Promise<Buffer> {
  const texts = VISA_PDF_TEXTS[language];
  const { t, format, orNone, footer } = pdfWriter<VisaPdfTextKey>(texts, language);
  const { visa, traveler, generatedAt } = input;

  const { doc, done } = newPdf(
    language,
    {
      Title: `${texts.title} – ${visa.requestCode}`,
      Author: texts.issuer,
      Subject: fill(texts.subject, { requestCode: visa.requestCode }),
    },
    generatedAt,
  );

  const layout = createPdfLayout(doc, language, {
    labelWidth: LABEL_WIDTH,
    footerText: footer(generatedAt),
    pageText: (page) => fill(texts.page, { page }),
  });
  const { width, heading, rows } = layout;
  layout.header(t('title'), t('issuer'));
  layout.y += 10;

  // The QR code at the start side, what to do with it beside it; or why there is none.
  const instructionKey = visaQrInstructionKey(visa.stateCode);
  if (input.qrPng && instructionKey) {
    const top = layout.y;
    doc.image(Buffer.from(input.qrPng, 'base64'), layout.x(0, QR_SIZE), top, { width: QR_SIZE, height: QR_SIZE });
    const textOffset = QR_SIZE + QR_GAP;
    let y = top + 8;
    const box = { offset: textOffset, boxWidth: width - textOffset };
    y += layout.text(visa.requestCode, { ...PDF_STYLES.title, size: 16 }, y, { ...box, base: 'auto' }) + 2;
    y += layout.text(orNone(visa.stateDescription), PDF_STYLES.label, y, { ...box, base: 'auto' }) + 10;
    y += layout.text(t(instructionKey), PDF_STYLES.notice, y, box);
    layout.y = Math.max(top + QR_SIZE, y) + 6;
  } else {
    const key: VisaPdfTextKey =
      visa.stateCode === VisaState.EXPIRED
        ? 'noQrExpired'
        : visa.stateCode === VisaState.COMPLETED
          ? 'noQrCompleted'
          : 'noQrOther';
    layout.y += layout.text(t(key), PDF_STYLES.notice, layout.y) + 4;
  }

  const invoices = visa.invoices ?? [];
  heading(t('requestSection'));
  rows([
    [t('requestCode'), orNone(visa.requestCode)],
    [t('visaRequestId'), orNone(visa.visaRequestId)],
    [t('sentAt'), orNone(instantOrNull(visa.requestDate, format.dateTime))],
    [t('status'), orNone(visa.stateDescription)],
    [t('totalAmount'), format.money.format(visa.totalAmount)],
    [t('invoiceCount'), String(visa.totalInvoices ?? invoices.length)],
  ]);

  heading(t('travelerSection'));
  const documentText = [coded(visa.travelDocType), visa.travelDocNumber].filter(Boolean).join(' ');
  rows([
    [t('travelerName'), orNone(`${traveler.nome} ${traveler.cognome}`)],
    [t('document'), orNone(documentText)],
    [t('crewMember'), visa.crewMember ? t('yes') : t('no')],
  ]);

  heading(t('travelSection'));
  rows([
    [t('transport'), orNone(coded(visa.meansOfTransport))],
    [t('departure'), orNone(instantOrNull(visa.travelDate, format.dateTime))],
    [t('destination'), orNone(coded(visa.destinationCountry))],
    ...(visa.destinationFreeZone ? [[t('freeZone'), orNone(coded(visa.destinationFreeZone))] as const] : []),
    [t('airport'), orNone(coded(visa.destinationAirport))],
    [t('flight'), orNone(visa.flightNumber)],
  ]);

  // The invoices as a table: number, vendor, amount, state, from the start side (mirrored in Arabic).
  heading(t('invoicesSection'));
  const columns = [
    { key: 'invoiceNumber' as const, width: 100, align: 'start' as const },
    { key: 'vendor' as const, width: width - 100 - 90 - 130 - 3 * COLUMN_GAP, align: 'start' as const },
    { key: 'amount' as const, width: 90, align: 'end' as const },
    { key: 'invoiceState' as const, width: 130, align: 'start' as const },
  ];
  const tableRow = (cells: string[], head: boolean) => {
    const style = head ? TABLE_HEAD : TABLE_CELL;
    const laid = cells.map((cell, index) => layout.lay(cell, style, columns[index]!.width, head ? 'document' : 'auto'));
    const height = Math.max(...laid.map((paragraph) => paragraph.height));
    layout.ensure(height + 2);
    let offset = 0;
    laid.forEach((paragraph, index) => {
      const column = columns[index]!;
      paragraph.draw(layout.x(offset, column.width), layout.y, column.align);
      offset += column.width + COLUMN_GAP;
    });
    layout.y += height + 2;
  };
  tableRow(
    columns.map((column) => t(column.key)),
    true,
  );
  layout.rule(layout.y - 1);
  layout.y += 3;
  for (const invoice of invoices) {
    tableRow(
      [
        orNone(invoice.invoiceNumber),
        orNone(invoice.vendorName),
        format.money.format(invoice.totalAmount),
        orNone(invoice.stateDescription),
      ],
      false,
    );
  }

  layout.end();
  return done;
}
