import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType, type Location } from 'react-router-dom';
import { announcementOf } from '@varco/ui';
import { pageHeading } from './page-title';

/** How long a new page's heading is waited for (its remote and data arrive over a weak airport connection). */
export const HEADING_WAIT_MS = 10_000;
/** How long the page must stay unchanged before its title is announced. */
const ANNOUNCE_QUIET_MS = 300;

/**
 * Whether going from `before` to `after` shows another page: another address, or another step of the same one (the
 * wizard's ?step=) when pushed or gone back to. A replaced query (a tab, a filter) stays on its page.
 */
export function showsAnotherPage(before: Location, after: Location, type: 'PUSH' | 'POP' | 'REPLACE'): boolean {
  if (before.key === after.key) return false;
  if (before.pathname !== after.pathname) return true;
  return type !== 'REPLACE' && before.search !== after.search;
}

/** A loader still in the main region: the page's record or its remote is on its way. */
const loading = () => document.querySelector('#main .varco-loader') !== null;

/**
 * After a client-side navigation (a link, Back and Forward, a wizard's step, a guard's redirect) the focus goes to the
 * new page's heading once the page has loaded, without scrolling (Back keeps its scroll position), and the new title is
 * returned to be announced politely, once (WCAG 2.4.3, 4.1.3), after the result the navigation carries (announcedWith
 * of @varco/ui). The focus is left where it is when the traveler has
 * moved it meanwhile; the first page of a visit keeps the browser's own start.
 */
export function useFocusAfterNavigation(): string {
  const location = useLocation();
  const navigationType = useNavigationType();
  const shown = useRef(location);
  // The wait for the page shown last: a replaced query (a wizard putting its step in the address) does not end it.
  const waiting = useRef<(() => void) | null>(null);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => () => waiting.current?.(), []);

  useEffect(() => {
    const before = shown.current;
    shown.current = location;
    if (!showsAnotherPage(before, location, navigationType)) return;
    waiting.current?.();
    const main = document.getElementById('main');
    if (!main) return;
    const focusedAtStart = document.activeElement;
    let focused: HTMLElement | null = null;
    const focusHeading = (heading: HTMLElement) => {
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      focused = heading;
    };
    // Not again when Back returns to that page.
    const result = navigationType === 'POP' ? undefined : announcementOf(location.state);
    let announced = false;
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const announce = () => {
      if (announced) return;
      announced = true;
      clearTimeout(quiet);
      setAnnouncement(result ? `${result} ${document.title}` : document.title);
    };
    // Announced once the page has stopped changing for a moment: it may still put its step or record in its title.
    const announceWhenQuiet = () => {
      if (announced) return;
      clearTimeout(quiet);
      quiet = setTimeout(announce, ANNOUNCE_QUIET_MS);
    };
    const settle = (waited: boolean): void => {
      const heading = pageHeading();
      if (focused) {
        // The page drawn again (a lazy page replacing its first render): the focus went with the old heading.
        if (!focused.isConnected && heading && document.activeElement === document.body) focusHeading(heading);
        announceWhenQuiet();
        return;
      }
      if (!heading || (loading() && !waited)) return;
      const now = document.activeElement;
      const movedByTraveler = now !== focusedAtStart && now !== document.body && now !== null;
      if (movedByTraveler) focused = heading;
      else focusHeading(heading);
      announceWhenQuiet();
    };
    setAnnouncement('');
    settle(false);
    // Watched for the wait's length: the page may still be drawn again once its heading has the focus.
    const observer = new MutationObserver(() => settle(false));
    const timer = setTimeout(() => {
      settle(true);
      if (focused) announce();
      stop();
    }, HEADING_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
      if (!announced) clearTimeout(quiet);
      waiting.current = null;
    };
    observer.observe(main, { childList: true, subtree: true });
    waiting.current = stop;
  }, [location, navigationType]);

  return announcement;
}
