import { useEffect, useState } from "react";

/** Milliseconds left, ticking once a second from the moment it is shown. */
export function useCountdown(ms: number, key: string): number {
  const [left, setLeft] = useState(ms);
  useEffect(() => {
    const end = Date.now() + ms;
    setLeft(ms);
    const t = setInterval(() => setLeft(Math.max(0, end - Date.now())), 1000);
    return () => clearInterval(t);
  }, [ms, key]);
  return left;
}
