import { useSyncExternalStore } from "react";

const noop = () => () => {};

/** False during the server render and hydration, true once scripts run. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
