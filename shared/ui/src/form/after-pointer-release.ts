/** Whether a mouse button, a finger or a pen is pressed on the page right now. */
let pointerPressed = false;
if (typeof document !== 'undefined') {
  document.addEventListener('pointerdown', () => (pointerPressed = true), true);
  document.addEventListener('pointerup', () => (pointerPressed = false), true);
  document.addEventListener('pointercancel', () => (pointerPressed = false), true);
}

/**
 * Runs `show` now, or, when a press of the pointer took the focus away (a click on Confirm), once the press is over
 * and its click has run: a message that appeared between the press and the release would push the button away from
 * under the pointer, and the click would never happen.
 */
export function afterPointerRelease(show: () => void): void {
  if (!pointerPressed) {
    show();
    return;
  }
  const release = () => {
    document.removeEventListener('pointerup', release, true);
    document.removeEventListener('pointercancel', release, true);
    // The click of this press is dispatched right after the release, in the same task.
    setTimeout(show, 0);
  };
  document.addEventListener('pointerup', release, true);
  document.addEventListener('pointercancel', release, true);
}
