import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { describe, it, type TestContext } from 'node:test';
import { fill, formatDay, formatInstant, formattersFor } from './pdf-common';
import { SERVER_LANGUAGES, toLocale, type ServerLanguage, type Visa } from '@varco/contracts';
import { createQrService } from '../qr';
import { RELEASE_PDF_TEXTS, renderInvoiceReleasePdf } from './invoice-release-pdf';
import { assertHasText, popplerInstalled, readPdf, readWithPoppler } from '../../test/pdf-reader';
import { SAMPLE_GRANTED_INVOICE, SAMPLE_TRAVELER } from './samples';
import { SAMPLE_VISA } from './testing';
import { VISA_PDF_TEXTS, renderVisaPdf } from './visa-pdf';

// Both PDFs in each of the twelve languages: every label read back (pdf.js and poppler), the values formatted by the
// language's locale, one page, within the size budget, the fonts embedded as subsets that read back as text.

const MAX_BYTES = 300 * 1024;
/** 23:30 UTC on 15 January is 00:30 on the 16th in Rome. */
const GENERATED_AT = new Date('2026-01-15T23:30:00Z');
const qr = createQrService({ privateKey: generateKeyPairSync('ed25519').privateKey });
const QR_PNG = qr
  .pngBuffer(qr.issue({ publicId: '0b7e6f2e-3f6c-4c1e-9a55-1e2f3a4b5c6d', issuedAt: GENERATED_AT }))
  .toString('base64');

/** The descriptions the database gives in some languages (the others keep the English ones of the fixtures). */
const DESCRIPTIONS: Partial<Record<ServerLanguage, { state: string; transport: string; document: string }>> = {
  AR: { state: 'قيد الانتظار', transport: 'طائرة', document: 'جواز السفر' },
  'ZH-HANS': { state: '待处理', transport: '飞机', document: '护照' },
  RU: { state: 'В ожидании', transport: 'Самолёт', document: 'Паспорт' },
};

function visaIn(language: ServerLanguage): Visa {
  const described = DESCRIPTIONS[language];
  return {
    ...SAMPLE_VISA,
    stateDescription: described?.state ?? 'Pending',
    ...(described && {
      meansOfTransport: { code: 'AE', description: described.transport },
      travelDocType: { code: 'PASSAPORTO', description: described.document },
    }),
  };
}

/** An amount as the reader can find it: in Arabic the euro sign, a neutral, goes to the other side of the digits. */
const amountText = (language: ServerLanguage, amount: number) => {
  const text = formattersFor(language).money.format(amount);
  return language === 'AR' ? text.replace(/[^\d.,]/g, '') : text;
};

/**
 * Reads a PDF with both readers and checks each expected label and value in each; but pdf.js scrambles the words of
 * an Arabic line that also has Latin letters or digits, so Arabic values are left to poppler.
 */
async function assertReads(
  t: TestContext,
  pdf: Buffer,
  language: ServerLanguage,
  { labels, values }: { labels: readonly string[]; values: readonly string[] },
): Promise<Awaited<ReturnType<typeof readPdf>>> {
  assert.ok(pdf.length <= MAX_BYTES, `${language}: ${pdf.length} bytes`);
  const read = await readPdf(pdf);
  assert.equal(read.pages, 1, `${language}: one page`);
  assert.equal(read.info.Language, toLocale(language));
  const pdfJsValues = language === 'AR' ? values.filter((value) => !/\p{Script=Arabic}/u.test(value)) : values;
  for (const text of [...labels, ...pdfJsValues]) assertHasText(read.text, text, { reader: 'pdf.js', language });
  const expected = [...labels, ...values];

  if (!popplerInstalled()) {
    // CI installs it (scripts/test.sh); a developer's machine may not have it yet.
    assert.notEqual(process.env.CI, 'true', 'poppler-utils is missing: bash scripts/ensure-poppler.sh');
    t.diagnostic('poppler-utils is not installed (bash scripts/ensure-poppler.sh): read with pdf.js only');
    return read;
  }
  const poppler = await readWithPoppler(pdf);
  for (const text of expected) assertHasText(poppler.text, text, { reader: 'poppler', language });
  assert.ok(poppler.fonts.length > 0);
  for (const font of poppler.fonts) {
    assert.ok(font.embedded && font.subset && font.toUnicode, `${language}: ${JSON.stringify(font)}`);
  }
  const family = { AR: 'NotoSansArabic-', 'ZH-HANS': 'NotoSansSC-', JA: 'NotoSansJP-', KO: 'NotoSansKR-' }[
    language as string
  ];
  assert.ok(
    poppler.fonts.some((font) => font.name.includes(family ?? 'NotoSans-')),
    `${language}: ${poppler.fonts.map((font) => font.name).join(', ')}`,
  );
  return read;
}

describe('PDFs in every language', () => {
  for (const language of SERVER_LANGUAGES) {
    it(`renders the visa request and the invoice release in ${language}`, async (t) => {
      const format = formattersFor(language);

      const visa = visaIn(language);
      const texts = VISA_PDF_TEXTS[language];
      const visaPdf = await renderVisaPdf(
        { visa, qrPng: QR_PNG, traveler: { nome: 'Zoë', cognome: 'Müller-Pérez' }, generatedAt: GENERATED_AT },
        language,
      );
      const read = await assertReads(t, visaPdf, language, {
        labels: [
          ...(
            [
              'title',
              'instructionPending',
              'requestSection',
              'requestCode',
              'visaRequestId',
              'sentAt',
              'status',
              'totalAmount',
              'invoiceCount',
              'travelerSection',
              'travelerName',
              'document',
              'crewMember',
              'no',
              'travelSection',
              'transport',
              'departure',
              'destination',
              'airport',
              'flight',
              'invoicesSection',
              'invoiceNumber',
              'vendor',
              'amount',
              'invoiceState',
            ] as const
          ).map((key) => texts[key]),
          fill(texts.page, { page: 1 }),
        ],
        values: [
          fill(texts.generatedAt, { date: formatInstant(GENERATED_AT, format.dateTime) }),
          'VR-2026-K7M2Q9XD',
          '0b7e6f2e-3f6c-4c1e-9a55-1e2f3a4b5c6d',
          visa.stateDescription,
          formatInstant(visa.requestDate, format.dateTime),
          formatInstant(visa.travelDate!, format.dateTime),
          amountText(language, 2469.12),
          amountText(language, 1234.56),
          'Zoë Müller-Pérez',
          // An Arabic description with a Latin code: each reader orders the two its own way.
          ...(language === 'AR'
            ? [visa.travelDocType!.description!, 'PASSAPORTO', 'X1234567']
            : [`${visa.travelDocType!.description} (PASSAPORTO) X1234567`]),
          'FT-2026/0043',
          'FT-2026/0044',
          'Caffè Città Alta S.r.l.',
          'Pelletteria Fiorentina S.r.l.',
        ],
      });
      assert.equal(read.info.Title, `${texts.title} – VR-2026-K7M2Q9XD`);

      const release = RELEASE_PDF_TEXTS[language];
      const invoice = SAMPLE_GRANTED_INVOICE;
      const releasePdf = await renderInvoiceReleasePdf(
        { invoice, traveler: SAMPLE_TRAVELER, generatedAt: GENERATED_AT },
        language,
      );
      const releaseRead = await assertReads(t, releasePdf, language, {
        labels: [
          ...(
            [
              'title',
              'invoiceSection',
              'invoiceNumber',
              'refundId',
              'requestCode',
              'issueDate',
              'vendor',
              'broker',
              'totalAmount',
              'vatAmount',
              'status',
              'exitDeadline',
              'travelerSection',
              'travelerName',
              'documentType',
              'documentCountry',
              'documentNumber',
              'releaseSection',
              'releaseDate',
              'releaseCode',
              'customsOffice',
            ] as const
          ).map((key) => release[key]),
        ],
        values: [
          fill(release.generatedAt, { date: formatInstant(GENERATED_AT, format.dateTime) }),
          'FT-2026/0042',
          '987654',
          'RC-77AB12',
          formatDay(invoice.emissionDate, format.day),
          formatDay(invoice.exitDeadline!, format.day),
          formatInstant(invoice.dateRelease!, format.dateTime),
          amountText(language, 1234.56),
          amountText(language, 222.62),
          'VIS-2026-000173',
          'IT277100',
          'Tax Refund Italia S.p.A.',
        ],
      });
      assert.equal(releaseRead.info.Title, `${release.title} – FT-2026/0042`);
    });
  }
});
