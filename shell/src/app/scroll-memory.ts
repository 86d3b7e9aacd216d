import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** How long a page opened by Back, Forward or a reload waits to grow tall enough for its old position (its remote and
 * data load over a weak airport connection); the traveler scrolling first ends the wait. */
export const RESTORE_WAIT_MS = 10_000;

/** Where the positions wait for the page to be loaded again (a reload): this tab's session storage, scroll offsets only. */
const STORAGE_KEY = 'varco-scroll-positions';

function savedPositions(): Map<string, number> {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return new Map(
      Array.isArray(saved)
        ? saved.filter(
            (entry): entry is [string, number] =>
              Array.isArray(entry) && typeof entry[0] === 'string' && Number.isFinite(entry[1]),
          )
        : [],
    );
  } catch {
    return new Map();
  }
}

/** Scrolls at once, as a browser puts a page back: not with the design system's smooth scrolling. */
function jumpTo(top: number): void {
  window.scrollTo({ top, left: 0, behavior: 'instant' });
}

/** The key of the history entry the browser is on, as the router keeps it in the entry's state. */
function entryKey(): string | undefined {
  const state = window.history.state as { key?: unknown } | null;
  return typeof state?.key === 'string' ? state.key : undefined;
}

/** What the traveler does that takes the scrolling over from a restoration still waiting. */
const TAKE_OVER = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

/**
 * Where each page of the history was scrolled to: Back, Forward and a reload bring a page back there, a new page opens
 * at its top, a replaced address (a tab, a filter) stays put. The browser's own restoration scrolls before the page's
 * remote and data have arrived (docs/screens.md, "Back, Forward and reload").
 */
export function useScrollMemory(): void {
  const { key } = useLocation();
  const navigationType = useNavigationType();
  const [positions] = useState(savedPositions);
  const shownKey = useRef(key);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    // Counted for the history entry the browser is on, which the router sets as it navigates: a render may come later
    // (a navigation is a transition), and the scroll events of a page left (the browser clamping it to a shorter
    // one) belong to the entry navigated to, not to the page left.
    const remember = () => positions.set(entryKey() ?? shownKey.current, window.scrollY);
    // Kept for a reload of the page, which starts with them as Back does.
    const keep = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-50)));
      } catch {
        // a full or refused storage: a reload opens at the top
      }
    };
    window.addEventListener('scroll', remember, { passive: true });
    // A click that navigates comes before the router changes the entry: the position is taken then too, in case the
    // scroll event of the traveler's last scrolling has not been dispatched yet (it waits for the next frame).
    window.addEventListener('click', remember, { capture: true, passive: true });
    window.addEventListener('pagehide', keep);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('click', remember, { capture: true });
      window.removeEventListener('pagehide', keep);
    };
  }, [positions]);

  useLayoutEffect(() => {
    shownKey.current = key;
    if (navigationType === 'PUSH') jumpTo(0);
    if (navigationType !== 'POP') return undefined;
    const target = positions.get(key) ?? 0;
    return restoreWhenTallEnough(target);
  }, [key, navigationType, positions]);
}

/** Scrolls to `target` as soon as the page is tall enough, until RESTORE_WAIT_MS or the traveler scrolls. Returns a cancel. */
function restoreWhenTallEnough(target: number): () => void {
  const reachable = () => document.documentElement.scrollHeight - window.innerHeight >= target;
  jumpTo(Math.min(target, Math.max(0, document.documentElement.scrollHeight - window.innerHeight)));
  if (reachable() || typeof ResizeObserver === 'undefined') return () => undefined;
  const observer = new ResizeObserver(() => {
    jumpTo(target);
    if (reachable()) stop();
  });
  const timer = window.setTimeout(() => stop(), RESTORE_WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const type of TAKE_OVER) window.removeEventListener(type, stop);
  }
  observer.observe(document.body);
  for (const type of TAKE_OVER) window.addEventListener(type, stop, { passive: true });
  return stop;
}
