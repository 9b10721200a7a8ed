import { useCallback, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Spinner, useIsPending } from "./forms";
import { DIALOG_ACTIONS, useModalDialog } from "./confirm-dialog";
import { showToast, useHydrated } from "~/utils/client-toast";

/** The confirmation's content, shared by the dialog (JavaScript) and the /member/logout page (none). */
export function LogoutConfirm({ onCancel, headingId }: { onCancel?: () => void; headingId?: string }) {
  const { t } = useTranslation();
  const pending = useIsPending({ formAction: "/member/logout" });
  // The dialog's title is a heading in the page; on the /member/logout page it is the page's own.
  const Heading = onCancel ? "h2" : "h1";
  return (
    <div>
      <Heading id={headingId} className="text-lg font-bold">
        {t("common.logout.heading")}
      </Heading>
      <p className="mt-1 text-sm text-slate-600">{t("common.logout.text")}</p>
      <div className={DIALOG_ACTIONS}>
        {onCancel ? (
          <button type="button" className="btn-secondary" onClick={onCancel}>
            {t("common.logout.cancel")}
          </button>
        ) : (
          <Link to="/member/logout?cancel=1" className="btn-secondary">
            {t("common.logout.cancel")}
          </Link>
        )}
        <Form method="post" action="/member/logout" className="contents">
          <button type="submit" className="btn-danger" disabled={pending} aria-busy={pending} autoFocus>
            {pending ? <Spinner /> : null}
            {t("common.logout.confirm")}
          </button>
        </Form>
      </div>
    </div>
  );
}

/**
 * A LogOut link: with JavaScript it opens the confirmation dialog; without it, it goes to the
 * /member/logout confirm page.
 */
export function LogoutButton({ className, onOpen }: { className: string; onOpen?: () => void }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const headingId = useId();

  const cancel = useCallback(() => {
    setOpen(false);
    showToast({ type: "info", title: t("common.logout.canceled") });
  }, [t]);

  return (
    <>
      <Link
        to="/member/logout"
        className={className}
        onClick={(e) => {
          if (!hydrated) return;
          e.preventDefault();
          onOpen?.();
          setOpen(true);
        }}
      >
        {t("common.logout.link")}
      </Link>
      {open ? createPortal(<LogoutDialog onCancel={cancel} headingId={headingId} />, document.body) : null}
    </>
  );
}

/** The dialog (scripts on): Tab stays inside, Escape cancels (useModalDialog). */
function LogoutDialog({ onCancel, headingId }: { onCancel: () => void; headingId: string }) {
  const panel = useRef<HTMLDivElement>(null);
  useModalDialog(panel, onCancel);
  return (
    <div
      className="fixed inset-0 !m-0 z-50 flex items-end justify-center bg-slate-900/50 p-3 sm:items-center"
      data-testid="logout-dialog"
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={headingId}
        tabIndex={-1}
        className="w-full max-w-sm rounded-2xl bg-white p-5 shadow-xl outline-none"
      >
        <LogoutConfirm onCancel={onCancel} headingId={headingId} />
      </div>
    </div>
  );
}
