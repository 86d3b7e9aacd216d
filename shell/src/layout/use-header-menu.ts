import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/**
 * The open/closed state of a header menu and what a keyboard or screen-reader user expects of it while it is open:
 * the focus moves to its first link; Escape, its own close controls and a click outside close it and give the focus
 * back to the button that opened it (unless the click landed on another control); leaving it with Tab closes it.
 * `panel` is everything that belongs to the menu; `button` opens it.
 */
export function useHeaderMenu() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  const close = useCallback(() => setOpen(false), []);
  const dismiss = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);

  // A layout effect, so that the listeners are in place when the open menu is painted: a plain effect may run after
  // the next frame, and a tap outside that came before it would leave the menu open.
  useLayoutEffect(() => {
    const menu = panel.current;
    if (!open || !menu) return undefined;
    menu.querySelector<HTMLElement>('a[href]')?.focus();
    const belongs = (node: EventTarget | null) =>
      node instanceof Node && (menu.contains(node) || !!button.current?.contains(node));
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dismiss();
    };
    const onClick = (event: MouseEvent) => {
      if (belongs(event.target)) return;
      // A click on a control keeps the focus there; anywhere else (text, the page's main region) it goes back to the
      // button, so that a keyboard user goes on from where the menu was.
      const focused = document.activeElement as HTMLElement | null;
      if (focused && focused.tabIndex >= 0 && !menu.contains(focused)) close();
      else dismiss();
    };
    const onFocusOut = (event: FocusEvent) => {
      // Tab reaches only controls; focus that moves elsewhere (a click on the page) is the click handler's business.
      const next = event.relatedTarget;
      if (next instanceof HTMLElement && next.tabIndex >= 0 && !belongs(next)) close();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('click', onClick);
    menu.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('click', onClick);
      menu.removeEventListener('focusout', onFocusOut);
    };
  }, [open, close, dismiss]);

  return { open, setOpen, close, dismiss, button, panel };
}
