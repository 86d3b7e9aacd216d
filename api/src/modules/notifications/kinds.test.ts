import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { notificationValues } from './kinds';

/** Intl separates with no-break spaces (U+00A0, U+202F); plain ones are easier to read here. */
const plain = (values: Readonly<Record<string, string | number>>) =>
  Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, String(value).replace(/[\u00a0\u202f]/g, ' ')]),
  );

describe('notification values', () => {
  const params = { invoiceNumber: 'F-77', amount: 1234.5, deadline: '2026-04-30' };

  it('write amounts and days as Italian and English always have', () => {
    assert.deepEqual(plain(notificationValues(params, 'IT')), {
      invoiceNumber: 'F-77',
      amount: '1234,50 €',
      deadline: '30 aprile 2026',
    });
    assert.deepEqual(plain(notificationValues(params, 'EN')), {
      invoiceNumber: 'F-77',
      amount: '€1,234.50',
      deadline: '30 April 2026',
    });
  });

  it('write them in the locale of each other language', () => {
    const expected = {
      FR: ['1 234,50 €', '30 avril 2026'],
      DE: ['1.234,50 €', '30. April 2026'],
      'ZH-HANS': ['€1,234.50', '2026年4月30日'],
      JA: ['€1,234.50', '2026年4月30日'],
      KO: ['€1,234.50', '2026년 4월 30일'],
      RU: ['1 234,50 €', '30 апреля 2026 г.'],
      'PT-BR': ['€ 1.234,50', '30 de abril de 2026'],
      TR: ['€1.234,50', '30 Nisan 2026'],
    } as const;
    for (const [language, [amount, deadline]] of Object.entries(expected)) {
      const values = plain(notificationValues(params, language as keyof typeof expected));
      assert.deepEqual([values.amount, values.deadline], [amount, deadline], language);
    }
    const arabic = notificationValues(params, 'AR');
    assert.match(String(arabic.deadline), /2026/);
    assert.match(String(arabic.deadline), /أبريل/);
    assert.match(String(arabic.amount), /€/);
  });
});
