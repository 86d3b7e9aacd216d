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
