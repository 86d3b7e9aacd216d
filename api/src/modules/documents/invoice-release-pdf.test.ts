import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SAMPLE_GRANTED_INVOICE, SAMPLE_PENDING_INVOICE, SAMPLE_TRAVELER } from './samples';
import { RELEASE_PDF_TEXTS, renderInvoiceReleasePdf } from './invoice-release-pdf';
import { assertLayoutTexts, popplerInstalled, readPdf as parse, readWithPoppler } from '../../test/pdf-reader';

const GRANTED = SAMPLE_GRANTED_INVOICE;
const PENDING = SAMPLE_PENDING_INVOICE;
const TRAVELER = SAMPLE_TRAVELER;

/** 23:30 UTC on 15 January is 00:30 on the 16th in Rome (winter time): the footer must say the 16th. */
const GENERATED_AT = new Date('2026-01-15T23:30:00Z');

describe('invoice release PDF', () => {
  it('has the same labels in the twelve languages, none empty or left in English, all drawn by their fonts', () => {
    assertLayoutTexts(RELEASE_PDF_TEXTS, {
      names: ['issuer', 'none'],
      // A word German writes as English does.
      sameAsEnglish: { DE: ['status'] },
    });
  });

  it('renders a granted invoice in Italian: labels, amounts, release, accents, metadata', async () => {
    const { text, pages, info, size } = await parse(
      await renderInvoiceReleasePdf({ invoice: GRANTED, traveler: TRAVELER, generatedAt: GENERATED_AT }, 'IT'),
    );
    assert.equal(pages, 1);
    assert.equal(Math.round(size.width), 595);
    assert.equal(Math.round(size.height), 842);

    assert.ok(text.includes('Fattura tax-free – rilascio del visto'), text);
    assert.ok(text.includes('Agenzia delle Dogane e dei Monopoli – Varco'));
    for (const label of [
      'Numero fattura',
      'Identificativo del rimborso',
      'Codice richiesta',
      'Data di emissione',
      'Venditore',
      'Intermediario',
      'Importo totale',
      'IVA',
      'Stato',
      "Termine per l'uscita dall'UE",
    ]) {
      assert.ok(text.includes(label), `missing "${label}"`);
    }
    for (const label of [
      'Viaggiatore',
      'Nome e cognome',
      'Tipo di documento',
      'Paese del documento',
      'Numero del documento',
      'Visto doganale',
      'Data del visto',
      'Codice del visto',
      'Ufficio doganale',
    ]) {
      assert.ok(text.includes(label), `missing "${label}"`);
    }
    assert.ok(!text.includes('Invoice number'), 'no English label');

    assert.ok(text.includes('FT-2026/0042'));
    assert.ok(text.includes('987654'));
    assert.ok(text.includes('RC-77AB12'));
    assert.match(text, /1\.234,56\s€/);
    assert.match(text, /222,62\s€/);
    assert.ok(text.includes('10 maggio 2026'), 'issue date');
    assert.ok(text.includes('31 agosto 2026'), 'exit deadline');
    assert.ok(text.includes('Visto concesso'), 'status = stateDescription');
    assert.ok(text.includes('Tax Refund Italia S.p.A.'));

    // Accented letters survive the WinAnsi round trip.
    assert.ok(text.includes('Caffè Città Alta S.r.l.'));
    assert.ok(text.includes('Zoë Müller-Pérez'));
    assert.ok(text.includes('Passaporto') && text.includes('Svizzera') && text.includes('X1234567'));

    assert.match(text, /2 giugno 2026[^\n]*14:45/, 'release date in Rome time');
    assert.ok(text.includes('VIS-2026-000173'));
    assert.ok(text.includes('IT277100'));
    assert.ok(!text.includes('non è stato ancora concesso'));
    assert.match(text, /Documento generato il 16 gennaio 2026[^\n]*00:30 \(ora italiana\)/);

    assert.equal(info.Title, 'Fattura tax-free – rilascio del visto – FT-2026/0042');
    assert.equal(info.Author, 'Agenzia delle Dogane e dei Monopoli – Varco');
    assert.equal(info.Subject, 'Fattura FT-2026/0042, richiesta di rimborso 987654');
    assert.equal(info.Language, 'it-IT');
  });

  it('renders an invoice without a release in English, with the not-granted sentence', async () => {
    const { text, pages, info } = await parse(
      await renderInvoiceReleasePdf({ invoice: PENDING, traveler: TRAVELER, generatedAt: GENERATED_AT }, 'EN'),
    );
    assert.equal(pages, 1);
    assert.ok(text.includes('Tax-free invoice – visa release'));
    for (const label of [
      'Invoice number',
      'Refund id',
      'Request code',
      'Issue date',
      'Vendor',
      'Broker',
      'Total amount',
      'VAT',
      'Status',
      'Exit deadline',
      'Traveler',
      'Document type',
      'Document country',
      'Document number',
      'Customs visa',
    ]) {
      assert.ok(text.includes(label), `missing "${label}"`);
    }
    assert.ok(!text.includes('Numero fattura'), 'no Italian label');
    assert.ok(text.includes('FT-2026/0043'));
    assert.match(text, /€1,234\.56/);
    assert.match(text, /€222\.62/);
    assert.ok(text.includes('May 10, 2026') && text.includes('August 31, 2026'));
    assert.match(text, /Broker\s+—/, 'no broker is a dash');
    assert.ok(text.includes('The customs visa has not been granted for this invoice yet.'));
    for (const label of ['Release date', 'Release code', 'Customs office'])
      assert.ok(!text.includes(label), `"${label}" without a release`);
    assert.match(text, /Document generated on January 16, 2026[^\n]*12:30\sAM \(Italian time\)/);
    assert.ok(text.includes('Caffè Città Alta S.r.l.'));

    assert.equal(info.Title, 'Tax-free invoice – visa release – FT-2026/0043');
    assert.equal(info.Language, 'en-US');
  });

  it('says in Italian that the visa has not been granted yet', async () => {
    const { text } = await parse(
      await renderInvoiceReleasePdf({ invoice: PENDING, traveler: TRAVELER, generatedAt: GENERATED_AT }, 'IT'),
    );
    assert.ok(text.includes('Il visto doganale per questa fattura non è stato ancora concesso.'));
    assert.ok(!text.includes('Data del visto'));
    assert.match(text, /Intermediario\s+—/);
  });

  it('draws a value in any script in a font that has it, whatever the language', async (t) => {
    const invoice = { ...GRANTED, vendorName: 'Erdős 東京 Store Łódź' };
    const traveler = { ...TRAVELER, nome: 'Иван', cognome: 'Петров' };
    const pdf = await renderInvoiceReleasePdf({ invoice, traveler, generatedAt: GENERATED_AT }, 'EN');
    const { text } = await parse(pdf);
    assert.ok(text.includes('Erdős 東京 Store Łódź'), text);
    assert.ok(text.includes('Иван Петров'));
    if (!popplerInstalled()) return t.skip('poppler-utils is not installed (bash scripts/ensure-poppler.sh)');
    const { fonts } = await readWithPoppler(pdf);
    // Noto Sans for Latin and Cyrillic, Noto Sans SC for the ideographs, each a subset.
    assert.deepEqual(fonts.map((font) => font.name.replace(/^[A-Z]{6}\+/, '')).sort(), [
      'NotoSans-Bold',
      'NotoSans-Regular',
      'NotoSansSC-Bold',
    ]);
  });

  it('renders a long vendor name on more lines and stays on one page', async () => {
    const invoice = { ...GRANTED, vendorName: 'Società Cooperativa '.repeat(12).trim() };
    const { text, pages } = await parse(
      await renderInvoiceReleasePdf({ invoice, traveler: TRAVELER, generatedAt: GENERATED_AT }, 'IT'),
    );
    assert.equal(pages, 1);
    const vendorAt = text.indexOf('Società Cooperativa');
    assert.ok(vendorAt > 0 && text.indexOf('Intermediario') > vendorAt, 'the next row comes after the wrapped name');
    assert.ok(text.includes('Documento generato il'), 'the footer is on the same page');
  });
});
