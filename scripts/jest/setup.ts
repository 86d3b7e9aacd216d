import '@testing-library/jest-dom';
import { i18n, initI18n } from '@varco/i18n';

beforeAll(async () => {
  await initI18n();
  // Both languages at hand, so that a test can switch language and assert at once.
  await i18n.loadLanguages(['it_IT', 'en_US']);
});

afterEach(() => {
  // Tests of Node code (the local CDN, the mail catcher) run in Node's environment, which has no storage.
  if (typeof localStorage !== 'undefined') localStorage.clear();
});
