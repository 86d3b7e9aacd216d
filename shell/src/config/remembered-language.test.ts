import { languageOnlyThisBrowserKnows, reloadInRememberedLanguage } from './remembered-language';

function servedPage(lang: string, page = 'index') {
  document.documentElement.lang = lang;
  document.body.innerHTML = page ? `<div id="root" data-page="${page}"><p>served</p></div>` : '<div id="root"></div>';
}

function fakeWindow(search = '') {
  const reload = jest.fn();
  return { win: { location: { search, reload }, sessionStorage } as unknown as Window, reload };
}

describe('the language only this browser remembers', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    document.cookie = 'i18next=; max-age=0; path=/';
  });

  it('is the one in storage, when neither the address nor a cookie names one (the CDN saw those)', () => {
    localStorage.setItem('i18nextLng', 'it_IT');
    expect(languageOnlyThisBrowserKnows({ search: '' }, '')).toBe('it_IT');
    expect(languageOnlyThisBrowserKnows({ search: '?lng=en_US' }, '')).toBeNull();
    expect(languageOnlyThisBrowserKnows({ search: '' }, 'a=1; i18next=en_US')).toBeNull();
    localStorage.clear();
    sessionStorage.setItem('i18nextLng', 'en-GB');
    expect(languageOnlyThisBrowserKnows({ search: '' }, '')).toBe('en-GB');
    sessionStorage.clear();
    expect(languageOnlyThisBrowserKnows({ search: '' }, '')).toBeNull();
  });

  it('asks for the page again with the cookie set when the served page is in another language, once per tab', () => {
    localStorage.setItem('i18nextLng', 'it_IT');
    servedPage('en');
    const { win, reload } = fakeWindow();
    expect(reloadInRememberedLanguage(document, win)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(document.cookie).toContain('i18next=it_IT');
    // The browser refused the cookie and the CDN served English again: the page starts in Italian in the browser.
    document.cookie = 'i18next=; max-age=0; path=/';
    expect(reloadInRememberedLanguage(document, win)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('asks again for a page in any other language of the portal, and leaves one in the same language alone', () => {
    localStorage.setItem('i18nextLng', 'zh_Hans');
    servedPage('zh-Hans');
    expect(reloadInRememberedLanguage(document, fakeWindow().win)).toBe(false);
    servedPage('it');
    const { win, reload } = fakeWindow();
    expect(reloadInRememberedLanguage(document, win)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(document.cookie).toContain('i18next=zh_Hans');
  });

  it('leaves a page in the remembered language, and a page not rendered at build time, alone', () => {
    localStorage.setItem('i18nextLng', 'it_IT');
    servedPage('it');
    expect(reloadInRememberedLanguage(document, fakeWindow().win)).toBe(false);
    servedPage('en', '');
    expect(reloadInRememberedLanguage(document, fakeWindow().win)).toBe(false);
  });
});
