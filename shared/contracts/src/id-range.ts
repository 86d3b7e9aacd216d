/** The smallest id the database gives: its ids count from 1. */
export const MIN_ID = 1;

/** The largest id the database holds (its ids are 32-bit integers). */
export const MAX_ID = 2_147_483_647;

/**
 * The id written in an address segment or a query parameter (`/protected/visa/7`, `?invoice=7`): digits only and
 * within the ids the database can hold, or null. A segment outside that range names nothing (the page shows "not
 * found") rather than a call the api would refuse as malformed.
 */
export function idFromText(text: string | null | undefined): number | null {
  if (!text || !/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= MIN_ID && id <= MAX_ID ? id : null;
}
