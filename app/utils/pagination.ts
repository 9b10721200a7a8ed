/**
 * The spec's page-number control: a window of up to 5 pages; when more pages exist the window
 * centres on the current page (clamped to the ends).
 */
export function pageWindow(current: number, totalPages: number, size = 5): number[] {
  if (totalPages <= 0) return [];
  const cur = Math.min(Math.max(1, current), totalPages);
  if (totalPages <= size) return Array.from({ length: totalPages }, (_, i) => i + 1);
  let start = cur - Math.floor(size / 2);
  start = Math.max(1, Math.min(start, totalPages - size + 1));
  return Array.from({ length: size }, (_, i) => start + i);
}

/** Reads `?page=` safely: a positive integer, 1 otherwise. */
export function pageParam(url: URL, name = "page"): number {
  const n = Number(url.searchParams.get(name));
  return Number.isInteger(n) && n > 0 ? n : 1;
}
