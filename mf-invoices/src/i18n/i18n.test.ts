import { translationIssuesOfDir } from '@varco/i18n/checks';

// A dash for a missing value.
const SAME_AS_ENGLISH = { '*': ['detail.none'] };

describe('invoices translations', () => {
  it('have every key of the English texts in every language, with its placeholders and plural forms', () => {
    expect(translationIssuesOfDir(__dirname, SAME_AS_ENGLISH)).toEqual({});
  });
});
