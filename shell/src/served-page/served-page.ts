import { createContext, useContext, useSyncExternalStore } from 'react';
import { toShortLanguage, type ShortLanguage } from '@varco/contracts/plain';
import { isSignedIn, sessionStore } from '@varco/session';
import { normalisedPath, PAGE_PATHS, type PrerenderedPage } from './pages';

/**
 * The page rendered at build time (src/prerender/) that the browser got: `/`, `/howto`, or the page frame that the CDN
 * serves for every other address, signed out or signed in (deploy/README.md, "Prerendered pages"). The root element
 * says which: `data-page`, `data-session` and `<html lang>`.
 */
export interface ServedPage {
  page: PrerenderedPage;
  signedIn: boolean;
  language: ShortLanguage;
}

const PAGES: readonly PrerenderedPage[] = ['index', 'howto', 'frame'];

/** The page rendered at build time that `root` holds, or null (a development build, a page rendered in the browser). */
export function readServedPage(root: HTMLElement, doc: Document = document): ServedPage | null {
  const page = root.dataset.page as PrerenderedPage | undefined;
  if (!page || !PAGES.includes(page) || root.childElementCount === 0) return null;
  return {
    page,
    signedIn: root.dataset.session === 'signed-in',
    language: toShortLanguage(doc.documentElement.lang),
  };
}

/**
 * Whether React can take over the served HTML at `path` in `language`: it must render the same markup (the frame fits
 * every address, a page of the shell's own only its own), else the page is rendered anew.
 */
export function canHydrate(served: ServedPage | null, path: string, language: ShortLanguage): served is ServedPage {
  if (!served || served.language !== language) return false;
  return served.page === 'frame' || PAGE_PATHS[served.page] === normalisedPath(path);
}

/** The page rendered at build time that React took over (or renders, at build time); null when there is none. */
export const ServedPageContext = createContext<ServedPage | null>(null);

const noSubscription = () => () => undefined;

/**
 * `atBuild()` while React renders the HTML of the build (at build time, and in the browser's hydration pass, which must
 * render exactly the same), `inBrowser()` afterwards: React renders again with it once hydration is over.
 */
export function useBuildOrBrowser<T>(inBrowser: () => T, atBuild: () => T): T {
  return useSyncExternalStore(noSubscription, inBrowser, atBuild);
}

/** True while the HTML of the build is rendered or hydrated: what only the browser knows (the session, the address's own page) waits for the next render. */
export function useHydrating(): boolean {
  return useBuildOrBrowser(
    () => false,
    () => true,
  );
}

const signedInNow = () => isSignedIn(sessionStore.getState().user);

/**
 * Whether the header shows a signed-in traveler's tools: the served page's answer while it is hydrated, the session's
 * afterwards (the store's own server answer is always "signed out", which the signed-in frame is not).
 */
export function useFrameSignedIn(): boolean {
  const served = useContext(ServedPageContext);
  return useSyncExternalStore(sessionStore.subscribe, signedInNow, () => served?.signedIn ?? false);
}
