import { diffKeys } from '@varco/i18n';
import enLocale from './en.json';
import itLocale from './it.json';

describe('notifications translations', () => {
  it('have the same keys in Italian and English', () => {
    expect(diffKeys(itLocale, enLocale)).toEqual({ missingInEn: [], missingInIt: [] });
  });
});
