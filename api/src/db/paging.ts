import { sql } from 'kysely';

/** The total of the rows a paged query would return without its limit (a window over them all). */
export const totalOverAll = sql<string>`count(*) over ()`.as('total');

/**
 * A page and its total in one query (`totalOverAll` among its columns). A page past the end has no row to carry the
 * total: `count` is asked then.
 */
export async function pageWithTotal<Row extends { total: string }>(
  page: Promise<Row[]>,
  offset: number,
  count: () => Promise<{ total: string | number | bigint }>,
): Promise<{ rows: Row[]; total: number }> {
  const rows = await page;
  if (rows.length > 0 || offset === 0) return { rows, total: Number(rows[0]?.total ?? 0) };
  return { rows, total: Number((await count()).total) };
}
