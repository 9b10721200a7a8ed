import { useEffect, useSyncExternalStore } from "react";
import { Toaster, type ToastView } from "~/components/toaster";
import { useHydrated } from "./use-hydrated";

/**
 * Toasts raised in the browser (rules checked before a form is sent, a cancelled dialog) and
 * toasts carried in an action's answer. The root shows whichever toast is newest.
 */
export type ClientToastInput = Omit<ToastView, "id" | "duration"> & { id?: string; duration?: number };

let current: ToastView | null = null;
const listeners = new Set<() => void>();

export function showToast(input: ClientToastInput): void {
  current = { duration: 3000, ...input, id: input.id ?? Math.random().toString(36).slice(2) };
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useClientToast(): ToastView | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

export { useHydrated };

/**
 * A toast from an action's answer: rendered in place on a page posted without JavaScript, handed
 * to the root toaster once scripts run (so it does not stack on top of another one).
 */
export function ActionToast({ toast }: { toast: ToastView | null | undefined }) {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated && toast) showToast(toast);
    // one toast per answer: its id changes with every answer
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated, toast?.id]);
  if (hydrated || !toast) return null;
  return <Toaster toast={toast} />;
}
