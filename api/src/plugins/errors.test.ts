import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Fastify, { type FastifyRequest } from 'fastify';
import { callLanguage, errorsPlugin, requestLanguage } from './errors';

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

describe('a database that cannot serve the request now', () => {
  /** What a call answers when its handler throws `error`. */
  async function answerTo(error: Error, language = 'IT') {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.get('/call', async () => {
      throw error;
    });
    try {
      return await app.inject({ method: 'GET', url: '/call', headers: { 'accept-language': language } });
    } finally {
      await app.close();
    }
  }
  const sqlState = (code: string, message: string) => Object.assign(new Error(message), { code });

  it('answers 503 with Retry-After, never 500: a pool out of connections, a timeout, contention', async () => {
    for (const error of [
      new Error('timeout exceeded when trying to connect'),
      sqlState('53300', 'sorry, too many clients already'),
      sqlState('57014', 'canceling statement due to statement timeout'),
      sqlState('55P03', 'canceling statement due to lock timeout'),
      new Error('transaction failed', { cause: sqlState('40P01', 'deadlock detected') }),
    ]) {
      const answer = await answerTo(error);
      assert.equal(answer.statusCode, 503, error.message);
      assert.equal(answer.headers['retry-after'], '5');
      assert.equal(answer.headers['cache-control'], 'no-store');
      assert.deepEqual(answer.json(), {
        detail: 'Il servizio è temporaneamente non disponibile. Riprova più tardi.',
      });
    }
  });

  it('leaves a fault of the code a 500, without its message', async () => {
    const answer = await answerTo(sqlState('42P01', 'relation "secret_table" does not exist'), 'EN');
    assert.equal(answer.statusCode, 500);
    assert.equal(answer.headers['retry-after'], undefined);
    assert.doesNotMatch(answer.body, /secret_table/);
  });
});
