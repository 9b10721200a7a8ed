import { useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import {
  ErrorList,
  Field,
  PasswordField,
  ProcessingOverlay,
  SubmitButton,
  useIsPending,
  useAppForm,
} from "./forms";
import type { DomainErrorCode } from "../../shared/errors";
import { HumanCheck, type HumanCheckChallenge } from "./human-check";
import { type ToastView } from "./toaster";
import { useModalDialog } from "./confirm-dialog";
import { formatDuration } from "../../shared/duration";
import { useCountdown } from "~/utils/countdown";
import { showToast, useHydrated } from "~/utils/client-toast";
import {
  forgetAccount,
  identifierMatchesAccount,
  loginSwitchError,
  readRememberedAccount,
} from "~/utils/remembered-account";
import {
  FIELD_MESSAGES,
  emailField,
  identifierField,
  stripIdentifierDots,
  typedPasswordField,
} from "../../shared/fields";

export const LoginSchema = z.object({
  email_userName: identifierField({
    missing: "Email or username is required.",
    tooLong: "Email or username is too long.",
  }),
  password: typedPasswordField({ missing: "Password is required.", tooLong: "Password is too long." }),
  loginRemember_state: z.boolean().optional(),
});

/** What the login action answers when the API refused the login. */
export interface LoginFailure {
  result: SubmissionResult<string[]>;
  toast: ToastView | null;
  /** Why the API refused, so the page can apply the 'Invalid details' rule. */
  errorCode: DomainErrorCode | null;
}

/** Keeps a text input trimmed while the member types (spec 1 §5). */
function trimAsTyped(event: React.FormEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  const trimmed = input.value.trim();
  if (trimmed !== input.value) input.value = trimmed;
}

export function LoginForm({
  challenge,
  googleEnabled,
  failure,
}: {
  challenge: HumanCheckChallenge;
  googleEnabled: boolean;
  failure: LoginFailure | undefined;
}) {
  const pending = useIsPending();
  const hydrated = useHydrated();
  const [googleBusy, setGoogleBusy] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  const lastIdentifier = useRef("");
  const { t } = useTranslation();

  const [form, fields] = useAppForm({
    id: "login",
    lastResult: failure?.result,
    schema: LoginSchema,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onSubmit(event) {
      const input = event.currentTarget.elements.namedItem("email_userName");
      if (!(input instanceof HTMLInputElement)) return;
      // The browser rules run before anything is sent (spec 1 §5); the server normalizes again.
      const blocked = loginSwitchError(readRememberedAccount(), input.value, t);
      if (blocked) {
        event.preventDefault();
        showToast({ type: "error", title: blocked });
        return;
      }
      input.value = stripIdentifierDots(input.value);
      lastIdentifier.current = input.value;
    },
  });

  // 'Invalid details' for the remembered account itself: forget it, so the member can start over.
  useEffect(() => {
    if (failure?.errorCode !== "invalid_credentials") return;
    const stored = readRememberedAccount();
    if (stored && identifierMatchesAccount(stored, lastIdentifier.current)) forgetAccount();
    // one check per answer
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failure?.toast?.id]);

  // A page restored from the back-forward cache must not keep the Google overlay up.
  useEffect(() => {
    const reset = () => setGoogleBusy(false);
    window.addEventListener("pageshow", reset);
    return () => window.removeEventListener("pageshow", reset);
  }, []);

  return (
    <>
      <ProcessingOverlay show={pending || googleBusy} />
      <Form method="post" className="space-y-4" {...getFormProps(form)} aria-label={t("pub.login.form")}>
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field
          label={t("pub.login.emailOrUsername")}
          errors={fields.email_userName.errors}
          inputProps={{
            ...getInputProps(fields.email_userName, { type: "text" }),
            autoComplete: "username",
            autoCapitalize: "none",
            spellCheck: false,
            onInput: trimAsTyped,
          }}
        />
        <PasswordField
          label={t("pub.login.password")}
          errors={fields.password.errors}
          inputProps={{
            ...getInputProps(fields.password, { type: "password" }),
            autoComplete: "current-password",
          }}
        />
        <div className="flex items-center justify-between gap-3 text-sm">
          <label className="flex items-center gap-2">
            <input
              {...getInputProps(fields.loginRemember_state, { type: "checkbox" })}
              className="h-4 w-4 rounded border-slate-300"
            />
            {t("pub.login.rememberMe")}
          </label>
          <Link
            to="/forgot-password"
            className="font-medium text-brand-600 hover:underline"
            onClick={(e) => {
              if (!hydrated) return;
              e.preventDefault();
              setForgotOpen(true);
            }}
          >
            {t("pub.login.forgotPassword")}
          </Link>
        </div>
        <HumanCheck challenge={challenge} />
        <SubmitButton pending={pending}>{t("pub.login.submit")}</SubmitButton>
      </Form>
      {googleEnabled ? (
        <a
          href="/auth/google?mode=login"
          className="btn-secondary mt-3 w-full"
          onClick={() => setGoogleBusy(true)}
        >
          <GoogleMark />
          {t("pub.login.google")}
        </a>
      ) : null}
      <p className="mt-5 text-center text-sm text-slate-600">
        <Trans
          i18nKey="pub.login.newHere"
          components={{
            go: <Link to="/signup" className="font-semibold text-brand-600 hover:underline" />,
          }}
        />
      </p>
      {forgotOpen ? <ForgotPasswordDialog onClose={() => setForgotOpen(false)} /> : null}
    </>
  );
}

export function GoogleMark() {
  return (
    <svg aria-hidden viewBox="0 0 48 48" className="h-4 w-4">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3 0 5.8 1.1 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3 0 5.8 1.1 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}

/* ---------------------------------------------------------------- forgot password */

export const ForgotPasswordSchema = z.object({ email_address: emailField(FIELD_MESSAGES.emailRequired) });

/** The forgot-password action's answer (app/routes/_public+/forgot-password.tsx). */
export interface ForgotPasswordReply {
  /** Unique per answer, so the same outcome twice is still shown twice. */
  id: string;
  result: SubmissionResult<string[]>;
  toast: ToastView | null;
  sent?: boolean;
  /** The API asked the member to wait: its message and the time left in ms. */
  wait?: { message: string; timeLeftMs: number };
}

/** 'Try again after mm:ss': the wait the API imposed between two reset mails. */
export function ResetWaitNotice({
  wait,
  onDone,
  idKey,
}: {
  wait: { message: string; timeLeftMs: number };
  onDone?: () => void;
  idKey: string;
}) {
  const left = useCountdown(wait.timeLeftMs, idKey);
  useEffect(() => {
    if (left <= 0) onDone?.();
  }, [left, onDone]);
  return (
    <div
      role="alert"
      className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900"
      data-testid="reset-wait"
    >
      <p className="font-semibold">{wait.message}</p>
      <p className="mt-1">
        <Trans
          i18nKey="pub.forgot.tryAgainAfter"
          values={{ time: formatDuration(left) }}
          components={{
            countdown: <span className="font-mono font-semibold" data-testid="reset-wait-countdown" />,
          }}
        />
      </p>
    </div>
  );
}

/** The e-mail form, used by the dialog (through a fetcher) and by the /forgot-password page. */
export function ForgotPasswordFields({
  form,
  email,
  pending,
}: {
  form: ReturnType<typeof useForgotPasswordForm>[0];
  email: ReturnType<typeof useForgotPasswordForm>[1]["email_address"];
  pending: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field
        label={t("pub.forgot.email")}
        errors={email.errors}
        inputProps={{
          ...getInputProps(email, { type: "email" }),
          autoComplete: "email",
          autoCapitalize: "none",
        }}
      />
      <SubmitButton pending={pending}>{t("pub.forgot.send")}</SubmitButton>
    </>
  );
}

export function useForgotPasswordForm(id: string, lastResult: SubmissionResult<string[]> | undefined) {
  const { t } = useTranslation();
  return useAppForm({
    id,
    lastResult,
    schema: ForgotPasswordSchema,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onSubmit(event) {
      // Offline, the request cannot leave the browser: say so instead of failing silently.
      if (!navigator.onLine) {
        event.preventDefault();
        showToast({ type: "error", title: t("pub.forgot.requestFailed") });
      }
    },
  });
}

/** 'I Forgot My Password' with JavaScript: a dialog posting to the same action as /forgot-password. */
function ForgotPasswordDialog({ onClose }: { onClose: () => void }) {
  const fetcher = useFetcher<ForgotPasswordReply>();
  const reply = fetcher.state === "idle" ? fetcher.data : undefined;
  const [form, fields] = useForgotPasswordForm("forgot-password-dialog", reply?.result);
  const [wait, setWait] = useState<{ message: string; timeLeftMs: number; id: string } | null>(null);
  const handled = useRef<string | null>(null);
  const { t } = useTranslation();

  useEffect(() => {
    if (!reply || handled.current === reply.id) return;
    handled.current = reply.id;
    if (reply.wait) setWait({ ...reply.wait, id: reply.id });
    else if (reply.toast) showToast(reply.toast);
    if (reply.sent) onClose();
  }, [reply, onClose]);

  if (wait) {
    return (
      <DialogFrame title={t("pub.forgot.alreadySent")} onClose={onClose}>
        <ResetWaitNotice wait={wait} idKey={wait.id} onDone={onClose} />
      </DialogFrame>
    );
  }
  return (
    <DialogFrame title={t("pub.forgot.heading")} onClose={onClose}>
      <p className="mb-3 text-sm text-slate-600">{t("pub.forgot.intro")}</p>
      <fetcher.Form method="post" action="/forgot-password" className="space-y-4" {...getFormProps(form)}>
        <ForgotPasswordFields form={form} email={fields.email_address} pending={fetcher.state !== "idle"} />
      </fetcher.Form>
    </DialogFrame>
  );
}

/** The close button's glyph (its name is its aria-label). */
const CLOSE_MARK = "✕";

function DialogFrame({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: React.ReactNode;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const { t } = useTranslation();
  useModalDialog(panel, onClose);
  return (
    <div
      className="fixed inset-0 !m-0 z-40 flex items-end justify-center bg-slate-900/50 p-3 sm:items-center"
      onMouseDown={(e) => e.target === e.currentTarget && onClose()}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby="forgot-dialog-title"
        tabIndex={-1}
        className="w-full max-w-sm rounded-2xl bg-white p-5 shadow-xl outline-none"
      >
        <div className="mb-3 flex items-start justify-between gap-3">
          <h2 id="forgot-dialog-title" className="text-lg font-bold">
            {title}
          </h2>
          <button
            type="button"
            className="text-slate-500 hover:text-slate-800"
            onClick={onClose}
            aria-label={t("pub.forgot.close")}
          >
            {CLOSE_MARK}
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
