import { useEffect, useState } from "react";
import { useRevalidator } from "@remix-run/react";
import { useHydrated } from "./use-hydrated";

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

/**
 * A countdown to the moment the page's data changes (ads return, an allowance renews): when it
 * ends, the data is reloaded once. Without scripts the page refreshes itself instead.
 */
export function useCountdownToReload(ms: number): number {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const left = useCountdown(ms, String(ms));
  useEffect(() => {
    if (hydrated && left <= 0 && revalidator.state === "idle") revalidator.revalidate();
    // once, when the countdown ends
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated, left <= 0]);
  return left;
}
