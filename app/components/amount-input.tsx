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
}: {
  id: string;
  name: string;
  label: string;
  required?: boolean;
  errors?: string[] | null;
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
        pattern="[0-9]*"
        maxLength={MAX_INPUT_DIGITS}
        required={required}
        autoComplete="off"
        defaultValue="0"
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        onFocus={(e) => {
          e.currentTarget.value = "";
        }}
        onBlur={(e) => {
          if (e.currentTarget.value === "") e.currentTarget.value = "0";
        }}
        onInput={(e) => {
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
