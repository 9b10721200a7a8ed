/** Time left as the spec's duration formatter writes it (ss, mm:ss or hh:mm:ss). */
export function formatDuration(ms: number): string {
  const total = Math.ceil(ms / 1000);
  if (total <= 0) return "00";
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const p = (n: number) => String(n).padStart(2, "0");
  if (h > 0) return `${p(h)}:${p(m)}:${p(s)}`;
  if (m > 0) return `${p(m)}:${p(s)}`;
  return p(s);
}
