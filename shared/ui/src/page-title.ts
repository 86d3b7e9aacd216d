/**
 * The attribute by which a page's h1 names the page in the tab's title when its text alone does not say enough (a
 * wizard's step, a record's code, a not-found state). Without it the h1's text names the page; the shell adds the
 * portal's name and keeps the title in step with the page (docs/accessibility.md).
 */
export const PAGE_TITLE_ATTRIBUTE = 'data-page-title';

/** The h1's props that give the page `title` in the tab (none when undefined: its text then). */
export function pageTitleProps(title: string | undefined): { [PAGE_TITLE_ATTRIBUTE]?: string } {
  return title === undefined ? {} : { [PAGE_TITLE_ATTRIBUTE]: title };
}

/** Where a navigation's router state carries what the shell announces with the page it leads to. */
const ANNOUNCEMENT_KEY = 'varcoAnnouncement';

/**
 * The router state by which the shell announces `text` with the page navigated to, before its title: the result of
 * what led there ("Request … has been deleted.").
 */
export function announcedWith(text: string): { [ANNOUNCEMENT_KEY]: string } {
  return { [ANNOUNCEMENT_KEY]: text };
}

/** What a navigation's router state asks to be announced, if anything. */
export function announcementOf(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const text: unknown = (state as Record<string, unknown>)[ANNOUNCEMENT_KEY];
  return typeof text === 'string' ? text : undefined;
}
