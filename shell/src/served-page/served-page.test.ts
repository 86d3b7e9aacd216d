import { canHydrate, readServedPage } from './served-page';

function root(html: string): HTMLElement {
  document.body.innerHTML = html;
  return document.getElementById('root')!;
}

describe('the page rendered at build time that the browser got', () => {
  it('is read from the root element and the page’s language', () => {
    document.documentElement.lang = 'it';
    expect(readServedPage(root('<div id="root" data-page="frame" data-session="signed-in"><div></div></div>'))).toEqual(
      { page: 'frame', signedIn: true, language: 'it' },
    );
    expect(
      readServedPage(root('<div id="root" data-page="index" data-session="signed-out"><div></div></div>')),
    ).toEqual({ page: 'index', signedIn: false, language: 'it' });
    // A development page, an empty root, an unknown page: nothing to take over.
    expect(readServedPage(root('<div id="root"></div>'))).toBeNull();
    expect(readServedPage(root('<div id="root" data-page="index"></div>'))).toBeNull();
    expect(readServedPage(root('<div id="root" data-page="other"><div></div></div>'))).toBeNull();
  });

  it('is hydrated at an address it was rendered for, in its language', () => {
    const frame = { page: 'frame', signedIn: false, language: 'en' } as const;
    const index = { page: 'index', signedIn: false, language: 'en' } as const;
    expect(canHydrate(frame, '/protected/visa/3', 'en')).toBe(true);
    expect(canHydrate(index, '/', 'en')).toBe(true);
    expect(canHydrate({ ...index, page: 'howto' }, '/howto/', 'en')).toBe(true);
    expect(canHydrate(index, '/howto', 'en')).toBe(false);
    expect(canHydrate(index, '/', 'it')).toBe(false);
    expect(canHydrate(null, '/', 'en')).toBe(false);
  });
});
