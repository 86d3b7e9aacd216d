import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { SERVER_LANGUAGES, toLocale, type Lookup } from '@varco/contracts';
import { buildApp } from '../../app';
import { describeEachDatabase, testConfig, type TestApp } from '../../test/app';
import { recordingStatements } from '../../test/statements';

const BASE = '/api/v1/public/typology';
/** ISO 3166-1 has 249 codes; XK (Kosovo) is added as the EU does. */
const COUNTRY_COUNT = 250;
const EU_27 = 'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' ');

async function getList(app: TestApp, url: string, language = 'EN'): Promise<Lookup[]> {
  const response = await app.inject({ method: 'GET', url, headers: { 'accept-language': language } });
  assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
  return response.json<Lookup[]>();
}

function assertSorted(list: Lookup[], locale: string): void {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  for (let index = 1; index < list.length; index += 1) {
    assert.ok(
      collator.compare(list[index - 1]!.description, list[index]!.description) <= 0,
      `${list[index - 1]!.description} before ${list[index]!.description}`,
    );
  }
}

const codes = (list: Lookup[]) => list.map((item) => item.code);
const labelOf = (list: Lookup[], code: string) => list.find((item) => item.code === code)?.description;

describeEachDatabase('public typology calls', ({ build, database }) => {
  let app: TestApp;
  before(async () => {
    app = build();
    await app.ready();
  });

  it('lists the 249 ISO 3166-1 countries and Kosovo, named and sorted in the language of Accept-Language', async () => {
    const italian = await getList(app, `${BASE}/COUNTRY`, 'IT');
    const english = await getList(app, `${BASE}/COUNTRY`, 'en-US,en;q=0.9');
    assert.equal(italian.length, COUNTRY_COUNT);
    assert.equal(new Set(codes(italian)).size, COUNTRY_COUNT);
    assert.equal(labelOf(italian, 'XK'), 'Kosovo');
    assert.deepEqual([...codes(italian)].sort(), [...codes(english)].sort());
    assert.equal(labelOf(italian, 'DE'), 'Germania');
    assert.equal(labelOf(english, 'DE'), 'Germany');
    assert.equal(labelOf(italian, 'US'), 'Stati Uniti');
    assert.equal(labelOf(english, 'CN'), 'China');
    assert.equal(labelOf(english, 'CI'), "Côte d'Ivoire");
    assert.equal(labelOf(english, 'BA'), 'Bosnia and Herzegovina');
    assertSorted(italian, 'it');
    assertSorted(english, 'en');
    // Locale collation, not code points: Å sorts with A, not after Z.
    assert.ok(codes(english).indexOf('AX') < codes(english).indexOf('BE'));
  });

  it('answers English when Accept-Language is missing or names none of the twelve languages', async () => {
    assert.equal(labelOf(await getList(app, `${BASE}/COUNTRY`, ''), 'IT'), 'Italy');
    assert.equal(labelOf(await getList(app, `${BASE}/COUNTRY`, 'sv-SE,sv;q=0.9'), 'IT'), 'Italy');
  });

  it('answers each of the twelve languages, by its code or by Accept-Language, sorted by its collation', async () => {
    const french = await getList(app, `${BASE}/COUNTRY?language=FR`, 'IT');
    const chinese = await getList(app, `${BASE}/COUNTRY?language=ZH-HANS`);
    const arabic = await getList(app, `${BASE}/COUNTRY?language=AR`);
    assert.equal(labelOf(french, 'DE'), 'Allemagne');
    assert.equal(labelOf(chinese, 'DE'), '德国');
    assert.equal(labelOf(arabic, 'DE'), 'ألمانيا');
    assert.deepEqual(await getList(app, `${BASE}/COUNTRY`, 'ar-SA,ar;q=0.9'), arabic);
    assert.deepEqual(await getList(app, `${BASE}/COUNTRY`, 'fr-CA'), french);
    assert.deepEqual(await getList(app, `${BASE}/COUNTRY`, 'zh-CN'), chinese);
    for (const language of SERVER_LANGUAGES) {
      const countries = await getList(app, `${BASE}/COUNTRY?language=${language}`);
      assert.equal(countries.length, COUNTRY_COUNT, language);
      assert.equal(
        new Set(countries.map((item) => item.description)).size,
        COUNTRY_COUNT,
        `${language}: one name each`,
      );
      assertSorted(countries, toLocale(language));
      for (const type of ['DOCUMENT_TYPE', 'TICKET_TYPE', 'TRANSPORT_TYPE']) {
        const list = await getList(app, `${BASE}/${type}?language=${language}`);
        assert.ok(list.length > 0 && list.every((item) => item.description.trim() !== ''), `${type} ${language}`);
      }
    }
    // Locale collation: Chinese by pinyin (Àodìlì before Zhōngguó), not by code point (中 U+4E2D before 奥 U+5965).
    assert.ok(codes(chinese).indexOf('AT') < codes(chinese).indexOf('CN'));
  });

  it('labels documents, tickets, transports and free zones in the new languages', async () => {
    assert.equal(labelOf(await getList(app, `${BASE}/DOCUMENT_TYPE?language=FR`), 'PASSAPORTO'), 'Passeport');
    assert.equal(labelOf(await getList(app, `${BASE}/DOCUMENT_TYPE?language=ZH-HANS`), 'PASSAPORTO'), '护照');
    assert.equal(labelOf(await getList(app, `${BASE}/TICKET_TYPE?language=AR`), 'CARTA_IMBARCO'), 'بطاقة صعود الطائرة');
    assert.deepEqual(await getList(app, `${BASE}/TRANSPORT_TYPE?language=DE`), [
      { code: 'AE', description: 'Flugzeug' },
      { code: 'MP', description: 'Privatfahrzeug' },
    ]);
    assert.equal(
      labelOf(await getList(app, `${BASE}/countries/free-zone/ES?language=PT-BR`), 'ES-CANARIAS'),
      'Ilhas Canárias',
    );
  });

  it('labels airports in each language, the city as that language writes it and the IATA code kept', async () => {
    const byCode = (list: readonly { code: string }[]) => [...list].map((item) => item.code).sort();
    const italian = await getList(app, `${BASE}/airports/IT?language=IT`);
    const english = await getList(app, `${BASE}/airports/IT?language=EN`);
    assert.equal(labelOf(italian, 'FCO'), 'Roma Fiumicino Leonardo da Vinci (FCO)');
    assert.equal(labelOf(english, 'FCO'), 'Rome Fiumicino Leonardo da Vinci (FCO)');
    assert.equal(labelOf(english, 'MXP'), 'Milan Malpensa (MXP)');
    const label = async (language: string, country: string, code: string) =>
      labelOf(await getList(app, `${BASE}/airports/${country}?language=${language}`), code);
    assert.equal(await label('ZH-HANS', 'IT', 'FCO'), '罗马菲乌米奇诺机场 (FCO)');
    assert.match((await label('ZH-HANS', 'IT', 'MXP')) ?? '', /^米兰.*\(MXP\)$/u);
    assert.equal(await label('RU', 'IT', 'FCO'), 'Рим Фьюмичино (FCO)');
    assert.equal(await label('AR', 'IT', 'FCO'), 'مطار روما فيوميتشينو (FCO)');
    assert.equal(await label('JA', 'IT', 'FCO'), 'ローマ・フィウミチーノ空港 (FCO)');
    assert.equal(await label('KO', 'IT', 'FCO'), '로마 피우미치노 공항 (FCO)');
    assert.equal(await label('FR', 'IT', 'FCO'), 'Rome Fiumicino Léonard de Vinci (FCO)');
    assert.equal(await label('DE', 'IT', 'MXP'), 'Mailand Malpensa (MXP)');
    assert.equal(await label('ES', 'IT', 'NAP'), 'Nápoles Capodichino (NAP)');
    assert.equal(await label('PT-BR', 'IT', 'VCE'), 'Veneza Marco Polo (VCE)');
    assert.equal(await label('TR', 'IT', 'VCE'), 'Venedik Marco Polo (VCE)');
    assert.equal(await label('DE', 'GB', 'LHR'), 'London Heathrow (LHR)');
    assert.equal(await label('ZH-HANS', 'JP', 'HND'), '东京羽田机场 (HND)');
    for (const language of SERVER_LANGUAGES.filter((code) => code !== 'IT' && code !== 'EN')) {
      const airports = await getList(app, `${BASE}/airports/IT?language=${language}`);
      assert.deepEqual(byCode(airports), byCode(english), language);
      for (const item of airports) assert.match(item.description, new RegExp(` \\(${item.code}\\)$`), language);
      assertSorted(airports, toLocale(language));
    }
    for (const language of ['ZH-HANS', 'AR', 'JA', 'KO', 'RU']) {
      const airports = await getList(app, `${BASE}/airports/IT?language=${language}`);
      assert.ok(
        airports.every((item) => item.description !== labelOf(english, item.code)),
        `${language}: every Italian airport in its own script`,
      );
    }
  });

  it('lets the language query win over Accept-Language', async () => {
    assert.equal(labelOf(await getList(app, `${BASE}/COUNTRY?language=IT`, 'EN'), 'FR'), 'Francia');
    assert.equal(
      labelOf(await getList(app, `${BASE}/countries/free-zone/ES?language=EN`, 'IT'), 'ES-CANARIAS'),
      'Canary Islands',
    );
  });

  it('has exactly the transport codes AE and MP', async () => {
    assert.deepEqual(await getList(app, `${BASE}/TRANSPORT_TYPE`, 'IT'), [
      { code: 'AE', description: 'Aereo' },
      { code: 'MP', description: 'Mezzo privato' },
    ]);
    assert.deepEqual(await getList(app, `${BASE}/TRANSPORT_TYPE`, 'EN'), [
      { code: 'AE', description: 'Air' },
      { code: 'MP', description: 'Private vehicle' },
    ]);
  });

  it('lists document and ticket types in Italian and English', async () => {
    const documents = await getList(app, `${BASE}/DOCUMENT_TYPE`, 'IT');
    assert.deepEqual([...codes(documents)].sort(), [
      'CARTA_IDENTITA',
      'DOCUMENTO_EQUIPOLLENTE',
      'PASSAPORTO',
      'PASSAPORTO_DIPLOMATICO',
      'PASSAPORTO_SERVIZIO',
    ]);
    assert.equal(labelOf(documents, 'PASSAPORTO'), 'Passaporto');
    assert.equal(labelOf(await getList(app, `${BASE}/DOCUMENT_TYPE`, 'EN'), 'PASSAPORTO'), 'Passport');
    assertSorted(documents, 'it');
    const tickets = await getList(app, `${BASE}/TICKET_TYPE`, 'EN');
    assert.deepEqual([...codes(tickets)].sort(), [
      'BIGLIETTO',
      'BIGLIETTO_ELETTRONICO',
      'CARTA_IMBARCO',
      'PRENOTAZIONE',
    ]);
    assert.equal(labelOf(tickets, 'CARTA_IMBARCO'), 'Boarding pass');
  });

  it('lists as tax-free every country except the 27 member states', async () => {
    const list = await getList(app, `${BASE}/countries/tax-free`, 'IT');
    assert.equal(list.length, COUNTRY_COUNT - 27);
    for (const code of EU_27) assert.ok(!codes(list).includes(code), `${code} is excluded`);
    for (const code of ['CH', 'US', 'CN', 'GB', 'NO', 'SM', 'VA'])
      assert.ok(codes(list).includes(code), `${code} is included`);
    assertSorted(list, 'it');
  });

  it('adds the member states with residential free zones to the tax-free countries for from=REGISTRATION', async () => {
    const list = await getList(app, `${BASE}/countries/tax-free?from=REGISTRATION`, 'EN');
    const withZones = ['DE', 'ES', 'FI', 'FR', 'GR', 'IT'];
    assert.equal(list.length, COUNTRY_COUNT - 27 + withZones.length);
    for (const code of withZones) assert.ok(codes(list).includes(code), `${code} is included`);
    for (const code of ['AT', 'BE', 'NL', 'PT']) assert.ok(!codes(list).includes(code), `${code} is excluded`);
    assertSorted(list, 'en');
    // As destinations, the member states with any free zone (the traveler then names the zone).
    const destinations = codes(await getList(app, `${BASE}/countries/tax-free?from=VISA`, 'EN'));
    assert.equal(destinations.length, COUNTRY_COUNT - 27 + withZones.length);
    for (const code of withZones) assert.ok(destinations.includes(code), `${code} is a destination`);
    assert.equal((await app.inject({ method: 'GET', url: `${BASE}/countries/tax-free?from=OTHER` })).statusCode, 400);
  });

  it('lists the free zones of a country, residential ones only at registration', async () => {
    const italyAll = await getList(app, `${BASE}/countries/free-zone/IT`, 'IT');
    assert.deepEqual(italyAll, [
      { code: 'IT-LAGO-LUGANO', description: 'Acque nazionali del Lago di Lugano' },
      { code: 'IT-CAMPIONE', description: "Campione d'Italia" },
      { code: 'IT-LIVIGNO', description: 'Livigno' },
    ]);
    assert.deepEqual(await getList(app, `${BASE}/countries/free-zone/IT?from=VISA`, 'IT'), italyAll);
    assert.deepEqual(codes(await getList(app, `${BASE}/countries/free-zone/IT?from=REGISTRATION`, 'IT')), [
      'IT-CAMPIONE',
      'IT-LIVIGNO',
    ]);
    assert.deepEqual([...codes(await getList(app, `${BASE}/countries/free-zone/FR`))].sort(), [
      'FR-GUADELOUPE',
      'FR-GUYANE',
      'FR-MARTINIQUE',
      'FR-MAYOTTE',
      'FR-REUNION',
      'FR-SAINT-MARTIN',
    ]);
    assert.deepEqual([...codes(await getList(app, `${BASE}/countries/free-zone/ES`))].sort(), [
      'ES-CANARIAS',
      'ES-CEUTA',
      'ES-MELILLA',
    ]);
    assert.deepEqual([...codes(await getList(app, `${BASE}/countries/free-zone/DE`))].sort(), [
      'DE-BUSINGEN',
      'DE-HELGOLAND',
    ]);
    assert.deepEqual(codes(await getList(app, `${BASE}/countries/free-zone/GR`)), ['GR-ATHOS']);
    assert.deepEqual(codes(await getList(app, `${BASE}/countries/free-zone/FI`)), ['FI-ALAND']);
  });

  it('answers an empty list for a known country without free zones or airports', async () => {
    assert.deepEqual(await getList(app, `${BASE}/countries/free-zone/US`), []);
    assert.deepEqual(await getList(app, `${BASE}/airports/AD`), []);
  });

  it('lists the airports of a country with their IATA codes', async () => {
    const italy = await getList(app, `${BASE}/airports/IT`, 'IT');
    assert.ok(italy.length >= 35, `${italy.length} Italian airports`);
    for (const code of [
      'FCO',
      'MXP',
      'LIN',
      'BGY',
      'VCE',
      'NAP',
      'CTA',
      'PMO',
      'BLQ',
      'FLR',
      'PSA',
      'TRN',
      'CAG',
      'OLB',
      'BRI',
    ]) {
      assert.ok(codes(italy).includes(code), code);
    }
    assert.equal(labelOf(italy, 'FCO'), 'Roma Fiumicino Leonardo da Vinci (FCO)');
    assert.equal(
      labelOf(await getList(app, `${BASE}/airports/IT`, 'EN'), 'FCO'),
      'Rome Fiumicino Leonardo da Vinci (FCO)',
    );
    assertSorted(italy, 'it');
    for (const [country, minimum] of [
      ['US', 5],
      ['CN', 5],
      ['JP', 5],
      ['KR', 5],
      ['IN', 5],
      ['RU', 5],
      ['GB', 5],
      ['BR', 5],
      ['AU', 5],
      ['CH', 3],
      ['AE', 3],
      ['QA', 1],
      ['SG', 1],
      ['IL', 1],
    ] as const) {
      const list = await getList(app, `${BASE}/airports/${country}`);
      assert.ok(list.length >= minimum, `${country}: ${list.length} airports`);
      for (const item of list) assert.match(item.description, new RegExp(`\\(${item.code}\\)$`));
    }
  });

  it('answers 404 in the error shape for an unknown country', async () => {
    for (const url of [`${BASE}/airports/ZZ`, `${BASE}/countries/free-zone/ZZ`]) {
      const italian = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'IT' } });
      assert.equal(italian.statusCode, 404);
      assert.deepEqual(italian.json(), { detail: 'Paese sconosciuto: ZZ.' });
      assert.equal(italian.headers['cache-control'], 'no-store');
      const english = await app.inject({ method: 'GET', url });
      assert.deepEqual(english.json(), { detail: 'Unknown country: ZZ.' });
    }
  });

  it('refuses an unknown type with 400 and the allowed values', async () => {
    const response = await app.inject({ method: 'GET', url: `${BASE}/CURRENCY`, headers: { 'accept-language': 'IT' } });
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json(), {
      detail: 'Alcuni dati della richiesta non sono validi.',
      extra: { type: 'Valori ammessi: COUNTRY, DOCUMENT_TYPE, TICKET_TYPE, TRANSPORT_TYPE' },
    });
  });

  it('refuses a malformed country code or query with 400 and the field', async () => {
    const lower = await app.inject({ method: 'GET', url: `${BASE}/airports/it` });
    assert.equal(lower.statusCode, 400);
    assert.deepEqual(lower.json(), {
      detail: 'Some data in the request is not valid.',
      extra: { country: 'Invalid format' },
    });
    const from = await app.inject({
      method: 'GET',
      url: `${BASE}/countries/free-zone/IT?from=HOLIDAY&language=SV`,
      headers: { 'accept-language': 'IT' },
    });
    assert.equal(from.statusCode, 400);
    assert.deepEqual(from.json<{ extra: Record<string, string> }>().extra, {
      from: 'Valori ammessi: REGISTRATION, VISA',
      language: 'Valori ammessi: IT, EN, ZH-HANS, ES, FR, DE, AR, JA, KO, RU, PT-BR, TR',
    });
    // A language is named by its code, as the portal sends it: not by a tag or in lower case.
    for (const language of ['fr', 'fr-FR', 'zh-Hans', 'PT']) {
      const response = await app.inject({ method: 'GET', url: `${BASE}/COUNTRY?language=${language}` });
      assert.equal(response.statusCode, 400, language);
      assert.deepEqual(Object.keys(response.json<{ extra: Record<string, string> }>().extra), ['language']);
    }
  });

  it('lets browsers and the CDN cache answers for an hour, per language', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `${BASE}/countries/tax-free`,
      headers: { 'accept-language': 'IT' },
    });
    assert.equal(response.headers['cache-control'], 'public, max-age=3600');
    assert.match(String(response.headers.vary), /Accept-Language/);
    assert.match(String(response.headers['content-type']), /^application\/json/);
  });

  it('reads each list from the database once, then answers it from memory in every language', async () => {
    const recording = recordingStatements(database());
    const counted = buildApp(testConfig(), { database: recording.handle });
    try {
      await counted.ready();
      const first = await getList(counted, `${BASE}/airports/JP`);
      assert.ok(first.length > 0);
      assert.equal(recording.naming('airport'), 1);
      for (const language of ['EN', 'IT', 'EN', ...SERVER_LANGUAGES])
        await getList(counted, `${BASE}/airports/JP`, language);
      assert.deepEqual(await getList(counted, `${BASE}/airports/JP`), first);
      assert.equal(recording.naming('airport'), 1, 'no further read of the airports');
      await getList(counted, `${BASE}/airports/IT`);
      assert.equal(recording.naming('airport'), 2, 'another country is read once too');
    } finally {
      await counted.close();
    }
  });
});
