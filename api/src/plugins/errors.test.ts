import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FastifyRequest } from 'fastify';
import { callLanguage, requestLanguage } from './errors';

const request = (acceptLanguage?: string) =>
  ({ headers: acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage } }) as FastifyRequest;

describe('the language of an answer', () => {
  it('is the first tag of Accept-Language, read by its primary subtag, among the twelve languages', () => {
    const cases: Array<[string | undefined, string]> = [
      ['IT', 'IT'],
      ['EN', 'EN'],
      ['it-IT,it;q=0.9,en;q=0.8', 'IT'],
      ['ar-SA,ar;q=0.9', 'AR'],
      ['ZH-HANS', 'ZH-HANS'],
      ['zh-TW', 'ZH-HANS'],
      ['pt-PT', 'PT-BR'],
      ['PT-BR', 'PT-BR'],
      ['fr-CA', 'FR'],
      ['de', 'DE'],
      ['es-MX', 'ES'],
      ['ja', 'JA'],
      ['ko-KR', 'KO'],
      ['ru', 'RU'],
      ['tr-TR', 'TR'],
    ];
    for (const [header, language] of cases) assert.equal(requestLanguage(request(header)), language, header);
  });

  it('is English when Accept-Language is missing, empty or names another language first', () => {
    for (const header of [undefined, '', 'sv-SE,it;q=0.9', '*']) assert.equal(requestLanguage(request(header)), 'EN');
  });

  it("is the call's own language parameter when it sends one", () => {
    assert.equal(callLanguage(request('it-IT'), { language: 'KO' }), 'KO');
    assert.equal(callLanguage(request('ar-SA'), {}), 'AR');
  });
});
