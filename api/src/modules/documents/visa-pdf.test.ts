import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { describe, it } from 'node:test';
import type { ServerLanguage, Visa } from '@varco/contracts';
import { createQrService } from '../qr';
import { SAMPLE_PENDING_INVOICE } from './samples';
import { assertLayoutTexts, readPdf } from '../../test/pdf-reader';
import { SAMPLE_VISA } from './testing';
import { VISA_PDF_TEXTS, renderVisaPdf, visaQrInstructionKey } from './visa-pdf';

const qr = createQrService({ privateKey: generateKeyPairSync('ed25519').privateKey });
const TOKEN = qr.issue({
  publicId: '0b7e6f2e-3f6c-4c1e-9a55-1e2f3a4b5c6d',
  issuedAt: new Date('2026-06-01T10:00:00Z'),
});
const QR_PNG = qr.pngBuffer(TOKEN).toString('base64');

/** 23:30 UTC on 15 January is 00:30 on the 16th in Rome. */
const GENERATED_AT = new Date('2026-01-15T23:30:00Z');
const TRAVELER = { nome: 'Zoë', cognome: 'Müller-Pérez' };

/** The sample request in Italian, with the descriptions the api gives for a request in Italian. */
const VISA: Visa = {
  ...SAMPLE_VISA,
  stateDescription: 'In attesa',
  invoices: SAMPLE_VISA.invoices.map((invoice) => ({ ...invoice, stateDescription: 'In lavorazione' })),
  meansOfTransport: { code: 'AE', description: 'Aereo' },
  travelDocType: { code: 'PASSAPORTO', description: 'Passaporto' },
  destinationCountry: { code: 'US', description: 'Stati Uniti' },
};

async function parse(pdf: Buffer): Promise<{ text: string; pages: number; info: Record<string, unknown> }> {
  const { text, pages, info } = await readPdf(pdf);
  // Lines wrap where the layout says: compare with single spaces.
  return { text: text.replace(/[ \t\u00a0\u202f]*\n[ \t]*/g, ' ').replace(/[ \t]+/g, ' '), pages, info };
}

const render = (visa: Visa, language: ServerLanguage, qrPng: string | null = QR_PNG) =>
  renderVisaPdf({ visa, qrPng, traveler: TRAVELER, generatedAt: GENERATED_AT }, language);

describe('visa request PDF', () => {
  it('has the same labels in the twelve languages, none empty or left in English, all drawn by their fonts', () => {
    assertLayoutTexts(VISA_PDF_TEXTS, {
      names: ['issuer', 'none'],
      // Words these languages write as English does.
      sameAsEnglish: { IT: ['no'], ES: ['no'], FR: ['page'], DE: ['status', 'invoiceState'] },
    });
  });

  it('renders a pending request in Italian: QR instruction, request, traveler, travel, invoices', async () => {
    const { text, pages, info } = await parse(await render(VISA, 'IT'));
    assert.equal(pages, 1);
    assert.ok(text.includes('Richiesta di visto doganale'), text);
    assert.ok(text.includes(VISA_PDF_TEXTS.IT.instructionPending));
    for (const label of [
      'Codice richiesta',
      'Identificativo della richiesta',
      'Inviata il',
      'Importo totale',
      'Numero di fatture',
      'Viaggiatore',
      'Documento di viaggio',
      'Mezzo di trasporto',
      'Partenza',
      'Destinazione',
      'Aeroporto di destinazione',
      'Numero di volo',
      'Fatture',
      'Venditore',
    ]) {
      assert.ok(text.includes(label), `missing "${label}"`);
    }
    assert.ok(!text.includes('Request code'), 'no English label');
    assert.ok(text.includes('VR-2026-K7M2Q9XD'));
    assert.ok(text.includes('0b7e6f2e-3f6c-4c1e-9a55-1e2f3a4b5c6d'));
    assert.match(text, /1 giugno 2026[^\n]*10:05/, 'sent date and hour in Rome time');
    assert.match(text, /2\.469,12\s€/);
    assert.match(text, /Numero di fatture\s*2/);
    assert.ok(text.includes('Zoë Müller-Pérez'));
    assert.ok(text.includes('Passaporto (PASSAPORTO) X1234567'));
    assert.ok(text.includes('Aereo (AE)'));
    assert.match(text, /12 giugno 2026[^\n]*18:30/, 'departure in Rome time');
    assert.ok(
      text.includes('Stati Uniti (US)') && text.includes('New York John F. Kennedy (JFK)') && text.includes('AZ 610'),
    );
    assert.ok(text.includes('FT-2026/0043') && text.includes('FT-2026/0044'));
    assert.ok(text.includes('Caffè Città Alta S.r.l.') && text.includes('Pelletteria Fiorentina S.r.l.'));
    assert.match(text, /1\.234,56\s€/);
    assert.ok(text.includes('In lavorazione'));
    assert.ok(text.includes('16 gennaio 2026'), 'generated at, Rome day');
    assert.equal(info.Title, 'Richiesta di visto doganale – VR-2026-K7M2Q9XD');
  });

  it('renders in English with the instruction of each state that has a QR code', async () => {
    const english = await parse(await render({ ...VISA, stateDescription: 'Pending' }, 'EN'));
    for (const label of [
      'Customs visa request',
      'Request code',
      'Visa request id',
      'Sent on',
      'Total amount',
      'Number of invoices',
      'Travel document',
      'Means of transport',
      'Departure',
      'Destination airport',
      'Flight number',
      'Invoices',
      'Vendor',
    ]) {
      assert.ok(english.text.includes(label), `missing "${label}"`);
    }
    assert.ok(!english.text.includes('Codice richiesta'));
    assert.match(english.text, /June 1, 2026[^\n]*10:05\sAM/);
    assert.match(english.text, /€2,469\.12/);
    assert.ok(english.text.includes(VISA_PDF_TEXTS.EN.instructionPending));

    const inCompletion = await parse(await render({ ...VISA, stateCode: 50, stateDescription: 'In completion' }, 'EN'));
    assert.ok(inCompletion.text.includes('Go airside after the passport and security check'));
    const customs = await parse(await render({ ...VISA, stateCode: 20, stateDescription: 'Customs check' }, 'IT'));
    assert.ok(customs.text.includes("Recati all'ufficio doganale con questo codice QR"));
    assert.equal(visaQrInstructionKey(100), null);
    assert.equal(visaQrInstructionKey(10), null);
  });

  it('says why there is no QR code in an expired or completed request', async () => {
    const expired = await parse(await render({ ...VISA, stateCode: 10, stateDescription: 'Expired' }, 'EN', null));
    assert.ok(expired.text.includes('The request has expired'));
    const completed = await parse(
      await render({ ...VISA, stateCode: 100, stateDescription: 'Completata' }, 'IT', null),
    );
    assert.ok(completed.text.includes('La richiesta è completata'));
  });

  it('continues a long list of invoices on further pages', async () => {
    const invoices = Array.from({ length: 45 }, (_, index) => ({
      ...SAMPLE_PENDING_INVOICE,
      idRichiestaRimborso: index + 1,
      invoiceNumber: `FT-2026/${1000 + index}`,
    }));
    const { text, pages } = await parse(await render({ ...VISA, invoices, totalInvoices: invoices.length }, 'EN'));
    assert.ok(pages >= 2, `pages: ${pages}`);
    assert.ok(text.includes('FT-2026/1000') && text.includes('FT-2026/1044'));
    assert.ok(text.includes('Page 2'));
  });
});
