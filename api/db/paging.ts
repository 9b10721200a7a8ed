import { offsetOf, pageOf, type Pagination } from "../../shared/pagination";

/**
 * The one shape of a paged list: count the rows, clamp the requested page into what the count
 * allows (shared/pagination pageOf), then read that page's rows. Every history and operator list
 * answers `{ …its records…, pagination }` this way, so a page past the end shows the last one and
 * an empty list page 1 of 1.
 */

/** A count query's answer: `db.select({ n: count() })…` or `sql<number>\`count(*)::int\``. */
export type CountQuery = PromiseLike<{ n: number | string }[]>;

/** A select that is not yet run (Drizzle builds a query and runs it only when awaited). */
export interface PageableQuery<R> {
  limit(limit: number): { offset(offset: number): PromiseLike<R[]> };
}

/** The page `requested` of `pageSize` rows, clamped to the rows `total` counts. */
export async function pageFor(total: CountQuery, requested: number, pageSize: number): Promise<Pagination> {
  const [row] = await total;
  return pageOf(requested, pageSize, Number(row?.n ?? 0));
}

/** The rows of page `p` of an ordered select. */
export function pageRows<R>(rows: PageableQuery<R>, p: Pagination): PromiseLike<R[]> {
  return rows.limit(p.pageSize).offset(offsetOf(p));
}

/**
 * One page of an ordered select and its pagination. `total` counts what `rows` selects (the same
 * `where`); `rows` runs once, after the count, limited to the page.
 */
export async function paged<R>(
  total: CountQuery,
  requested: number,
  pageSize: number,
  rows: PageableQuery<R>,
): Promise<{ pagination: Pagination; rows: R[] }> {
  const pagination = await pageFor(total, requested, pageSize);
  return { pagination, rows: await pageRows(rows, pagination) };
}
