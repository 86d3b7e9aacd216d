import { translationIssuesOfDir } from '@varco/i18n/checks';

describe('notifications translations', () => {
  it('have every key of the English texts in every language, with its placeholders and plural forms', () => {
    expect(translationIssuesOfDir(__dirname)).toEqual({});
  });
});
