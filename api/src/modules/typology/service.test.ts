import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SERVER_LANGUAGES, type ServerLanguage } from '@varco/contracts';
import { AppError } from '../../app-error';
import { LABEL_COLUMNS } from './labels';
import type { LabelledRow, TypologyRepository } from './repository';
import { createTypologyService } from './service';

/** A row labelled in Italian and English, and in the other languages as `others` says (else as in English). */
const row = (code: string, it: string, en: string, others: Partial<Record<ServerLanguage, string>> = {}): LabelledRow =>
  ({
    code,
    ...Object.fromEntries(
      SERVER_LANGUAGES.map((language) => [LABEL_COLUMNS[language], { IT: it, EN: en, ...others }[language] ?? en]),
    ),
  }) as LabelledRow;

/** A repository that counts its calls, over fixed rows. */
function fakeRepository(overrides: Partial<TypologyRepository> = {}) {
  const calls: string[] = [];
  const repository: TypologyRepository = {
    listTypology: async (type) => {
      calls.push(`type:${type}`);
      return [
        row('DE', 'Germania', 'Germany', { DE: 'Deutschland', 'ZH-HANS': '德国' }),
        row('CN', 'Cina', 'China', { DE: 'China', 'ZH-HANS': '中国' }),
        row('AX', 'Isole Åland', 'Åland Islands', { DE: 'Ålandinseln', 'ZH-HANS': '奥兰群岛' }),
        row('AT', 'Austria', 'Austria', { DE: 'Österreich', 'ZH-HANS': '奥地利' }),
        row('ES', 'Spagna', 'Spain', { DE: 'Spanien', 'ZH-HANS': '西班牙' }),
      ];
    },
    listTaxFreeCountries: async () => {
      calls.push('tax-free');
      return [];
    },
    listFreeZones: async (country, residentialOnly) => {
      calls.push(`free-zone:${country}:${residentialOnly}`);
      return country === 'ZZ' ? null : [];
    },
    listAirports: async (country) => {
      calls.push(`airports:${country}`);
      return country === 'ZZ'
        ? null
        : [row('LIN', 'Milano Linate (LIN)', 'Milan Linate (LIN)'), row('BGY', 'Bergamo (BGY)', 'Bergamo (BGY)')];
    },
    ...overrides,
  };
  return { repository, calls };
}

describe('typology service', () => {
  it('sorts by the description of each language with its collation', async () => {
    const service = createTypologyService(fakeRepository().repository);
    assert.deepEqual(
      (await service.typology('COUNTRY', 'EN')).map((item) => item.description),
      ['Åland Islands', 'Austria', 'China', 'Germany', 'Spain'],
    );
    assert.deepEqual(
      (await service.typology('COUNTRY', 'IT')).map((item) => item.description),
      ['Austria', 'Cina', 'Germania', 'Isole Åland', 'Spagna'],
    );
    // German sorts Å and Ö as A and O; Chinese by pinyin (ao, ao, de, xi, zhong), not by code point (中 first).
    assert.deepEqual(
      (await service.typology('COUNTRY', 'DE')).map((item) => item.description),
      ['Ålandinseln', 'China', 'Deutschland', 'Österreich', 'Spanien'],
    );
    assert.deepEqual(
      (await service.typology('COUNTRY', 'ZH-HANS')).map((item) => item.code),
      ['AT', 'AX', 'DE', 'ES', 'CN'],
    );
  });

  it('reads each list once, for every language and for concurrent first requests', async () => {
    const { repository, calls } = fakeRepository();
    const service = createTypologyService(repository);
    await Promise.all([service.airports('IT', 'IT'), service.airports('IT', 'EN'), service.airports('IT', 'IT')]);
    await service.airports('IT', 'EN');
    for (const language of SERVER_LANGUAGES) await service.airports('IT', language);
    assert.deepEqual(calls, ['airports:IT']);
    // Each language's answer is sorted once and then shared.
    assert.equal(await service.airports('IT', 'AR'), await service.airports('IT', 'AR'));
  });

  it('keeps residential and all free zones apart', async () => {
    const { repository, calls } = fakeRepository();
    const service = createTypologyService(repository);
    await service.freeZones('IT', 'IT', 'REGISTRATION');
    await service.freeZones('IT', 'IT', 'VISA');
    await service.freeZones('IT', 'IT');
    assert.deepEqual(calls, ['free-zone:IT:true', 'free-zone:IT:false']);
  });

  it('answers 404 for an unknown country, with the country in the message', async () => {
    const service = createTypologyService(fakeRepository().repository);
    await assert.rejects(service.airports('ZZ', 'EN'), (error: unknown) => {
      assert.ok(error instanceof AppError);
      assert.equal(error.statusCode, 404);
      assert.deepEqual(error.detail, { key: 'typology.unknownCountry', params: { country: 'ZZ' } });
      return true;
    });
    await assert.rejects(service.freeZones('ZZ', 'IT', 'VISA'), AppError);
  });

  it('forgets a failed read, so the next request tries again', async () => {
    let attempts = 0;
    const { repository } = fakeRepository({
      listTaxFreeCountries: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('connection reset');
        return [row('CH', 'Svizzera', 'Switzerland')];
      },
    });
    const service = createTypologyService(repository);
    await assert.rejects(service.taxFreeCountries('EN'), /connection reset/);
    assert.deepEqual(await service.taxFreeCountries('EN'), [{ code: 'CH', description: 'Switzerland' }]);
    assert.equal(attempts, 2);
  });

  it('shares frozen lists, so that no caller can alter what the next one gets', async () => {
    const service = createTypologyService(fakeRepository().repository);
    const list = await service.airports('IT', 'EN');
    assert.ok(Object.isFrozen(list));
    assert.throws(() => list.push({ code: 'X', description: 'X' }));
  });
});
