import { useState, type InputHTMLAttributes, type ReactNode } from "react";
import { useFormAction, useNavigation } from "@remix-run/react";
import { getInputProps, getSelectProps, useForm, type FieldMetadata } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { z } from "zod";
import { useTranslation } from "react-i18next";
import { useLocalize } from "~/i18n/i18n";
import { useHydrated } from "~/utils/use-hydrated";

type ConformOptions<Schema extends z.ZodTypeAny> = Parameters<
  typeof useForm<z.input<Schema>, z.output<Schema>>
>[0];

/**
 * Every form's Conform setup: one zod schema gives the native constraints (`required`, `pattern`,
 * `minLength`) and the validation after hydration. The server-rendered form carries no
 * `novalidate`, so the browser enforces the rules before (and without) scripts; Conform takes over
 * once hydrated. `onValidate` is only for forms whose schema depends on the submitted data.
 */
export function useAppForm<Schema extends z.ZodTypeAny>({
  schema,
  ...options
}: Omit<ConformOptions<Schema>, "constraint" | "defaultNoValidate"> & { schema: Schema }) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    ...options,
    defaultNoValidate: false,
  });
}

/**
 * True while one form is being submitted: by default a POST to this route's own action; `fields`
 * narrows it to the form whose submitted values match (e.g. `{ intent: "password" }`, a row's id),
 * so another form on the page (or the logout dialog) does not spin this one's button. A field the
 * form does not send reads as "" (a new row's form has no id).
 */
export function useIsPending({
  formAction,
  formMethod = "POST",
  fields,
}: { formAction?: string; formMethod?: "POST" | "GET"; fields?: Record<string, string> } = {}) {
  const ownAction = useFormAction();
  const navigation = useNavigation();
  return (
    navigation.state !== "idle" &&
    navigation.formAction === (formAction ?? ownAction) &&
    (navigation.formMethod ?? "GET").toUpperCase() === formMethod &&
    Object.entries(fields ?? {}).every(
      ([name, value]) => String(navigation.formData?.get(name) ?? "") === value,
    )
  );
}

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  const localize = useLocalize();
  if (!errors?.length) return null;
  return (
    // The live region wraps the list: a list given role="alert" is no longer a list to assistive technology (axe).
    <div id={id} className="field-error" role="alert">
      <ul>
        {errors.map((e) => (
          <li key={e}>{localize(e)}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * An input's `title`, the hint the browser shows when its `pattern` fails, in the page's language:
 * the shared rules give theirs in English (shared/fields.ts `MOBILE_NUMBER_INPUT`, `PIN_CODE_INPUT`),
 * so every form's hint reads like the page around it. A hint already in the page's words stays.
 */
function hintIn(localize: (text: string) => string, title: string | undefined): string | undefined {
  return title ? localize(title) : undefined;
}

export function Field({
  label,
  errors,
  inputProps,
  hint,
}: {
  label: ReactNode;
  errors?: string[] | null;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { name: string };
  hint?: ReactNode;
}) {
  const localize = useLocalize();
  const id = inputProps.id ?? inputProps.name;
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div>
      <label className="label" htmlFor={id}>
        {label}
      </label>
      <input
        className="input"
        {...inputProps}
        title={hintIn(localize, inputProps.title)}
        id={id}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
      />
      {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** A labelled select bound to a Conform field, with its errors. */
export function SelectField({
  label,
  field,
  children,
}: {
  label: ReactNode;
  field: FieldMetadata<string | undefined>;
  children: ReactNode;
}) {
  return (
    <div>
      <label className="label" htmlFor={field.id}>
        {label}
      </label>
      <select className="input" {...getSelectProps(field)}>
        {children}
      </select>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

/**
 * A password input with a show/hide toggle. The toggle needs JavaScript, so it is rendered only
 * once the page is hydrated: without scripts there is no "Show" that does nothing.
 */
export function PasswordField(props: Parameters<typeof Field>[0]) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const [shown, setShown] = useState(false);
  const hydrated = useHydrated();
  const id = props.inputProps.id ?? props.inputProps.name;
  const errorId = props.errors?.length ? `${id}-error` : undefined;
  return (
    <div>
      <label className="label" htmlFor={id}>
        {props.label}
      </label>
      <div className="relative">
        <input
          className={hydrated ? "input pr-16" : "input"}
          {...props.inputProps}
          title={hintIn(localize, props.inputProps.title)}
          id={id}
          type={hydrated && shown ? "text" : "password"}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
        />
        {hydrated ? (
          <button
            type="button"
            className="absolute inset-y-0 right-0 px-3 text-xs font-semibold text-brand-600"
            onClick={() => setShown((s) => !s)}
            aria-label={shown ? t("common.forms.hidePassword") : t("common.forms.showPassword")}
            aria-pressed={shown}
          >
            {shown ? t("common.forms.hide") : t("common.forms.show")}
          </button>
        ) : null}
      </div>
      {props.hint ? <p className="mt-1 text-xs text-slate-500">{props.hint}</p> : null}
      <ErrorList id={errorId} errors={props.errors} />
    </div>
  );
}

export function Spinner({ className = "h-4 w-4" }: { className?: string }) {
  return (
    <span
      aria-hidden
      className={`inline-block animate-spin rounded-full border-2 border-current border-t-transparent ${className}`}
    />
  );
}

/** A submit button that shows a spinner and is disabled while its form is pending. */
export function SubmitButton({
  pending,
  children,
  className = "btn-primary w-full",
  ...rest
}: { pending: boolean; children: ReactNode } & React.ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="submit"
      className={className}
      disabled={pending || rest.disabled}
      aria-busy={pending}
      {...rest}
    >
      {pending ? <Spinner /> : null}
      {children}
    </button>
  );
}

/** The full-screen blocking overlay shown while a call is in flight. */
export function ProcessingOverlay({ show }: { show: boolean }) {
  const { t } = useTranslation();
  if (!show) return null;
  return (
    <div
      className="fixed inset-0 !m-0 z-50 flex items-center justify-center bg-slate-900/50"
      role="alertdialog"
      aria-busy="true"
      aria-label={t("common.forms.processing")}
    >
      <div className="flex items-center gap-3 rounded-xl bg-white px-6 py-4 shadow-xl">
        <Spinner className="h-6 w-6 text-brand-600" />
        <span className="font-semibold">{t("common.forms.processingDots")}</span>
      </div>
    </div>
  );
}

/** A one-line text field without autofill (operators' forms: not the operator's own details). */
export function TextField({
  label,
  meta,
  hint,
  inputMode,
}: {
  label: string;
  meta: FieldMetadata<string | undefined>;
  hint?: string;
  inputMode?: "decimal";
}) {
  return (
    <Field
      label={label}
      errors={meta.errors}
      hint={hint}
      inputProps={{ ...getInputProps(meta, { type: "text" }), autoComplete: "off", inputMode }}
    />
  );
}

/** A checkbox with its label beside it. */
export function Checkbox({ label, meta }: { label: string; meta: FieldMetadata<boolean | undefined> }) {
  return (
    <label className="flex items-center gap-2 text-sm font-medium">
      <input className="h-4 w-4 accent-brand-600" {...getInputProps(meta, { type: "checkbox" })} />
      {label}
    </label>
  );
}
