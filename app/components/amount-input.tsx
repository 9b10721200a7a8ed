import { useLocalize } from "~/i18n/i18n";
import { MAX_INPUT_DIGITS } from "../../shared/money";

/**
 * The whole-rupee amount box (spec 1 §4, spec 2 §4): digits only; with JavaScript it clears on
 * focus and returns to 0 when left empty. A `type="reset"` Clear button restores the 0 without JS.
 */
export function AmountInput({
  id,
  name,
  label,
  required,
  errors,
  defaultValue = "0",
  digitsOnly = true,
}: {
  id: string;
  name: string;
  label: string;
  required?: boolean;
  errors?: string[] | null;
  /** What the box shows first: a refused amount comes back as it was typed. */
  defaultValue?: string;
  /**
   * Digits only as typed (the default). False: the box keeps what was typed ("50.5") and the form's
   * check names the whole-rupee rule, instead of the browser silently dropping the point.
   */
  digitsOnly?: boolean;
}) {
  const localize = useLocalize();
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div>
      <label className="label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        className="input text-lg tabular-nums"
        type="text"
        inputMode="numeric"
        pattern={digitsOnly ? "[0-9]*" : undefined}
        maxLength={MAX_INPUT_DIGITS}
        required={required}
        autoComplete="off"
        defaultValue={defaultValue}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        onFocus={(e) => {
          // A refused amount the form focuses again stays as typed; the 0 clears.
          if (digitsOnly || e.currentTarget.value === "0") e.currentTarget.value = "";
        }}
        onBlur={(e) => {
          if (e.currentTarget.value === "") e.currentTarget.value = "0";
        }}
        onInput={(e) => {
          if (!digitsOnly) return;
          const digits = e.currentTarget.value.replace(/\D/g, "");
          if (digits !== e.currentTarget.value) e.currentTarget.value = digits;
        }}
      />
      {errors?.length ? (
        <p id={errorId} className="field-error" role="alert">
          {errors.map(localize).join(" ")}
        </p>
      ) : null}
    </div>
  );
}
