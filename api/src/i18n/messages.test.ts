import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { SERVER_LANGUAGES } from '@varco/contracts';
import commonAr from '@varco/i18n/locales/ar.json';
import commonFr from '@varco/i18n/locales/fr.json';
import { translationIssuesOfDir } from '@varco/i18n/checks';
import { catalogues, translate, type MessageKey } from './messages';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
const textsOf = (key: MessageKey): string[] => {
  const text = catalogues.EN[key];
  return typeof text === 'string' ? [text] : Object.values(text);
};

describe('message catalogue', () => {
  it('has in every language the keys, placeholders and plural forms of the English file, and no English left', () => {
    assert.deepEqual(translationIssuesOfDir(fileURLToPath(new URL('./locales', import.meta.url))), {});
  });

  it("answers the account rules in the forms' words (the common texts)", () => {
    assert.equal(translate('FR', 'account.email'), commonFr.accountRule.email);
    assert.equal(translate('AR', 'field.empty'), commonAr.accountRule.empty);
    assert.equal(
      translate('FR', 'account.minLength', { min: 2 }),
      commonFr.accountRule.minLength.replace('{{min}}', '2'),
    );
  });

  it('writes every key in every language with its values filled in', () => {
    for (const language of SERVER_LANGUAGES)
      for (const key of Object.keys(catalogues.EN) as MessageKey[]) {
        const params = Object.fromEntries(
          textsOf(key)
            .flatMap(placeholders)
            .map((name) => [name, 7]),
        );
        const text = translate(language, key, params);
        assert.ok(text.trim(), `${language} ${key}`);
        assert.doesNotMatch(text, /\{\w+\}/, `${language} ${key}: ${text}`);
      }
  });

  it('fills placeholders', () => {
    assert.equal(translate('IT', 'field.minLength', { min: 2 }), 'Inserisci almeno 2 caratteri');
    assert.equal(translate('EN', 'typology.unknownCountry', { country: 'ZZ' }), 'Unknown country: ZZ.');
    assert.equal(translate('ZH-HANS', 'typology.unknownCountry', { country: 'ZZ' }), '未知国家：ZZ。');
    assert.equal(translate('DE', 'visa.invoiceTakenField'), translate('DE', 'visa.invoiceTakenField', {}));
    assert.match(translate('DE', 'visa.invoiceTakenField'), /\{number\}/);
  });

  it('chooses the plural form by the language’s rules, on the number its callers give', () => {
    const invoices = (language: 'EN' | 'RU' | 'AR' | 'PT-BR', count: number) =>
      translate(language, 'risk.manyInvoices', { count, threshold: 8 });
    assert.equal(invoices('EN', 8), 'The request holds 8 invoices (8 or more).');
    assert.match(invoices('RU', 8), /содержит 8 счетов-фактур /);
    assert.match(invoices('RU', 22), /содержит 22 счёта-фактуры /);
    assert.match(invoices('RU', 21), /содержит 21 счёт-фактуру /);
    assert.match(invoices('AR', 9), /9 فواتير/);
    assert.match(invoices('AR', 12), /12 فاتورة/);
    assert.match(invoices('PT-BR', 9), /9 notas fiscais/);
    // The minutes of a limit and the days of the oldest invoice are the numbers of their texts.
    assert.match(translate('RU', 'limits.signInLocked', { minutes: 1 }), /через 1 минуту\.$/);
    assert.match(translate('RU', 'limits.signInLocked', { minutes: 3 }), /через 3 минуты\.$/);
    assert.match(translate('RU', 'limits.accountMails', { minutes: 60 }), /через 60 минут\.$/);
    assert.match(translate('AR', 'limits.accountMails', { minutes: 5 }), /بعد 5 دقائق\.$/);
    assert.equal(
      translate('IT', 'limits.accountMails', { minutes: 60 }),
      'Troppe e-mail richieste per questo account. Riprova tra 60 min.',
    );
    assert.match(translate('RU', 'risk.oldPurchase', { count: 2, days: 61, threshold: 60 }), /за 61 день до выезда/);
    assert.match(translate('RU', 'risk.oldPurchase', { count: 5, days: 62, threshold: 60 }), /за 62 дня до выезда/);
    assert.match(
      translate('EN', 'risk.oldPurchase', { count: 5, days: 65, threshold: 60 }),
      /the oldest 65 days before/,
    );
    // A plural text is one key, without the suffixes of its forms (checked by the compiler).
    const key: MessageKey = 'risk.manyInvoices';
    // @ts-expect-error -- a form's own key is not a message key
    const form: MessageKey = 'risk.manyInvoices_one';
    assert.ok(key in catalogues.EN && !(form in catalogues.EN));
    // Without its number a plural text takes its `other` form.
    assert.match(translate('EN', 'risk.manyInvoices'), /\{count\} invoices/);
  });
});
