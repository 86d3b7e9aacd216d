import { sql, type SelectQueryBuilder, type StringReference } from 'kysely';

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

/** Where a page starts and how many rows it holds at most. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/**
 * A page of the rows `from` reaches, newest first (`newest`, then `tieBreak`, both descending: a stable order for an
 * index to serve), with the columns `columns` selects, and how many rows `from` reaches in all.
 */
export function newestFirstPage<DB, TB extends keyof DB, Row>(
  from: SelectQueryBuilder<DB, TB, object>,
  columns: (query: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, Row>,
  order: { newest: StringReference<DB, TB>; tieBreak: StringReference<DB, TB> },
  { limit, offset }: PageWindow,
): Promise<{ rows: Array<Row & { total: string }>; total: number }> {
  // Kysely cannot resolve a selection over tables and a row left generic: what is selected here is `total`.
  const page = columns(from)
    .select(totalOverAll)
    .orderBy(order.newest, 'desc')
    .orderBy(order.tieBreak, 'desc')
    .limit(limit)
    .offset(offset)
    .execute() as Promise<Array<Row & { total: string }>>;
  const count = () =>
    from.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow() as Promise<{ total: string }>;
  return pageWithTotal(page, offset, count);
}
