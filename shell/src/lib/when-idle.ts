/** Schedules a callback for later; returns a cancel. */
export type IdleScheduler = (callback: () => void) => () => void;

/** Runs `callback` once the page is idle (after the first screen has been drawn); returns a cancel. */
export const whenIdle: IdleScheduler = (callback) => {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(callback, { timeout: 3000 });
    return () => cancelIdleCallback(handle);
  }
  // Browsers without idle callbacks (Safari): after the current work and the next paint.
  const handle = setTimeout(callback, 200);
  return () => clearTimeout(handle);
};
