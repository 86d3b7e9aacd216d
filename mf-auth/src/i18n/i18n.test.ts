import { translationIssuesOfDir } from '@varco/i18n/checks';

// The agency's privacy policy has no page but the Italian and English ones; Italian says Email, Password, Account.
const SAME_AS_ENGLISH = {
  '*': ['signUp.privacyUrl'],
  it: [
    'signIn.email',
    'signIn.password',
    'profile.email',
    'recoverPassword.email',
    'signUp.email',
    'signUp.password',
    'signUp.accountTitle',
  ],
};

describe('auth translations', () => {
  it('have every key of the English texts in every language, with its placeholders and plural forms', () => {
    expect(translationIssuesOfDir(__dirname, SAME_AS_ENGLISH)).toEqual({});
  });
});
