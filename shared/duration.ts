/**
 * Time left as the spec's duration formatter writes it (ss, mm:ss or hh:mm:ss); `hours` always
 * writes hh:mm:ss (the short link cards' countdown: hours, minutes, seconds).
 */
export function formatDuration(ms: number, opts: { hours?: boolean } = {}): string {
  const total = Math.ceil(ms / 1000);
  const p = (n: number) => String(n).padStart(2, "0");
  if (total <= 0) return opts.hours ? "00:00:00" : "00";
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0 || opts.hours) return `${p(h)}:${p(m)}:${p(s)}`;
  if (m > 0) return `${p(m)}:${p(s)}`;
  return p(s);
}
