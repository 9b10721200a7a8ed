import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from "react";
import { Form, useNavigation } from "@remix-run/react";
import { Spinner, useIsPending } from "./forms";

/**
 * The 'Are you sure?' step. The confirm button belongs to a real form carrying the hidden fields,
 * so the same markup serves as the dialog (opened by the page's state when JavaScript runs) and as
 * the server-rendered confirm step (opened by the action's answer when it does not).
 * Cancel closes the dialog when `onCancel` is given; otherwise it reloads the page with a GET.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  fields,
  onCancel,
  pending = false,
  tone = "primary",
}: {
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  fields: Record<string, string>;
  onCancel?: () => void;
  pending?: boolean;
  tone?: "primary" | "danger";
}) {
  return (
    <DialogShell title={title} onClose={onCancel}>
      {children ? <div className="mt-2 text-sm text-slate-700">{children}</div> : null}
      <div className={DIALOG_ACTIONS}>
        {onCancel ? (
          <button type="button" className="btn-secondary" onClick={onCancel}>
            {cancelLabel}
          </button>
        ) : (
          <Form method="get" className="contents">
            <button type="submit" className="btn-secondary" {...DIALOG_CANCEL}>
              {cancelLabel}
            </button>
          </Form>
        )}
        <Form method="post" className="contents">
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button
            type="submit"
            autoFocus
            className={tone === "danger" ? "btn-danger" : "btn-primary"}
            disabled={pending}
            aria-busy={pending}
          >
            {pending ? <Spinner /> : null}
            {confirmLabel}
          </button>
        </Form>
      </div>
    </DialogShell>
  );
}

/**
 * A dialog's row of buttons, in the order they show at every width (Cancel first: above on a
 * phone, on the left on a wide screen), so the keyboard meets them as the eye does.
 */
export const DIALOG_ACTIONS = "mt-5 flex flex-col gap-2 sm:flex-row sm:justify-end";

/** Marks a dialog's Cancel or Close control: Escape activates it (see `useModalDialog`). */
export const DIALOG_CANCEL = { "data-dialog-cancel": "" } as const;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

/**
 * What a modal dialog (`aria-modal`) owes the keyboard: focus moves into it when it opens (its
 * autofocus control, else its first one), Tab and Shift+Tab cycle inside it, Escape closes it
 * like its Cancel (`onClose`, else the control marked `DIALOG_CANCEL`), and focus returns to
 * where it was when it closes.
 */
export function useModalDialog(panel: RefObject<HTMLElement>, onClose?: () => void): void {
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  // What had the focus when the dialog opened: read on the first render, before an autofocus moves it.
  const [opener] = useState(() => (typeof document === "undefined" ? null : document.activeElement));
  useEffect(() => {
    const box = panel.current;
    if (!box) return;
    const before = opener instanceof HTMLElement ? opener : null;
    const focusables = () =>
      Array.from(box.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.getClientRects().length > 0);
    if (!box.contains(document.activeElement))
      (box.querySelector<HTMLElement>("[autofocus]") ?? focusables()[0] ?? box).focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        e.preventDefault();
        if (onCloseRef.current) onCloseRef.current();
        else box.querySelector<HTMLElement>("[data-dialog-cancel]")?.click();
        return;
      }
      if (e.key !== "Tab") return;
      const list = focusables();
      if (!list.length) {
        e.preventDefault();
        box.focus();
        return;
      }
      const first = list[0]!;
      const last = list[list.length - 1]!;
      const at = document.activeElement;
      const inside = at instanceof Node && box.contains(at);
      if (e.shiftKey && (!inside || at === first || at === box)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (!inside || at === last)) {
        e.preventDefault();
        first.focus();
      }
    };
    // Focus that lands outside anyway (leaving an embedded frame, say) is brought back.
    const onFocusIn = (e: FocusEvent) => {
      if (e.target instanceof Node && !box.contains(e.target)) (focusables()[0] ?? box).focus();
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("focusin", onFocusIn);
      // Closed: back to what opened it, unless the page has put the focus somewhere on purpose.
      const now = document.activeElement;
      if (before?.isConnected && (!now || now === document.body || box.contains(now))) before.focus();
    };
  }, [panel, opener]);
}

/**
 * A modal dialog's frame (overlay, labelled panel, title): the confirm dialog's, and any page's
 * dialog with buttons of its own. Keyboard: see `useModalDialog`; `onClose` is what Escape does
 * (else the control marked `DIALOG_CANCEL` is pressed).
 */
export function DialogShell({
  title,
  children,
  width = "max-w-sm",
  onClose,
}: {
  title: string;
  children: ReactNode;
  width?: "max-w-sm" | "max-w-lg";
  onClose?: () => void;
}) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useModalDialog(panel, onClose);
  // !m-0: a page's `space-y-*` would give the overlay a top margin, leaving a lit strip above it.
  return (
    <div className="fixed inset-0 !m-0 z-40 flex items-end justify-center bg-slate-900/50 p-3 sm:items-center">
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`w-full ${width} rounded-2xl bg-white p-5 shadow-xl outline-none`}
      >
        <h2 id={titleId} className="text-lg font-bold">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}

/** The confirm step for `fields`, with the request id that makes a double submit one request. */
export function confirmStep<T extends object>(fields: T): T & { request_id: string } {
  return { ...fields, request_id: newRequestId() };
}

/**
 * The check → confirm → request-id flow of a money form (withdraw, convert). The form posts
 * `intent=check`: without JavaScript the action runs the checks and answers with a notice or the
 * server-rendered confirm step; with it, `onSubmit` runs the same checks and calls `show`. The
 * dialog's form posts `intent=confirm` with the request id. A new action answer, or the end of a
 * submission, replaces what the browser showed.
 */
export function useConfirmFlow<Notice, Confirm>(
  actionData: { notice: Notice | null; confirm: Confirm | null } | undefined,
) {
  const navigation = useNavigation();
  const checking = useIsPending({ fields: { intent: "check" } });
  const confirming = useIsPending({ fields: { intent: "confirm" } });
  const [local, setLocal] = useState<{ notice: Notice | null; confirm: Confirm | null } | null>(null);
  useEffect(() => setLocal(null), [actionData]);
  useEffect(() => {
    if (navigation.state === "idle") setLocal((prev) => (prev?.confirm ? null : prev));
  }, [navigation.state]);
  return {
    notice: local ? local.notice : (actionData?.notice ?? null),
    confirm: local ? local.confirm : (actionData?.confirm ?? null),
    checking,
    confirming,
    /** The browser's check: a notice, or else the confirm step. */
    show: (notice: Notice | null, confirm: Confirm | null) => setLocal({ notice, confirm }),
    clear: () => setLocal({ notice: null, confirm: null }),
  };
}

/** A random request id for one confirm render (a double submit of the same confirm has one effect). */
export function newRequestId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** An alert box for a check's outcome or an action's failure (role=alert, so it is announced). */
export function AlertBox({
  tone,
  title,
  children,
}: {
  tone: "error" | "warning" | "success";
  title: string;
  children?: ReactNode;
}) {
  const tones = {
    error: "border-red-200 bg-red-50 text-red-900",
    warning: "border-amber-200 bg-amber-50 text-amber-900",
    success: "border-green-200 bg-green-50 text-green-900",
  } as const;
  return (
    <div role="alert" className={`rounded-xl border p-4 text-sm ${tones[tone]}`}>
      <p className="font-semibold">{title}</p>
      {children ? <div className="mt-1">{children}</div> : null}
    </div>
  );
}
