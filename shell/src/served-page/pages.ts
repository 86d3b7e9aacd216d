// Imports no code (types only): the service worker uses it too.
import type { ShortLanguage } from '@varco/contracts/plain';

/** The pages rendered at build time (render-page.tsx): the shell's own pages, and the frame of every other address. */
export type PrerenderedPage = 'index' | 'howto' | 'frame';

/** The address each page of the shell's own was rendered for; the frame fits any other address. */
export const PAGE_PATHS: Record<Exclude<PrerenderedPage, 'frame'>, string> = { index: '/', howto: '/howto' };

/** What the page served for an address depends on, besides the address. */
export interface PageChoice {
  language: ShortLanguage;
  signedIn: boolean;
}

/** An address without its trailing slashes, as the router matches it (and lower case, as its routes are). */
export function normalisedPath(path: string): string {
  return (path.replace(/\/+$/, '') || '/').toLowerCase();
}

/**
 * The file of the build that serves `path`: the rule of the CDN (deploy/README.md, "Prerendered pages"), which the
 * service worker follows for a repeat visit. A signed-in traveler gets the signed-in frame on any address.
 */
export function pageFile(path: string, { language, signedIn }: PageChoice): string {
  const own = (Object.keys(PAGE_PATHS) as Array<keyof typeof PAGE_PATHS>).find(
    (page) => PAGE_PATHS[page] === normalisedPath(path),
  );
  const file = signedIn ? 'frame-signed-in' : (own ?? 'frame');
  return `/pages/${language}/${file}.html`;
}
