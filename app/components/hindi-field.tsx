import type { ReactNode } from "react";
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Field } from "~/components/forms";

/**
 * An operator-written name's Hindi version beside its English (issue 45): the two fields side by
 * side on a wide screen, one under the other on a phone. Empty Hindi: members see the English.
 */
export function HindiPair({ children }: { children: ReactNode }) {
  return <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">{children}</div>;
}

/** The Hindi text field of a pair: optional, typed in Hindi (`lang="hi"`). */
export function HindiTextField({
  label,
  meta,
  hint,
}: {
  label: string;
  meta: FieldMetadata<string | undefined>;
  hint?: string;
}) {
  return (
    <Field
      label={label}
      errors={meta.errors}
      hint={hint ?? "Optional. Empty: Hindi readers see the English."}
      inputProps={{ ...getInputProps(meta, { type: "text" }), autoComplete: "off", lang: "hi" }}
    />
  );
}
