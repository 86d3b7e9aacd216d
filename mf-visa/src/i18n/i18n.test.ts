import { translationIssuesOfDir } from '@varco/i18n/checks';

// A dash for a missing value, the step and the title joined by a dash; Spanish and Italian say No, Italian QR code.
const SAME_AS_ENGLISH = {
  '*': ['detail.none', 'summary.none', 'wizard.pageTitle'],
  es: ['summary.no'],
  it: ['detail.qrTitle', 'summary.no'],
};

describe('visa translations', () => {
  it('have every key of the English texts in every language, with its placeholders and plural forms', () => {
    expect(translationIssuesOfDir(__dirname, SAME_AS_ENGLISH)).toEqual({});
  });
});
