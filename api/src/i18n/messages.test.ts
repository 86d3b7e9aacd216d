import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { catalogues, translate } from './messages';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('message catalogue', () => {
  it('has the same keys in Italian and English', () => {
    assert.deepEqual(Object.keys(catalogues.IT).sort(), Object.keys(catalogues.EN).sort());
  });

  it('uses the same placeholders in both languages, and no empty text', () => {
    for (const key of Object.keys(catalogues.EN) as Array<keyof typeof catalogues.EN>) {
      assert.deepEqual(placeholders(catalogues.IT[key]), placeholders(catalogues.EN[key]), key);
      assert.ok(catalogues.IT[key].trim() && catalogues.EN[key].trim(), key);
    }
  });

  it('fills placeholders', () => {
    assert.equal(translate('IT', 'field.minLength', { min: 2 }), 'Almeno 2 caratteri');
    assert.equal(translate('EN', 'typology.unknownCountry', { country: 'ZZ' }), 'Unknown country: ZZ.');
  });
});
