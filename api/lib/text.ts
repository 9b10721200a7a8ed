/**
 * Text a member can type never holds control characters (other than tab and the CR/LF of a
 * newline; forms send CRLF) nor lone UTF-16 surrogates. PostgreSQL refuses NUL in text columns
 * and encoders choke on lone surrogates, so such input is refused at the door with a message
 * naming the field, never left to fail deep inside as a 500. Pure, for the API and the web tier.
 */

// U+0000–U+001F and U+007F except tab (U+0009), line feed (U+000A) and carriage return (U+000D);
// a high surrogate not followed by a low one, or a low one not preceded by a high one.
const UNSAFE =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isSafeText(text: string): boolean {
  return !UNSAFE.test(text);
}

/** Where unsafe text was found: the field's path, and whether the field's name (key) is what is bad. */
export interface UnsafeText {
  field: string;
  inName: boolean;
}

const MAX_SHOWN = 80;

/** The message naming the field; a very long path is shortened, a bad name is not shown. */
export function unsafeTextMessage({ field, inName }: UnsafeText): string {
  const shown = field.length > MAX_SHOWN ? `${field.slice(0, MAX_SHOWN)}…` : field;
  if (inName)
    return field
      ? `A field name inside "${shown}" contains a character that is not allowed.`
      : "A field name contains a character that is not allowed.";
  return `The field "${shown || "body"}" contains a character that is not allowed.`;
}

/**
 * The first field of a parsed JSON value (any depth, names and values) whose text is unsafe, as
 * a path like `human_check.payload` or `items[2]`; null when all text is safe. Walks with its own
 * stack, so a deeply nested body cannot exhaust the call stack.
 */
export function findUnsafeText(value: unknown): UnsafeText | null {
  const stack: [value: unknown, path: string][] = [[value, ""]];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === "string") {
      if (!isSafeText(current)) return { field: path, inName: false };
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push([current[i], `${path}[${i}]`]);
    } else if (current !== null && typeof current === "object") {
      const entries = Object.entries(current);
      for (const [key] of entries) if (!isSafeText(key)) return { field: path, inName: true };
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        stack.push([child, path ? `${path}.${key}` : key]);
      }
    }
  }
  return null;
}

/** The first `bytes` bytes of `s` in UTF-8, never cutting a character. */
export function clipBytes(s: string, bytes: number): string {
  const { read } = new TextEncoder().encodeInto(s, new Uint8Array(bytes));
  return s.slice(0, read);
}

/** The first `n` characters of `s`: whole characters, never half of a surrogate pair. */
export function headChars(s: string, n: number): string {
  return Array.from(s).slice(0, Math.max(0, n)).join("");
}

/**
 * The last `n` characters of `s`: whole characters, never half of a surrogate pair — a hint or a
 * mask cut in one is text that JSON (the audit, risk evidence) cannot store.
 */
export function tailChars(s: string, n: number): string {
  return n > 0 ? Array.from(s).slice(-n).join("") : "";
}
