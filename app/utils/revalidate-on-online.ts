import { useEffect } from "react";
import { useRevalidator } from "@remix-run/react";

/** Data screens refetch when the connection returns: every loader on the page runs again. */
export function useRevalidateOnOnline(): void {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    window.addEventListener("online", revalidate);
    return () => window.removeEventListener("online", revalidate);
  }, [revalidate]);
}
