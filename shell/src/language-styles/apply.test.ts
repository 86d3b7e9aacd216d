// The addresses the build writes into the shell's code (webpack/design-system.cjs, webpack/language-fonts.cjs).
process.env.ENTRY_CSS = '/main.1111111111.css';
process.env.ENTRY_RTL_CSS = '/main.rtl.2222222222.css';
process.env.DESIGN_SYSTEM_CSS = '/design-system.3333333333.css';
process.env.DESIGN_SYSTEM_RTL_CSS = '/design-system.rtl.4444444444.css';
process.env.LANGUAGE_FONTS = JSON.stringify({ ar: '/fonts-ar.5555555555.css', ru: '/fonts-ru.6666666666.css' });

type Sheet = (HTMLLinkElement | HTMLStyleElement) & { disabled?: boolean };

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { applyLanguageStyles, linkLanguageManifest } = require('./apply') as typeof import('./apply');

/** The stylesheets of the head in their order, each with whether it applies. */
function stylesheets(): string[] {
  return [...document.head.querySelectorAll<Sheet>('link[rel="stylesheet"], style')].map(
    (sheet) =>
      `${sheet instanceof HTMLLinkElement ? sheet.getAttribute('href') : '<style>'}${sheet.disabled ? ' (off)' : ''}`,
  );
}

/** The stylesheets added since `before` finish loading. */
function loadAdded(): void {
  for (const link of document.head.querySelectorAll('link[rel="stylesheet"]')) link.dispatchEvent(new Event('load'));
}

function served(head: string): void {
  document.head.innerHTML = head;
}

describe('the styles of the language a page shows', () => {
  it('right to left: the mirrored stylesheets in place of the others, each once loaded, and the faces of Arabic', async () => {
    served(
      '<link rel="stylesheet" href="/design-system.3333333333.css" data-design-system="whole"><link rel="stylesheet" href="/main.1111111111.css">',
    );
    const applied = applyLanguageStyles('ar', { dir: 'ltr' });
    // Until they have loaded, the page keeps the styles it has.
    expect(stylesheets()).toEqual([
      '/design-system.3333333333.css',
      '/design-system.rtl.4444444444.css',
      '/main.1111111111.css',
      '/main.rtl.2222222222.css',
      '/fonts-ar.5555555555.css',
    ]);
    loadAdded();
    await applied;
    expect(stylesheets()).toEqual([
      '/design-system.3333333333.css (off)',
      '/design-system.rtl.4444444444.css',
      '/main.1111111111.css (off)',
      '/main.rtl.2222222222.css',
      '/fonts-ar.5555555555.css',
    ]);
    expect(document.head.querySelector('[href^="/design-system.rtl"]')).toHaveAttribute('data-design-system', 'whole');

    // Back to English: the same elements again, nothing added; the faces of Arabic apply to Arabic only, and stay.
    await applyLanguageStyles('en_US', { dir: 'ltr' });
    expect(stylesheets()).toEqual([
      '/design-system.3333333333.css',
      '/design-system.rtl.4444444444.css (off)',
      '/main.1111111111.css',
      '/main.rtl.2222222222.css (off)',
      '/fonts-ar.5555555555.css',
    ]);
  });

  it('on a page served right to left with its stylesheet written in, left to right swaps that one for the file', async () => {
    served('<style>/* main.rtl */</style>');
    const applied = applyLanguageStyles('ru', { dir: 'rtl' });
    expect(stylesheets()).toEqual(['<style>', '/main.1111111111.css', '/fonts-ru.6666666666.css']);
    loadAdded();
    await applied;
    expect(stylesheets()).toEqual(['<style> (off)', '/main.1111111111.css', '/fonts-ru.6666666666.css']);
    await applyLanguageStyles('ar', { dir: 'rtl' });
    expect(stylesheets()).toEqual([
      '<style>',
      '/main.1111111111.css (off)',
      '/fonts-ru.6666666666.css',
      '/fonts-ar.5555555555.css',
    ]);
  });

  it('a later language wins over one whose stylesheets are still loading', async () => {
    served('<link rel="stylesheet" href="/main.1111111111.css">');
    const first = applyLanguageStyles('ar', { dir: 'ltr' });
    const second = applyLanguageStyles('en_US', { dir: 'ltr' });
    loadAdded();
    await Promise.all([first, second]);
    expect(stylesheets()).toEqual([
      '/main.1111111111.css',
      '/main.rtl.2222222222.css (off)',
      '/fonts-ar.5555555555.css',
    ]);
  });
});

describe('the web app manifest of the language a page shows', () => {
  it('is the one the page links to, so that the portal installs under its name in that language', () => {
    served('<link rel="manifest" href="/manifest.en.webmanifest">');
    linkLanguageManifest('zh_CN');
    expect(document.head.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe(
      '/manifest.zh-Hans.webmanifest',
    );
    linkLanguageManifest('pt_BR');
    expect(document.head.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe(
      '/manifest.pt-BR.webmanifest',
    );
  });
});
