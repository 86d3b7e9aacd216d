import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { sessionStore } from '@varco/session';
import { TEST_TRAVELER } from '@varco/ui/testing';
import '../testing/test-config';
import { App } from '../app/app';
import { readServedPage, type ServedPage } from '../served-page/served-page';
import { renderPage } from './render-page';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(async (id: string) => ({ default: () => <p>remote {id}</p> })),
  preloadRemote: jest.fn(async () => undefined),
}));

/** Each page of the build, taken over at an address it serves, by a visitor signed in or not. */
const CASES: Array<{ served: ServedPage; path: string; signedIn: boolean }> = [
  { served: { page: 'index', signedIn: false, language: 'en' }, path: '/', signedIn: false },
  { served: { page: 'index', signedIn: false, language: 'it' }, path: '/', signedIn: false },
  { served: { page: 'howto', signedIn: false, language: 'it' }, path: '/howto', signedIn: false },
  { served: { page: 'frame', signedIn: false, language: 'en' }, path: '/sign-in', signedIn: false },
  { served: { page: 'frame', signedIn: false, language: 'it' }, path: '/', signedIn: false },
  { served: { page: 'frame', signedIn: true, language: 'en' }, path: '/protected/visa', signedIn: true },
  { served: { page: 'frame', signedIn: true, language: 'it' }, path: '/protected', signedIn: true },
  // The session cookie outlived the saved session: the signed-in frame, then the sign-in page.
  { served: { page: 'frame', signedIn: true, language: 'en' }, path: '/protected', signedIn: false },
  // The page of / for a traveler whose session the CDN could not see: the welcome page, then their home.
  { served: { page: 'index', signedIn: false, language: 'en' }, path: '/', signedIn: true },
];

describe('the pages rendered at build time', () => {
  let root: Root | undefined;
  beforeAll(() => {
    // jsdom has no scrolling; the scroll memory scrolls to the top of a new page.
    window.scrollTo = () => undefined;
  });
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    sessionStore.getState().clearSession();
    jest.restoreAllMocks();
  });

  it.each(CASES)(
    'are hydrated without a mismatch: $served.page ($served.language, signed in: $served.signedIn) at $path',
    async ({ served, path, signedIn }) => {
      const { html, attributes } = await renderPage(served);
      document.documentElement.lang = served.language;
      document.body.innerHTML = `<div id="root"${attributes}>${html}</div>`;
      window.history.replaceState(null, '', path);
      if (signedIn) sessionStore.getState().signIn({ ...TEST_TRAVELER, visaCreationEnabled: true });
      const element = document.getElementById('root')!;
      const errors = jest.spyOn(console, 'error');
      await act(async () => {
        root = hydrateRoot(element, <App served={readServedPage(element)} />);
      });
      expect(errors.mock.calls).toEqual([]);
    },
  );
});
