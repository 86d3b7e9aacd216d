import { directionOf, toShortLanguage } from '@varco/contracts/plain';

type Direction = 'ltr' | 'rtl';
type Sheet = HTMLLinkElement | HTMLStyleElement;

/** Each language's faces (webpack/language-fonts.cjs): only the languages whose script Titillium Web does not draw. */
const FONT_SHEETS: Partial<Record<string, string>> = JSON.parse(process.env.LANGUAGE_FONTS ?? '{}');

/** The stylesheets that differ by direction, each in both (webpack/design-system.cjs). */
const BY_DIRECTION = [
  { ltr: process.env.ENTRY_CSS, rtl: process.env.ENTRY_RTL_CSS, entry: true },
  { ltr: process.env.DESIGN_SYSTEM_CSS, rtl: process.env.DESIGN_SYSTEM_RTL_CSS, entry: false },
] as const;

const opposite = (dir: Direction): Direction => (dir === 'rtl' ? 'ltr' : 'rtl');

/** The stylesheets this code added: whether each has loaded (false: it failed). The page's own have loaded already. */
const loading = new WeakMap<Sheet, Promise<boolean>>();
const loaded = (sheet: Sheet) => loading.get(sheet) ?? Promise.resolve(true);

/** The page's stylesheet links to `href` (as written in a page, or by this code). */
function linksTo(href: string | undefined): HTMLLinkElement[] {
  if (!href) return [];
  const address = new URL(href, document.baseURI).href;
  return [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter(
    (link) => link.href === address,
  );
}

function stylesheetLink(href: string): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  loading.set(
    link,
    new Promise((resolve) => {
      link.addEventListener('load', () => resolve(true), { once: true });
      // Gone, so that the next change of language asks for it again.
      link.addEventListener(
        'error',
        () => {
          link.remove();
          resolve(false);
        },
        { once: true },
      );
    }),
  );
  return link;
}

let turns = 0;

/**
 * The page's styles for `language`: its faces' stylesheet added (once; its rules apply to that language only), and
 * the stylesheets of its direction in place of the other direction's, each where the other was in the cascade. The
 * other direction's are disabled only once the new ones have loaded, so the page is never unstyled; a later change
 * of language wins over one whose stylesheets are still loading.
 */
/** The page links the web app manifest of its language (webpack/public-files.cjs): installed, the portal is named in it. */
export function linkLanguageManifest(language: string): void {
  const link = document.head.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (link) link.href = `/manifest.${toShortLanguage(language)}.webmanifest`;
}

export async function applyLanguageStyles(language: string, served: { dir: Direction }): Promise<void> {
  const turn = ++turns;
  const fonts = FONT_SHEETS[toShortLanguage(language)];
  if (fonts && linksTo(fonts).length === 0) document.head.append(stylesheetLink(fonts));

  const dir = directionOf(language);
  /**
   * The page's stylesheets of a pair in a direction: linked, or (the entry's, on the pages of the shell's own) written
   * into the page as it was served, the one `<style>` of its head.
   */
  const sheetsOf = (pair: (typeof BY_DIRECTION)[number], side: Direction): Sheet[] => [
    ...linksTo(pair[side]),
    ...(pair.entry && side === served.dir ? document.head.querySelectorAll<HTMLStyleElement>(':scope > style') : []),
  ];
  const swaps = BY_DIRECTION.map((pair) => {
    const shown = sheetsOf(pair, opposite(dir));
    let wanted = sheetsOf(pair, dir);
    const href = pair[dir];
    const place = shown.at(-1);
    if (wanted.length === 0 && href && place) {
      const link = stylesheetLink(href);
      if (!pair.entry) link.dataset.designSystem = 'whole';
      place.after(link);
      wanted = [link];
    }
    for (const sheet of wanted) sheet.disabled = false;
    return { shown, wanted };
  });
  const allLoaded = (await Promise.all(swaps.flatMap(({ wanted }) => wanted.map(loaded)))).every(Boolean);
  // A stylesheet that failed leaves the page in the other direction's, rather than in none.
  if (turn !== turns || !allLoaded) return;
  for (const { shown, wanted } of swaps) if (wanted.length) for (const sheet of shown) sheet.disabled = true;
}
