import { LANGUAGE_TABLE, SHORT_LANGUAGES } from '@varco/contracts/plain';
import { pageFile } from './pages';

describe('the page of the build an address is served (the CDN’s rule, followed by the service worker)', () => {
  it.each([
    ['/', { language: 'en', signedIn: false }, '/pages/en/index.html'],
    ['/howto', { language: 'it', signedIn: false }, '/pages/it/howto.html'],
    ['/HowTo/', { language: 'en', signedIn: false }, '/pages/en/howto.html'],
    ['/sign-in', { language: 'it', signedIn: false }, '/pages/it/frame.html'],
    ['/howto/more', { language: 'en', signedIn: false }, '/pages/en/frame.html'],
    ['/', { language: 'en', signedIn: true }, '/pages/en/frame-signed-in.html'],
    ['/protected/visa/12', { language: 'it', signedIn: true }, '/pages/it/frame-signed-in.html'],
  ] as const)('%s (%o) → %s', (path, choice, file) => {
    expect(pageFile(path, choice)).toBe(file);
  });
});

describe('the languages the build renders its pages in', () => {
  it("are the portal's, Arabic right to left", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { LANGUAGES, RIGHT_TO_LEFT } = require('../../webpack/prerender.cjs') as {
      LANGUAGES: string[];
      RIGHT_TO_LEFT: Set<string>;
    };
    expect(LANGUAGES).toEqual([...SHORT_LANGUAGES]);
    expect([...RIGHT_TO_LEFT]).toEqual(LANGUAGE_TABLE.filter(({ dir }) => dir === 'rtl').map(({ short }) => short));
  });
});
