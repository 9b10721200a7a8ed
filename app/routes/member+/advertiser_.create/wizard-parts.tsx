import { useTranslation } from "react-i18next";
import { DialogShell } from "~/components/confirm-dialog";
import { ErrorList } from "~/components/forms";
import { FIELDS, STEPS, type FieldName, type Step, type Values, type WizardState } from "./wizard";

/** The draft's other steps' fields, carried in hidden inputs. */
export function Hidden({ values, except }: { values: Values; except: FieldName[] }) {
  return (
    <>
      {FIELDS.filter((f) => !except.includes(f) && values[f] !== undefined && values[f] !== "").map((f) => (
        <input key={f} type="hidden" name={f} value={values[f]} />
      ))}
    </>
  );
}

type StepState = "done" | "current" | "todo";
const stateOf = (n: number, step: Step): StepState => (n < step ? "done" : n === step ? "current" : "todo");

/** The four steps, the current one marked. */
export function StepList({ step }: { step: Step }) {
  const { t } = useTranslation();
  return (
    <ol
      className="grid grid-cols-4 gap-1 text-center text-xs font-semibold"
      aria-label={t("adv.create.steps.label")}
    >
      {STEPS.map((name, i) => {
        const n = i + 1;
        const state = stateOf(n, step);
        return (
          <li
            key={name}
            aria-current={state === "current" ? "step" : undefined}
            className={`rounded-lg px-2 py-2 ${state === "current" ? "bg-brand-600 text-white" : state === "done" ? "bg-brand-50 text-brand-800" : "bg-slate-100 text-slate-600"}`}
          >
            {n}. {t(`adv.create.steps.${name}`)}
          </li>
        );
      })}
    </ol>
  );
}

export function FieldError({ id, text }: { id: string; text?: string }) {
  return <ErrorList id={id} errors={text ? [text] : null} />;
}

export function Dialog({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <DialogShell title={title} width="max-w-lg">
      <div className="mt-2 text-sm text-slate-700">{children}</div>
    </DialogShell>
  );
}

/** A step's field helpers: the error's id for aria-describedby and the field's error list. */
export function fieldHelpers(errors: WizardState["errors"]) {
  const describedBy = (f: FieldName) => (errors[f] ? `${f}-error` : undefined);
  const fieldErrors = (f: FieldName) => {
    const text = errors[f];
    return text ? [text] : null;
  };
  return { describedBy, fieldErrors };
}
