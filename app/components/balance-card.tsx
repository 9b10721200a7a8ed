import { rupees } from "../../shared/money";

export function BalanceCard({
  label,
  amount,
  tone = "brand",
}: {
  label: string;
  amount: string | null | undefined;
  tone?: "brand" | "amber" | "green" | "slate";
}) {
  const tones = {
    brand: "border-brand-100 bg-brand-50 text-brand-900",
    amber: "border-amber-200 bg-amber-50 text-amber-900",
    green: "border-green-200 bg-green-50 text-green-900",
    slate: "border-slate-200 bg-white text-slate-900",
  } as const;
  return (
    <div className={`rounded-xl border p-4 shadow-sm ${tones[tone]}`} role="group" aria-label={label}>
      <p className="text-sm font-medium opacity-80">{label}</p>
      <p className="mt-1 text-xl font-bold tabular-nums" data-testid="balance-amount">
        {rupees(amount)}
      </p>
    </div>
  );
}

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
        maxLength={9}
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
          {errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

/** A record's time in Indian Standard Time, e.g. '21 Nov 2026, 3:04 pm'. */
export function formatTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString("en-IN", { timeZone: "Asia/Kolkata", dateStyle: "medium", timeStyle: "short" });
}

/** The server's instructions (sanitized HTML items) under a money form; nothing when there are none. */
export function Instructions({ items }: { items: string[] }) {
  if (!items.length) return null;
  return (
    <section className="card" aria-labelledby="instructions-heading">
      <h2 id="instructions-heading" className="text-lg font-semibold">
        Instructions
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {items.map((html, i) => (
          <li key={i} dangerouslySetInnerHTML={{ __html: html }} />
        ))}
      </ul>
    </section>
  );
}
