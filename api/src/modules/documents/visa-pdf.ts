import { VisaState, type ServerLanguage, type Visa } from '@varco/contracts';
import { fill, formatInstant, newPdf, PDF_COLORS, pdfWriter, toWinAnsi } from './pdf-common';
import { createPdfLayout } from './pdf-layout';

/**
 * The PDF of a visa request (docs/domain.md, docs/calls.md GET /visa/{id}/download): an A4 page in
 * Italian or English with the QR code and what to do with it in the request's state (docs/domain.md: pending → go to the exit
 * point; in completion → go airside; customs check → go to the customs office), the request (code, visaRequestId, sent
 * date and hour in Europe/Rome, total and invoice count), the traveler, the travel and the invoices. Like the release
 * PDF: pdfkit with the standard font Helvetica (WinAnsi text through `toWinAnsi`), nothing read from the database, a
 * few milliseconds a render (api/bench/qr.ts). A long list of invoices continues on further pages.
 */

export interface VisaPdfInput {
  /** The request as the traveler reads it (contracts), with its invoices and translated descriptions. */
  visa: Visa;
  /** The QR code, base64 PNG without the `data:` prefix; null when the state has none (expired, completed). */
  qrPng: string | null;
  traveler: { nome: string; cognome: string };
  generatedAt: Date;
}

/** Every label of the document. Both languages have the same keys (a test says so). */
export const VISA_PDF_TEXTS = {
  IT: {
    title: 'Richiesta di visto doganale',
    issuer: 'Agenzia delle Dogane e dei Monopoli – Varco',
    subject: 'Richiesta {requestCode}',
    instructionPending:
      "Mostra questo codice QR al punto d'uscita dall'UE (chiosco o funzionario doganale) e fallo scansionare.",
    instructionInCompletion:
      "Dopo il controllo passaporti e di sicurezza prosegui verso l'area airside: il visto viene rilasciato quando il codice QR passa al punto d'uscita.",
    instructionCustomsCheck: "Recati all'ufficio doganale con questo codice QR per il controllo doganale.",
    noQrExpired:
      "La richiesta è scaduta: non è stata presentata in tempo al punto d'uscita. Il codice QR non è più valido.",
    noQrCompleted: 'La richiesta è completata: il visto doganale è stato rilasciato. Il codice QR non serve più.',
    noQrOther: 'Il codice QR non è disponibile per questa richiesta.',
    requestSection: 'Richiesta',
    requestCode: 'Codice richiesta',
    visaRequestId: 'Identificativo della richiesta',
    sentAt: 'Inviata il',
    status: 'Stato',
    totalAmount: 'Importo totale',
    invoiceCount: 'Numero di fatture',
    travelerSection: 'Viaggiatore',
    travelerName: 'Nome e cognome',
    document: 'Documento di viaggio',
    crewMember: "Membro dell'equipaggio",
    travelSection: 'Viaggio',
    transport: 'Mezzo di trasporto',
    departure: 'Partenza',
    destination: 'Destinazione',
    freeZone: 'Zona franca',
    airport: 'Aeroporto di destinazione',
    flight: 'Numero di volo',
    invoicesSection: 'Fatture',
    invoiceNumber: 'Numero',
    vendor: 'Venditore',
    amount: 'Importo',
    invoiceState: 'Stato',
    yes: 'Sì',
    no: 'No',
    generatedAt: 'Documento generato il {date} (ora italiana).',
    page: 'Pagina {page}',
    none: '—',
  },
  EN: {
    title: 'Customs visa request',
    issuer: 'Agenzia delle Dogane e dei Monopoli – Varco',
    subject: 'Request {requestCode}',
    instructionPending: 'Show this QR code at the EU exit point (kiosk or customs officer) and have it scanned.',
    instructionInCompletion:
      'Go airside after the passport and security check: the visa is given when the QR code is passed at the exit point.',
    instructionCustomsCheck: 'Go to the customs office with this QR code for the customs check.',
    noQrExpired:
      'The request has expired: it was not presented at the exit point in time. The QR code is no longer valid.',
    noQrCompleted: 'The request is completed: the customs visa has been given. The QR code is no longer needed.',
    noQrOther: 'The QR code is not available for this request.',
    requestSection: 'Request',
    requestCode: 'Request code',
    visaRequestId: 'Visa request id',
    sentAt: 'Sent on',
    status: 'Status',
    totalAmount: 'Total amount',
    invoiceCount: 'Number of invoices',
    travelerSection: 'Traveler',
    travelerName: 'Name',
    document: 'Travel document',
    crewMember: 'Crew member',
    travelSection: 'Travel',
    transport: 'Means of transport',
    departure: 'Departure',
    destination: 'Destination',
    freeZone: 'Free zone',
    airport: 'Destination airport',
    flight: 'Flight number',
    invoicesSection: 'Invoices',
    invoiceNumber: 'Number',
    vendor: 'Vendor',
    amount: 'Amount',
    invoiceState: 'Status',
    yes: 'Yes',
    no: 'No',
    generatedAt: 'Document generated on {date} (Italian time).',
    page: 'Page {page}',
    none: '—',
  },
} as const satisfies Record<ServerLanguage, Record<string, string>>;

type TextKey = keyof (typeof VISA_PDF_TEXTS)['IT'];

/** The instruction printed under the QR code in each state that shows one (docs/domain.md). */
export function visaQrInstructionKey(stateCode: number): TextKey | null {
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
const { text: COLOR_TEXT, muted: COLOR_MUTED, accent: COLOR_ACCENT } = PDF_COLORS;

/** Renders the PDF of a visa request in the given language. */
export function renderVisaPdf(input: VisaPdfInput, language: ServerLanguage): Promise<Buffer> {
  const texts = VISA_PDF_TEXTS[language];
  const { t, format, orNone, footer } = pdfWriter<TextKey>(texts, language);
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

  const layout = createPdfLayout(doc, {
    labelWidth: LABEL_WIDTH,
    footerText: footer(generatedAt),
    pageText: (page) => toWinAnsi(fill(texts.page, { page })),
  });
  const { left, width, heading, rows } = layout;
  layout.header(t('title'), t('issuer'));
  layout.y += 10;

  // The QR code on the left, what to do with it on its right; or why there is none.
  const instructionKey = visaQrInstructionKey(visa.stateCode);
  if (input.qrPng && instructionKey) {
    const top = layout.y;
    doc.image(Buffer.from(input.qrPng, 'base64'), left, top, { width: QR_SIZE, height: QR_SIZE });
    const textX = left + QR_SIZE + 18;
    const textWidth = width - QR_SIZE - 18;
    doc
      .font('Helvetica-Bold')
      .fontSize(16)
      .fillColor(COLOR_TEXT)
      .text(toWinAnsi(visa.requestCode), textX, top + 8, { width: textWidth });
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(COLOR_MUTED)
      .text(orNone(visa.stateDescription), textX, doc.y + 2, { width: textWidth });
    doc
      .font('Helvetica-Bold')
      .fontSize(11.5)
      .fillColor(COLOR_ACCENT)
      .text(t(instructionKey), textX, doc.y + 10, { width: textWidth });
    layout.y = Math.max(top + QR_SIZE, doc.y) + 6;
  } else {
    const key: TextKey =
      visa.stateCode === VisaState.EXPIRED
        ? 'noQrExpired'
        : visa.stateCode === VisaState.COMPLETED
          ? 'noQrCompleted'
          : 'noQrOther';
    doc.font('Helvetica-Bold').fontSize(11.5).fillColor(COLOR_ACCENT).text(t(key), left, layout.y, { width });
    layout.y = doc.y + 4;
  }

  const invoices = visa.invoices ?? [];
  heading(t('requestSection'));
  rows([
    [t('requestCode'), orNone(visa.requestCode)],
    [t('visaRequestId'), orNone(visa.visaRequestId)],
    [t('sentAt'), orNone(instantOrNull(visa.requestDate, format.dateTime))],
    [t('status'), orNone(visa.stateDescription)],
    [t('totalAmount'), toWinAnsi(format.money.format(visa.totalAmount))],
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

  // The invoices as a table: number, vendor, amount, state.
  heading(t('invoicesSection'));
  const columns = [
    { key: 'invoiceNumber' as const, width: 100, align: 'left' as const },
    { key: 'vendor' as const, width: width - 100 - 90 - 130 - 3 * 8, align: 'left' as const },
    { key: 'amount' as const, width: 90, align: 'right' as const },
    { key: 'invoiceState' as const, width: 130, align: 'left' as const },
  ];
  const tableRow = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9.5);
    const height = Math.max(...cells.map((cell, index) => doc.heightOfString(cell, { width: columns[index]!.width })));
    layout.ensure(height + 4);
    let x = left;
    cells.forEach((cell, index) => {
      const column = columns[index]!;
      doc
        .fillColor(bold ? COLOR_MUTED : COLOR_TEXT)
        .text(cell, x, layout.y, { width: column.width, align: column.align });
      x += column.width + 8;
    });
    layout.y += height + 4;
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
        toWinAnsi(format.money.format(invoice.totalAmount)),
        orNone(invoice.stateDescription),
      ],
      false,
    );
  }

  layout.end();
  return done;
}
