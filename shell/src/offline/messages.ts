import type { ShortLanguage } from '@varco/contracts/plain';

/** The page asks a waiting service worker to take over (the traveler clicked Reload on the update banner). */
export const SKIP_WAITING = 'varco:skip-waiting';

/**
 * The page asks the active worker to take it: a page whose address was asked for while the first worker was still
 * installing is not among the pages that worker takes as it activates.
 */
export const CLAIM = 'varco:claim';

/** The page tells the worker its language and whether a traveler is signed in: the page it serves for the next visit. */
export const PAGE_STATE = 'varco:page-state';

export interface PageStateMessage {
  type: typeof PAGE_STATE;
  language: ShortLanguage;
  signedIn: boolean;
}
