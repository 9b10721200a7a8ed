import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { drivers } from "../support/db";
import { DEFAULT_RISK_POLICY } from "../../shared/risk";
import { startTestApi, type TestApi } from "../support/api";
import { serveApi, type ServedApi } from "../support/http";
import { startOidcProvider, type OidcProvider } from "../support/oidc";
import {
  addPayoutMethod,
  bindPayout,
  createGiftCode,
  expectLedgerConsistent,
  giveEarning,
  inAnHour,
  newMember,
  newOperator,
  pendingWithdrawal,
  type TestMember,
} from "../support/money";
import { createApi } from "../../api/app";
import { decodeObj, encodeObj } from "../../shared/obj.server";
import { createSession } from "../../api/sessions/sessions";
import {
  announcements,
  cannedReplies,
  faqs,
  homeSections,
  contactMessages,
  gameRoomTypes,
  payoutMethods,
  shortLinks,
  shorteners,
  taskWallOpenings,
} from "../../api/db/schema";
import { seedShortLinks } from "../../api/seed/shortLinks";
import { seedGames } from "../../api/seed/games";
import { SIGN_UP_PRIVACY } from "../support/privacy";
import { PRIVACY_NOTICE_VERSION } from "../../shared/privacyNotice";
import { DEFAULT_TAX_SETTINGS } from "../../shared/tax";

/**
 * Every API endpoint, called as a visitor, a member and an operator, with broken input: missing,
 * extra and wrong-typed fields, control characters and lone surrogates, 1 MB strings, arrays for
 * text, negative, fractional and huge numbers, broken `obj` strings, broken JSON, wrong content
 * types and huge bodies. Every answer is the envelope with a 4xx, never a 5xx, and the ledger
 * still balances afterwards.
 *
 * When a 2xx is allowed: a body-reading endpoint gets bodies that are invalid by construction
 * (each mutation breaks a required field, or the body as a whole), so it must refuse them all;
 * the exceptions are "odd text", where a text field holds any text the rule allows (every
 * script, emoji, quotes, markup), and "broken cookie", a valid body sent with a forged session
 * cookie (public endpoints serve it as a visitor's): both may be valid and may succeed.
 * Endpoints that read no body (the GETs, logout) ignore unknown query parameters and take their
 * known ones as optional flags or lookups, so a fuzzed query can be a valid request: they may
 * answer 2xx, but still only with the envelope and never a 5xx. The Google endpoint's query is
 * strict, so it is treated like a body.
 */

const SEED = 20261123;
/**
 * The random mix after the sweep: 800 cases in all, shared between the drivers the file runs on.
 * Each driver draws its own share from its own seed, so with both databases
 * (TEST_BOTH_DATABASES=on) the run sends 800 different cases (400 to each) rather than the same
 * 800 twice; the sweep still runs in full on each.
 */
const RANDOM_RUNS = 800;
const CLIENT_ID = "fuzz-client";
const CLIENT_SECRET = "fuzz-client-secret";
const REDIRECT_URI = "http://localhost:3000/auth/google/callback";
const MB = 1024 * 1024;

type Role = "visitor" | "member" | "operator";
type Input = "obj" | "json" | "query" | "none";
type Fields = Record<string, unknown>;

interface Endpoint {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** As the router registers it; `:id` is filled from `ids`. */
  route: string;
  input: Input;
  /** The least role the endpoint serves. */
  role: Role;
  /** A valid input for that role (fields, or the query for `query`). */
  valid?: () => Fields;
  /** What the valid input answers when sent once, before the fuzz. */
  validStatus?: number;
  /** Fields that may be left out. */
  optional?: string[];
  /** Fields taking a number or its text (so only arrays, objects and booleans are wrong types). */
  lenient?: string[];
  /** Fields holding an amount or a count, for the bad-number mutations. */
  numeric?: string[];
  /** Valid path parameters, never produced by the fuzzed ones. */
  ids?: () => string[];
  /** The body field of an `obj` input when the spec names it otherwise (`encryptedObj`, `obj_already`). */
  objField?: "encryptedObj" | "obj_already";
}

/** What the ALTCHA widget posts after solving a challenge the API issued. */
async function solvedAltcha(t: TestApi): Promise<string> {
  const res = await t.request("/humanCheck/altcha-challenge");
  const challenge = res.body as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

/** Percent-encoding of any string: lone surrogates (which UTF-8 cannot hold) become U+FFFD first. */
const pct = (s: string) => encodeURIComponent(Buffer.from(s, "utf8").toString("utf8"));

const asText = (v: unknown) => (v !== null && typeof v === "object" ? JSON.stringify(v) : String(v));

/** A query string; an array repeats its parameter. */
const queryString = (q: Fields) =>
  Object.entries(q)
    .flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((one) => `${pct(k)}=${pct(asText(one))}`))
    .join("&");

/** One request as the fuzz sends it. */
interface Attempt {
  kind: string;
  path: string;
  method: string;
  body?: string;
  contentType?: string | null;
  /** A session cookie header of its own instead of the caller's. */
  cookie?: string;
  /** Input that may well be valid (odd but allowed text), so a 2xx is a right answer too. */
  mayPass?: boolean;
  /** The answer it must get from a caller the endpoint serves (beyond "a 4xx"). */
  expect?: { status: number; message?: RegExp };
}

/** Control characters survive percent-encoding; lone surrogates do not (UTF-8 has no form for them). */
/** Whether `obj` decodes with the key to an object (a field set the endpoint may then accept). */
function decodesToObject(secret: string, obj: unknown): boolean {
  try {
    const v = decodeObj(secret, obj);
    return v !== null && typeof v === "object" && !Array.isArray(v);
  } catch {
    return false;
  }
}

const hasControl = (s: string) =>
  Array.from(s).some((c) => {
    const n = c.charCodeAt(0);
    return (n < 0x20 && n !== 0x09 && n !== 0x0a && n !== 0x0d) || n === 0x7f;
  });
const UNSAFE_CHARS = [
  ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).filter((c) => !"\t\n\r".includes(c)),
  "\u007f",
  "\ud800",
  "\udbff",
  "\udc00",
  "\udfff",
];
const ONE_MB = ["a", "न", "🔒", "\u0000"].map((c) => c.repeat(MB / c.length));
const TOO_LARGE = { status: 413, message: /^Request body too large\.$/ };
const NOT_ALLOWED = /contains a character that is not allowed\.$/;

const unsafeText = fc
  .tuple(fc.string({ maxLength: 20 }), fc.constantFrom(...UNSAFE_CHARS), fc.string({ maxLength: 20 }))
  .map(([a, c, b]) => `${a}${c}${b}`);
/** Negative, fractional (more than 3 decimals) and huge: invalid for every amount and count. */
const badNumber = fc.oneof(
  fc.integer({ min: -1e12, max: -1 }),
  fc.double({ min: -1e308, max: -1e-3, noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: 0, max: 1e6 }).map((n) => n + 0.12345),
  fc.double({ min: 1e13, max: 1e308, noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(2 ** 53, 2 ** 53 + 2, Number.MAX_VALUE, 1e21, 0.0001),
);
/** Any text the rule allows (every script, emoji, symbols, tabs and newlines): deep into the domain code. */
const oddText = fc
  .oneof(
    fc.string({ unit: "binary", maxLength: 40 }),
    fc.string({ unit: "grapheme", maxLength: 300 }),
    fc.constantFrom("' OR 1=1 --", "%00", "\\u0000", "<script>x</script>", "${x}", "NULL", " ", "\r\n\t"),
  )
  .filter((v) => !hasControl(v));
const badNumberText = fc.constantFrom(
  "-5",
  "-0.5",
  "1.23456",
  "1e400",
  "99999999999999999999",
  "NaN",
  "0x10",
);
const anyJson = fc.jsonValue({ maxDepth: 3 });

/** Values of any type but the field's own (for a number-or-text field, neither). */
function wrongTypeFor(value: unknown, numberOrText: boolean): fc.Arbitrary<unknown> {
  const text = fc.string({ maxLength: 8 });
  const number = fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));
  const list = fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 });
  const record = fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 });
  if (numberOrText) return fc.oneof(fc.boolean(), list, record);
  if (typeof value === "boolean") return fc.oneof(text, number, fc.constant(null), list, record);
  if (typeof value === "number") return fc.oneof(text, fc.boolean(), fc.constant(null), list, record);
  if (typeof value === "string") return fc.oneof(number, fc.boolean(), fc.constant(null), list, record);
  // A list field's own type is a list: a record instead.
  return fc.oneof(text, number, fc.boolean(), fc.constant(null), Array.isArray(value) ? record : list);
}

/** Path parameters filled from `ids`, in order: `:id`, and the content routes' `:kind`, `:key`, `:slug`. */
const PATH_PARAM = /:(id|kind|key|slug)\b/g;
function fillPath(e: Endpoint): string {
  const ids = e.ids?.() ?? [];
  let i = 0;
  return e.route.replace(PATH_PARAM, () => ids[i++] ?? ids[0] ?? "x");
}

/** The broken inputs, for one endpoint (whose valid input is `base`). */
function mutations(e: Endpoint, base: Fields, objSecret: string): fc.Arbitrary<Attempt>[] {
  const keys = Object.keys(base);
  const required = keys.filter((k) => !e.optional?.includes(k));
  const textKeys = keys.filter((k) => typeof base[k] === "string");
  const numericKeys = keys.filter((k) => e.numeric?.includes(k));
  const path = (ids: string[] = e.ids?.() ?? []) => {
    let i = 0;
    return e.route.replace(PATH_PARAM, () => ids[i++] ?? "x");
  };
  const send = (kind: string, fields: unknown, expect?: Attempt["expect"]): Attempt => {
    if (e.input === "query") {
      const q = fields && typeof fields === "object" && !Array.isArray(fields) ? (fields as Fields) : {};
      return { kind, method: e.method, path: `${path()}?${queryString(q)}`, expect };
    }
    const body = e.input === "obj" ? { [e.objField ?? "obj"]: encodeObj(objSecret, fields) } : fields;
    return { kind, method: e.method, path: path(), body: JSON.stringify(body), expect };
  };
  const raw = (kind: string, body: string, expect?: Attempt["expect"], contentType?: string | null) => ({
    kind,
    method: e.method,
    path: path(),
    body,
    contentType,
    expect,
  });
  const with_ = (k: string, v: unknown) => ({ ...base, [k]: v });
  const unsafeExpect = (v: string): Attempt["expect"] =>
    e.input !== "query" || hasControl(v) ? { status: 400, message: NOT_ALLOWED } : undefined;
  const list: fc.Arbitrary<Attempt>[] = [];

  if (required.length > 0)
    list.push(
      fc.constantFrom(...required).map((k) => {
        const { [k]: _dropped, ...rest } = base;
        return send(`missing ${k}`, rest);
      }),
    );
  list.push(
    fc
      .tuple(
        fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !(k in base) && k !== "__proto__"),
        anyJson,
      )
      .map(([k, v]) => send(`extra ${JSON.stringify(k)}`, with_(k, e.input === "query" ? asText(v) : v))),
  );
  if (keys.length > 0)
    list.push(
      fc
        .constantFrom(...keys)
        .chain((k) =>
          wrongTypeFor(base[k], e.lenient?.includes(k) ?? false).map((v) =>
            send(`wrong type ${k}`, with_(k, e.input === "query" ? asText(v) : v)),
          ),
        ),
    );
  if (textKeys.length > 0) {
    list.push(
      fc
        .tuple(fc.constantFrom(...textKeys), unsafeText)
        // In a query a lone surrogate arrives as U+FFFD, which is allowed text: it may be valid.
        .map(([k, v]) => ({
          ...send(`unsafe ${k}`, with_(k, v), unsafeExpect(v)),
          mayPass: !unsafeExpect(v),
        })),
    );
    list.push(
      fc.tuple(fc.constantFrom(...textKeys), fc.constantFrom(...ONE_MB)).map(([k, v]) =>
        e.input === "obj"
          ? // Refused by its size before it is decrypted: a ciphertext of the size it would have
            // (encrypting megabytes would take most of the run on this machine).
            raw(
              `1 MB ${k}`,
              JSON.stringify({
                [e.objField ?? "obj"]:
                  `U2FsdGVkX1${"A".repeat(Math.ceil((JSON.stringify(v).length * 4) / 3))}`,
              }),
              TOO_LARGE,
            )
          : send(`1 MB ${k}`, with_(k, v), e.input === "query" ? undefined : TOO_LARGE),
      ),
    );
    list.push(
      fc
        .tuple(fc.constantFrom(...textKeys), oddText)
        .map(([k, v]) => ({ ...send(`odd text ${k}`, with_(k, v)), mayPass: true })),
    );
    list.push(
      fc
        .tuple(fc.constantFrom(...textKeys), fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }))
        .map(([k, v]) => send(`array for ${k}`, with_(k, e.input === "query" ? ["", "x"] : v))),
    );
  }
  list.push(unsafeText.map((k) => send("unsafe field name", with_(k, "x"), unsafeExpect(k))));
  if (numericKeys.length > 0)
    list.push(
      fc
        .tuple(
          fc.constantFrom(...numericKeys),
          e.lenient?.some((k) => numericKeys.includes(k)) ? fc.oneof(badNumber, badNumberText) : badNumber,
        )
        .map(([k, v]) =>
          send(`bad number ${k}`, with_(k, typeof v === "string" && !e.lenient?.includes(k) ? -1 : v)),
        ),
    );
  if (e.ids)
    list.push(
      fc
        .oneof(
          fc.string({ maxLength: 30 }),
          unsafeText,
          fc.constantFrom("0", "-1", "1.5", "99999999999", "1e3", "..", "%", "%00", "a".repeat(5000)),
        )
        .filter((id) => id.length > 0 && !e.ids!().includes(id) && !(/^\d{1,9}$/.test(id) && Number(id) > 0))
        .map((id) => ({
          ...send(`path id ${JSON.stringify(id.slice(0, 20))}`, base),
          path: path([pct(id)]),
        })),
    );

  if (e.input === "obj") {
    list.push(
      fc
        .oneof(
          fc.string({ maxLength: 60 }),
          fc.constantFrom("", "U2FsdGVkX1", "U2FsdGVkX19hYmNkZWZnaA==", "%%%%"),
          fc.constant(encodeObj(objSecret, base)).map((s) => s.slice(0, s.length - 5)),
          anyJson.map((v) => encodeObj("another-secret-1234", v)),
          fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 2 })),
        )
        .map((obj) => ({
          ...raw("broken obj", JSON.stringify({ [e.objField ?? "obj"]: obj })),
          // crypto-js's AES has no MAC: a cut body decodes whole about once in 240 when the cut
          // takes only the padding block (the JSON's length a multiple of 16) and the garbage
          // left reads as full padding. What the key really decodes to an object may pass.
          mayPass: decodesToObject(objSecret, obj),
        })),
    );
    list.push(
      fc
        .tuple(
          fc.string({ minLength: 1, maxLength: 8 }).filter((k) => k !== (e.objField ?? "obj")),
          unsafeText,
        )
        .map(([k, v]) =>
          raw(
            "unsafe beside obj",
            JSON.stringify({ [e.objField ?? "obj"]: encodeObj(objSecret, base), [k]: v }),
            {
              status: 400,
              message: NOT_ALLOWED,
            },
          ),
        ),
    );
  }
  if (e.input === "obj" || e.input === "json") {
    list.push(
      fc
        .oneof(
          anyJson.filter((v) => v === null || typeof v !== "object" || Array.isArray(v)),
          fc.constant({}),
        )
        .map((v) => send("not an object of fields", v)),
    );
    list.push(
      fc
        .oneof(
          fc.constantFrom("{", "{obj:", "[1,", '{"a":', "not json", "", "\u0000", '{"obj":"\\u00"}'),
          fc.string({ maxLength: 40 }).filter((s) => {
            try {
              JSON.parse(s);
              return false;
            } catch {
              return true;
            }
          }),
        )
        .map((b) => raw("broken JSON", b, { status: 400 })),
    );
    list.push(
      fc
        .constantFrom(
          "application/x-www-form-urlencoded",
          "text/plain",
          "multipart/form-data; boundary=x",
          null,
        )
        .map((type) =>
          raw(`content type ${type}`, send("", base).body!, { status: 415, message: /Content-Type/ }, type),
        ),
    );
    list.push(
      fc
        .constantFrom(64 * 1024 + 1, 200 * 1024, MB)
        .map((n) => raw(`huge body ${n}`, JSON.stringify({ obj: "x".repeat(n) }), TOO_LARGE)),
    );
    list.push(
      fc
        .integer({ min: 1, max: 20_000 })
        .map((depth) => raw(`nested ${depth}`, "[".repeat(depth) + "]".repeat(depth))),
    );
  }
  return list;
}

/** Inputs for the endpoints that read no body: any query, unsafe queries, junk bodies. */
function addressMutations(e: Endpoint): fc.Arbitrary<Attempt>[] {
  const path = e.route;
  const attempt = (kind: string, query: string, expect?: Attempt["expect"], body?: string): Attempt => ({
    kind,
    method: e.method,
    path: query ? `${path}?${query}` : path,
    body,
    expect,
  });
  const list = [
    fc
      .dictionary(
        fc.string({ maxLength: 10 }),
        fc.oneof(
          { arbitrary: fc.string({ maxLength: 20 }), weight: 30 },
          // Node refuses a request line this long before the API sees it; the API must cope anyway.
          { arbitrary: fc.constantFrom(...ONE_MB), weight: 1 },
        ),
        {
          maxKeys: 3,
        },
      )
      .map((q) => attempt("any query", queryString(q))),
    fc
      .tuple(fc.string({ maxLength: 10 }), unsafeText, fc.boolean())
      .map(([k, v, inName]) =>
        attempt(
          "unsafe query",
          inName ? `${pct(v)}=1` : `${pct(k || "token")}=${pct(v)}`,
          hasControl(v) ? { status: 400, message: NOT_ALLOWED } : undefined,
        ),
      ),
    fc
      .constantFrom("%ZZ", "a=%E0%A4", "%00=%00", "&&&==&", "a[]=1&a[]=2", "token=a%2500")
      .map((q) =>
        attempt("odd query", q, q.includes("%00=") ? { status: 400, message: NOT_ALLOWED } : undefined),
      ),
  ];
  if (e.method !== "GET")
    list.push(
      fc
        .oneof(fc.string({ maxLength: 30 }), fc.constant("x".repeat(MB)))
        .map((b) => attempt("junk body", "", b.length > 64 * 1024 ? TOO_LARGE : undefined, b)),
    );
  return list;
}

describe.each(drivers("one"))("API fuzz (%s)", (driver) => {
  let t: TestApi;
  let provider: OidcProvider;
  let operator: TestMember;
  let member: TestMember;
  /** The member the operator's restriction endpoints act on (not the fuzz's own member). */
  let restricted: TestMember;
  let giftCode: string;
  let pendingWithdrawalId: string;
  let methodIds: string[];
  let campaignId: string;
  let ownCampaignId: string;
  let wallId: string;
  let served: ServedApi;
  let shortenerId: string;
  let shortLinkId: string;
  let roomTypeId: string;
  /** A contact message of the fuzz member's and a canned reply, for the support endpoints. */
  let messageId: string;
  let cannedId: string;
  /** An announcement, two FAQ items and a home section, for the content endpoints. */
  let announcementId: string;
  let faqId: string;
  let sectionId: string;
  const altcha: Record<"login" | "signUp", string> = { login: "", signUp: "" };
  const verifier = "v".repeat(43);
  const challenge = createHash("sha256").update(verifier).digest("base64url");

  /** The breach notice the fuzz sends (one key: sent again, it is the same notice). */
  const breachNotice = () => ({
    key: "fuzz-breach-notice",
    discovered_at: new Date(Date.now() - 60 * 60 * 1000).toISOString(),
    subject_en: "A breach",
    body_en: "What happened.",
    subject_hi: "उल्लंघन",
    body_hi: "क्या हुआ।",
    audience: "list",
    member_ids: [member.id],
  });

  const ENDPOINTS: Endpoint[] = [
    { method: "GET", route: "/healthz", input: "none", role: "visitor" },
    { method: "GET", route: "/readyz", input: "none", role: "visitor" },
    { method: "GET", route: "/checkLogin_for_navBar", input: "none", role: "visitor" },
    {
      method: "GET",
      route: "/userRoute/user_signUp_login_google",
      input: "query",
      role: "visitor",
      valid: () => ({ redirect_uri: REDIRECT_URI, state: "s".repeat(20), code_challenge: challenge }),
      validStatus: 200,
    },
    {
      method: "GET",
      route: "/userRoute/user_signUp_login_google",
      input: "query",
      role: "visitor",
      // The code exchange is the web tier's alone: a direct caller is refused before anything else.
      valid: () => ({ google_code: "not-a-code", redirect_uri: REDIRECT_URI, code_verifier: verifier }),
      validStatus: 403,
      optional: [],
    },
    { method: "GET", route: "/userRoute/userWebstatisticsGet", input: "none", role: "visitor" },
    {
      method: "POST",
      route: "/userRoute/login",
      input: "obj",
      role: "visitor",
      valid: () => ({
        email_userName: member.email,
        password: "member-password-1",
        loginRemember_state: false,
        human_check: { altcha: altcha.login },
      }),
      validStatus: 200,
      optional: ["loginRemember_state"],
    },
    {
      method: "POST",
      route: "/userRoute/signUp",
      input: "obj",
      role: "visitor",
      valid: () => ({
        name: "Fuzz Signup",
        mobile_number: 9876543210,
        email_address: "fuzz-signup@example.com",
        password: "signup-password-1",
        refer_by: member.userName,
        human_check: { altcha: altcha.signUp },
        ...SIGN_UP_PRIVACY,
        marketing_mails: false,
      }),
      validStatus: 200,
      optional: ["refer_by", "marketing_mails"],
      numeric: ["mobile_number"],
    },
    {
      method: "POST",
      route: "/userRoute/userLoginforgot_password_send_mail",
      input: "obj",
      role: "visitor",
      valid: () => ({ email_address: member.email }),
      validStatus: 200,
    },
    {
      method: "POST",
      route: "/userRoute/login_second_factor",
      input: "obj",
      role: "visitor",
      // An unknown ticket is a sign-in that expired: 401, back to the password.
      valid: () => ({ ticket: "no-such-ticket", code: "123456", loginRemember_state: false }),
      validStatus: 401,
      optional: ["loginRemember_state"],
    },
    { method: "GET", route: "/userRoute/verify_email_token", input: "none", role: "visitor" },
    { method: "GET", route: "/userRoute/verify_reset_token", input: "none", role: "visitor" },
    {
      method: "POST",
      route: "/userRoute/reset_password_form_post",
      input: "obj",
      role: "visitor",
      valid: () => ({ password: "new-password-123", token: "no-such-token" }),
      validStatus: 400,
    },
    { method: "GET", route: "/userRoute/verify_reset_email_token", input: "none", role: "visitor" },
    { method: "POST", route: "/userRoute/logout", input: "none", role: "visitor" },
    { method: "GET", route: "/userRoute/userDataGet_dashboard", input: "none", role: "member" },
    { method: "GET", route: "/userRoute/userRestrictions_get", input: "none", role: "member" },
    { method: "GET", route: "/userRoute/userReferral_record_get", input: "none", role: "member" },
    { method: "GET", route: "/userRoute/userProfileData_get", input: "none", role: "member" },
    {
      method: "PATCH",
      route: "/userRoute/userProfileData_patch",
      input: "obj",
      role: "member",
      valid: () => ({
        name: "Test Member",
        address: "12 MG Road",
        city: "Pune",
        state: "Maharashtra",
        zip_code: "411001",
        mobile_number: 9876543210,
        withdrawal_method: "UPI",
        // The member's own account, as bound in beforeAll: no password needed to keep it.
        withdrawal_account_information: `${member.userName}@upi`,
      }),
      validStatus: 200,
      lenient: ["mobile_number"],
      numeric: ["mobile_number"],
    },
    {
      method: "PATCH",
      route: "/userRoute/userPayoutData_patch",
      input: "obj",
      role: "member",
      // The member's own account, as bound in beforeAll: no password needed to keep it.
      valid: () => ({ withdrawal_method: "UPI", upi_id: `${member.userName}@upi` }),
      validStatus: 200,
    },
    {
      method: "GET",
      route: "/userRoute/userIfsc_get",
      input: "query",
      role: "member",
      valid: () => ({ ifsc: "SBIN0001234" }),
      validStatus: 200,
    },
    { method: "GET", route: "/userRoute/userpassword_and_email_get", input: "none", role: "member" },
    {
      method: "PATCH",
      route: "/userRoute/userpassword_and_email_patch",
      input: "obj",
      role: "member",
      valid: () => ({
        email_address: "fuzz-new-address@example.com",
        currentPassword_state: "member-password-1",
      }),
      validStatus: 200,
    },
    {
      method: "PATCH",
      route: "/userRoute/userpassword_and_email_patch",
      input: "obj",
      role: "member",
      // A wrong current password: refused, so the member's password never changes during the fuzz.
      valid: () => ({ currentPassword_state: "not-the-password", newPassword_state: "another-password-1" }),
      validStatus: 400,
    },
    {
      method: "PATCH",
      route: "/userRoute/userLanguage_patch",
      input: "obj",
      role: "member",
      valid: () => ({ language: "hi" }),
      validStatus: 200,
    },
    { method: "GET", route: "/userAmount/userBalanceData_get", input: "none", role: "member" },
    {
      method: "POST",
      route: "/userAmount/userWithdrawal_record_post",
      input: "obj",
      role: "member",
      valid: () => ({ balance: 100, type: "UPI", request_id: "fuzz-withdraw-1" }),
      validStatus: 200,
      optional: ["type", "request_id"],
      lenient: ["balance"],
      numeric: ["balance"],
    },
    { method: "GET", route: "/userAmount/userConvertBalance_get", input: "none", role: "member" },
    {
      method: "PATCH",
      route: "/userAmount/userBalanceConvertPatch",
      input: "obj",
      role: "member",
      valid: () => ({
        balanceToConvert: 50,
        conversionType_state: "withdrawToDeposit",
        charge: 0,
        request_id: "fuzz-convert-1",
      }),
      validStatus: 200,
      optional: ["charge", "request_id"],
      lenient: ["balanceToConvert", "charge"],
      numeric: ["balanceToConvert"],
    },
    { method: "GET", route: "/userIncomeRoute/user_giftCode_get", input: "none", role: "member" },
    {
      method: "PATCH",
      route: "/userIncomeRoute/user_giftCode_verify_and_patch",
      input: "json",
      role: "member",
      valid: () => ({ giftCode_state: giftCode }),
      validStatus: 200,
    },
    { method: "GET", route: "/userIncomeRoute/user_PTCAds_home_get", input: "none", role: "member" },
    {
      method: "POST",
      route: "/userIncomeRoute/user_PTCAds_view_start",
      input: "obj",
      role: "member",
      valid: () => ({ btnName: campaignId }),
      validStatus: 200,
    },
    { method: "GET", route: "/userIncomeRoute/user_PTCAds_view_get", input: "none", role: "member" },
    {
      method: "PATCH",
      route: "/userIncomeRoute/user_PTCAds_income_patch",
      input: "obj",
      role: "member",
      // An unknown token: refused (and logged), so the fuzz credits no view.
      valid: () => ({ btnName: campaignId, btnClickEarn: 0.03, viewToken: "no-such-view-token-0000" }),
      validStatus: 409,
      optional: ["btnClickEarn"],
      lenient: ["btnClickEarn"],
    },
    { method: "GET", route: "/userIncomeRoute/user_shortlink_data_get", input: "none", role: "member" },
    {
      method: "PATCH",
      route: "/userIncomeRoute/user_shortlink_firstPage_data_patch",
      input: "obj",
      objField: "obj_already",
      role: "member",
      valid: () => ({
        shortnerDomain: "localhost:3000",
        endPageRoute: "/member/last-page",
        clientOrigin: "http://localhost:3000",
        linkId: shortLinkId,
      }),
      validStatus: 200,
      // Without it, the first link of the domain is started: a valid request.
      optional: ["linkId"],
    },
    { method: "GET", route: "/userIncomeRoute/user_shortlink_token_get", input: "none", role: "member" },
    {
      method: "PATCH",
      route: "/userIncomeRoute/user_shortlink_lastPage_data_patch",
      input: "json",
      role: "member",
      // An unknown token: refused (and logged), so the fuzz credits no click.
      valid: () => ({ uniqueToken: "no-such-short-link-token-0000000" }),
      validStatus: 400,
    },
    { method: "GET", route: "/shortener/api", input: "none", role: "visitor" },
    { method: "GET", route: "/shortener/:code", input: "none", role: "visitor" },
    { method: "GET", route: "/advertiserRoute/advertiserDataGet", input: "none", role: "member" },
    { method: "GET", route: "/advertiserRoute/advertiserCreateDataGet", input: "none", role: "member" },
    {
      method: "PATCH",
      route: "/advertiserRoute/advertiserCampaign_paused_active_patch",
      input: "obj",
      objField: "encryptedObj",
      role: "member",
      valid: () => ({ clientMsg: "paused", _id: ownCampaignId }),
      validStatus: 200,
    },
    {
      method: "POST",
      route: "/advertiserRoute/advertiserDataPost",
      input: "obj",
      role: "member",
      valid: () => ({
        selectedOption_state: "window",
        step_2_title: "Fuzz ad",
        step_2_url: "https://example.com/fuzz",
        step_2_description: "An ad made by the fuzz",
        step_3_duration: "10-0.050",
        step_3_total_views: 100,
        step_3_interval_in_hours: 13,
        step_3_enableLimit: false,
        step_3_limitViewsPerDay: 0,
        step_4_subTotal: "5.000",
        request_id: "fuzz-campaign-1",
      }),
      validStatus: 200,
      optional: ["step_3_enableLimit", "step_3_limitViewsPerDay", "step_4_subTotal", "request_id"],
      lenient: [
        "step_3_total_views",
        "step_3_interval_in_hours",
        "step_3_limitViewsPerDay",
        "step_3_duration",
        "step_4_subTotal",
      ],
      numeric: ["step_3_total_views", "step_3_interval_in_hours"],
    },
    {
      method: "POST",
      route: "/userMessageRoute/userMessageSave_post",
      input: "obj",
      role: "visitor",
      valid: () => ({
        name: "Meera",
        email_address: "meera@example.com",
        mobile_number: "9876543210",
        subject: "Withdrawal question",
        message: "When is my withdrawal paid?",
        consent: true,
      }),
      validStatus: 200,
    },
    // Grievances (issue 44): the contact form's fields, and the owner's officer settings.
    { method: "GET", route: "/userMessageRoute/grievance_officer", input: "none", role: "visitor" },
    {
      method: "POST",
      route: "/userMessageRoute/grievance_post",
      input: "obj",
      role: "visitor",
      valid: () => ({
        name: "Meera",
        email_address: "meera@example.com",
        mobile_number: "9876543210",
        subject: "A grievance",
        message: "My account was closed without a reason.",
        consent: true,
      }),
      validStatus: 200,
    },
    {
      method: "PATCH",
      route: "/adminRoute/grievance/settings",
      input: "json",
      role: "operator",
      valid: () => ({
        name: "R. Sharma",
        email: "grievance@example.com",
        address: "12 MG Road, Bengaluru",
        acknowledge_hours: 24,
        resolve_days: 15,
      }),
      validStatus: 200,
      numeric: ["acknowledge_hours", "resolve_days"],
    },
    // Consent and age (issue 44 §1, §3): the member's state, an optional purpose, the step, the owner's age check.
    { method: "GET", route: "/userRoute/privacy_notice", input: "none", role: "visitor" },
    { method: "GET", route: "/userRoute/privacy_get", input: "none", role: "member" },
    {
      method: "PATCH",
      route: "/userRoute/privacy_consent_patch",
      input: "json",
      role: "member",
      valid: () => ({ purpose: "marketing_mail", granted: false }),
      validStatus: 200,
    },
    {
      method: "POST",
      route: "/userRoute/privacy_accept",
      input: "json",
      role: "member",
      // Sent once before the fuzz: the member's notice and age are answered, so later bodies change nothing.
      valid: () => ({
        privacy_notice_version: PRIVACY_NOTICE_VERSION,
        marketing_mails: false,
        date_of_birth: "1990-01-15",
      }),
      validStatus: 200,
      optional: ["marketing_mails", "date_of_birth"],
      numeric: ["privacy_notice_version"],
    },
    { method: "GET", route: "/adminRoute/privacy/settings", input: "none", role: "operator" },
    {
      method: "PATCH",
      route: "/adminRoute/privacy/settings",
      input: "json",
      role: "operator",
      valid: () => ({ age_check: "date_of_birth" }),
      validStatus: 200,
    },
    // Members' data rights (issue 44 §2): the data page, the export and its download, the erasure
    // (sent wrong, so the fuzz's own member is never erased), the operators' requests and clock.
    { method: "GET", route: "/userRoute/my_data", input: "none", role: "member" },
    { method: "POST", route: "/userRoute/my_data_export", input: "none", role: "member" },
    { method: "GET", route: "/userRoute/my_data_download", input: "none", role: "member" },
    { method: "GET", route: "/userRoute/erasure_preview", input: "none", role: "member" },
    { method: "POST", route: "/userRoute/erasure_code", input: "none", role: "member" },
    {
      method: "POST",
      route: "/userRoute/erasure_confirm",
      input: "json",
      role: "member",
      valid: () => ({ confirm: true, password: "not-the-password" }),
      validStatus: 400,
      optional: ["password"],
    },
    { method: "GET", route: "/adminRoute/rights-requests", input: "none", role: "operator" },
    {
      method: "POST",
      route: "/adminRoute/rights-requests/:id/answer",
      input: "json",
      role: "operator",
      valid: () => ({ status: "refused", note: "Answered by the fuzz" }),
      validStatus: 404,
      ids: () => ["999999"],
    },
    {
      method: "PATCH",
      route: "/adminRoute/rights-requests/settings",
      input: "json",
      role: "operator",
      valid: () => ({ rights_request_days: 7 }),
      validStatus: 200,
      numeric: ["rights_request_days"],
    },
    // The payer's tax (issue 44 §6): the member's page, PAN and certificate; the owner's settings and statement.
    { method: "GET", route: "/userAmount/tax", input: "none", role: "member" },
    {
      method: "POST",
      route: "/userAmount/tax_pan",
      input: "obj",
      role: "member",
      valid: () => ({ pan: "ABCPE1234F" }),
      validStatus: 200,
    },
    // Its query (?fy=2026-27&quarter=3) is fuzzed as every endpoint's is; without one it is a 400.
    { method: "GET", route: "/userAmount/tax_certificate", input: "none", role: "member" },
    { method: "GET", route: "/adminRoute/tax/settings", input: "none", role: "operator" },
    {
      method: "PATCH",
      route: "/adminRoute/tax/settings",
      input: "json",
      role: "operator",
      valid: () => ({ ...DEFAULT_TAX_SETTINGS }),
      validStatus: 200,
      numeric: ["pan_required_above"],
    },
    // Its query (?fy=2026-27&quarter=3) is fuzzed as every endpoint's is; without one it is a 400.
    { method: "GET", route: "/adminRoute/tax/statement", input: "none", role: "operator" },
    { method: "GET", route: "/adminRoute/withdrawals", input: "none", role: "operator" },
    {
      method: "POST",
      route: "/adminRoute/withdrawals/:id/settle",
      input: "json",
      role: "operator",
      // Without a provider, approving marks paid with the bank's reference (issue 42).
      valid: () => ({ action: "approve", remark: "Paid", utr: "SBIN90000001" }),
      validStatus: 200,
      optional: ["remark"],
      ids: () => [pendingWithdrawalId],
    },
    // Payouts (issue 22): this API has no provider, so approvals are marked paid by hand.
    { method: "GET", route: "/adminRoute/payouts", input: "none", role: "operator" },
    {
      method: "PATCH",
      route: "/adminRoute/payouts/policy",
      input: "json",
      role: "operator",
      valid: () => ({ daily_limit: 100000, four_eyes_above: 5000 }),
      validStatus: 200,
      lenient: ["daily_limit", "four_eyes_above"],
      numeric: ["daily_limit", "four_eyes_above"],
    },
    {
      method: "PATCH",
      route: "/adminRoute/payouts/webhooks/settings",
      input: "json",
      role: "operator",
      valid: () => ({ retentionDays: 30 }),
      validStatus: 200,
      numeric: ["retentionDays"],
    },
    {
      method: "POST",
      route: "/adminRoute/withdrawals/approve",
      input: "json",
      role: "operator",
      // A first payout is left out of a batch (approved on its own): answered 200 with the reason.
      valid: () => ({ ids: [pendingWithdrawalId] }),
      validStatus: 200,
    },
    { method: "POST", route: "/adminRoute/withdrawals/:id/resend", input: "json", role: "operator" },
    { method: "GET", route: "/adminRoute/payouts/bankFiles", input: "none", role: "operator" },
    { method: "POST", route: "/adminRoute/payouts/bankFiles", input: "json", role: "operator" },
    { method: "GET", route: "/adminRoute/payouts/bankFiles/:id/csv", input: "none", role: "operator" },
    { method: "POST", route: "/adminRoute/payouts/bankFiles/:id/result", input: "json", role: "operator" },
    { method: "GET", route: "/adminRoute/giftCodes", input: "none", role: "operator" },
    {
      method: "POST",
      route: "/adminRoute/giftCodes",
      input: "json",
      role: "operator",
      valid: () => ({ code: "FUZZ-NEW-CODE", amount: "2.5", claim_limit: 3, expires_at: inAnHour() }),
      validStatus: 200,
      lenient: ["amount"],
      numeric: ["amount", "claim_limit"],
    },
    {
      method: "PATCH",
      route: "/adminRoute/giftCodes/settings",
      input: "json",
      role: "operator",
      valid: () => ({ threshold: "10000" }),
      validStatus: 200,
      lenient: ["threshold"],
      numeric: ["threshold"],
    },
    // No valid id needed: a fuzzed id answers 404, a well-formed unknown one 404 too.
    { method: "POST", route: "/adminRoute/giftCodes/:id/disable", input: "json", role: "operator" },
    // Money limits (issue 42): the raises waiting out their delay, and cancelling one.
    { method: "GET", route: "/adminRoute/limitChanges", input: "none", role: "operator" },
    { method: "POST", route: "/adminRoute/limitChanges/:id/cancel", input: "json", role: "operator" },
    { method: "GET", route: "/adminRoute/payoutMethods", input: "none", role: "operator" },
    {
      method: "POST",
      route: "/adminRoute/payoutMethods",
      input: "json",
      role: "operator",
      valid: () => ({ name: "Paytm", details: "Paytm wallet", minimum_amount: 50 }),
      validStatus: 200,
      lenient: ["minimum_amount"],
      numeric: ["minimum_amount"],
    },
    {
      method: "PATCH",
      route: "/adminRoute/payoutMethods/:id",
      input: "json",
      role: "operator",
      valid: () => ({ name: "UPI", details: "UPI id", minimum_amount: 100, active: true }),
      validStatus: 200,
      lenient: ["minimum_amount"],
      numeric: ["minimum_amount"],
      ids: () => methodIds.slice(0, 1),
    },
    {
      method: "GET",
      route: "/adminRoute/members/:id/adjustments",
      input: "none",
      role: "operator",
      ids: () => [member.id],
    },
    {
      method: "POST",
      route: "/adminRoute/members/:id/adjustments",
      input: "json",
      role: "operator",
      valid: () => ({
        direction: "credit",
        balance: "deposit",
        amount: "1",
        reason: "Fuzz adjustment",
        requestKey: `fuzz-${Math.random().toString(36).slice(2, 12)}`,
      }),
      validStatus: 200,
      lenient: ["amount"],
      numeric: ["amount"],
      ids: () => [member.id],
    },
    { method: "GET", route: "/adminRoute/adjustments", input: "none", role: "operator" },
    { method: "GET", route: "/adminRoute/adjustments/settings", input: "none", role: "operator" },
    {
      method: "PATCH",
      route: "/adminRoute/adjustments/settings",
      input: "json",
      role: "operator",
      valid: () => ({ threshold: "1000" }),
      validStatus: 200,
      lenient: ["threshold"],
      numeric: ["threshold"],
    },
    // No valid id needed: a fuzzed id answers 404, a well-formed unknown one 404 too.
    { method: "POST", route: "/adminRoute/adjustments/:id/approve", input: "json", role: "operator" },
    { method: "POST", route: "/adminRoute/adjustments/:id/reject", input: "json", role: "operator" },
    { method: "GET", route: "/adminRoute/me", input: "none", role: "operator" },
    { method: "GET", route: "/adminRoute/overview", input: "none", role: "operator" },
    { method: "GET", route: "/adminRoute/risk", input: "none", role: "operator" },
    { method: "GET", route: "/adminRoute/risk/settings", input: "none", role: "operator" },
    {
      method: "PATCH",
      route: "/adminRoute/risk/settings",
      input: "json",
      role: "operator",
      valid: () => ({ ...DEFAULT_RISK_POLICY }),
      validStatus: 200,
    },
    {
      method: "GET",
      route: "/adminRoute/members/:id/risk",
      input: "none",
      role: "operator",
      ids: () => [member.id],
    },
    {
      method: "POST",
      route: "/adminRoute/members/:id/risk/clear",
      input: "json",
      role: "operator",
      valid: () => ({ note: "Fuzz note" }),
      validStatus: 200,
      ids: () => [restricted.id],
    },
    {
      method: "POST",
      route: "/adminRoute/members/:id/risk/bulk",
      input: "json",
      role: "operator",
      valid: () => ({ action: "hold", reason: "Fuzz ring", memberIds: [restricted.id] }),
      validStatus: 200,
      optional: ["pending"],
      ids: () => [restricted.id],
    },
    { method: "GET", route: "/adminRoute/members", input: "none", role: "operator" },
    { method: "GET", route: "/adminRoute/members/:id", input: "none", role: "operator" },
    { method: "GET", route: "/adminRoute/members/:id/profile", input: "none", role: "operator" },
    { method: "GET", route: "/adminRoute/members/:id/:list", input: "none", role: "operator" },
    {
      method: "POST",
      route: "/adminRoute/members/:id/notes",
      input: "json",
      role: "operator",
      valid: () => ({ body: "A note from the fuzz" }),
      validStatus: 200,
      ids: () => [member.id],
    },
    {
      method: "GET",
      route: "/adminRoute/members/:id/restrictions",
      input: "none",
      role: "operator",
      ids: () => [restricted.id],
    },
    {
      method: "POST",
      route: "/adminRoute/members/:id/sessions/end",
      input: "json",
      role: "operator",
      valid: () => ({ reason: "Fuzz reason" }),
      validStatus: 200,
      ids: () => [restricted.id],
    },
    {
      method: "POST",
      route: "/adminRoute/members/:id/hold",
      input: "json",
      role: "operator",
      valid: () => ({ reason: "Fuzz reason" }),
      validStatus: 200,
      ids: () => [restricted.id],
    },
    {
      method: "POST",
      route: "/adminRoute/members/:id/hold/release",
      input: "json",
      role: "operator",
      valid: () => ({ reason: "Fuzz reason" }),
      validStatus: 200,
      ids: () => [restricted.id],
    },
    {
      method: "POST",
      route: "/adminRoute/members/:id/suspend",
      input: "json",
      role: "operator",
      valid: () => ({ reason: "Fuzz reason" }),
      validStatus: 200,
      ids: () => [restricted.id],
    },
    {
      method: "POST",
      route: "/adminRoute/members/:id/suspend/lift",
      input: "json",
      role: "operator",
      valid: () => ({ reason: "Fuzz reason" }),
      validStatus: 200,
      ids: () => [restricted.id],
    },
    {
      method: "POST",
      route: "/adminRoute/members/:id/ban/lift",
      input: "json",
      role: "operator",
      valid: () => ({ reason: "Fuzz reason" }),
      validStatus: 200,
      ids: () => [restricted.id],
    },
    {
      method: "POST",
      route: "/adminRoute/members/:id/ban",
      input: "json",
      role: "operator",
      valid: () => ({ reason: "Fuzz reason", pending: "hold" }),
      validStatus: 200,
      ids: () => [restricted.id],
    },
    { method: "GET", route: "/adminRoute/settings", input: "none", role: "operator" },
    {
      method: "PATCH",
      route: "/adminRoute/settings",
      input: "json",
      role: "operator",
      valid: () => ({ referral_rate_bp: 500 }),
      validStatus: 200,
      numeric: ["referral_rate_bp"],
    },
    { method: "GET", route: "/adminRoute/settings/payout_time", input: "none", role: "operator" },
    {
      method: "PATCH",
      route: "/adminRoute/settings/payout_time",
      input: "json",
      role: "operator",
      valid: () => ({ payout_working_days: 3 }),
      validStatus: 200,
      numeric: ["payout_working_days"],
    },
    { method: "GET", route: "/adminRoute/messages", input: "none", role: "operator" },
    {
      method: "GET",
      route: "/adminRoute/messages/:id",
      input: "none",
      role: "operator",
      ids: () => [messageId],
    },
    {
      method: "POST",
      route: "/adminRoute/messages/:id/reply",
      input: "json",
      role: "operator",
      valid: () => ({ body: "An answer from the fuzz" }),
      validStatus: 200,
      ids: () => [messageId],
    },
    {
      method: "POST",
      route: "/adminRoute/messages/:id/status",
      input: "json",
      role: "operator",
      valid: () => ({ status: "closed" }),
      validStatus: 200,
      ids: () => [messageId],
    },
    { method: "GET", route: "/adminRoute/canned-replies", input: "none", role: "operator" },
    {
      method: "POST",
      route: "/adminRoute/canned-replies",
      input: "json",
      role: "operator",
      valid: () => ({ title: "Fuzz title", body: "Fuzz body", sortOrder: 3 }),
      validStatus: 200,
      optional: ["sortOrder"],
      // Not `numeric`: a canned reply's order may be negative (-1000 to 1000), and the bad-number
      // mutations send -1 as a refused value.
    },
    {
      method: "PATCH",
      route: "/adminRoute/canned-replies/:id",
      input: "json",
      role: "operator",
      valid: () => ({ title: "Fuzz title", body: "Fuzz body" }),
      validStatus: 200,
      optional: ["sortOrder"],
      ids: () => [cannedId],
    },
    { method: "DELETE", route: "/adminRoute/canned-replies/:id", input: "none", role: "operator" },
    { method: "GET", route: "/adminRoute/content", input: "none", role: "operator" },
    {
      method: "POST",
      route: "/adminRoute/content/preview",
      input: "json",
      role: "operator",
      valid: () => ({ html: "## Fuzz <b>news</b>", format: "markdown" }),
      optional: ["format"],
      validStatus: 200,
    },
    { method: "GET", route: "/adminRoute/content/announcements", input: "none", role: "operator" },
    {
      method: "POST",
      route: "/adminRoute/content/announcements",
      input: "json",
      role: "operator",
      valid: () => ({ message: "<p>Fuzz news</p>", time: new Date().toISOString() }),
      validStatus: 200,
      optional: ["time"],
    },
    {
      method: "PATCH",
      route: "/adminRoute/content/announcements/:id",
      input: "json",
      role: "operator",
      valid: () => ({ message: "<p>Fuzz news</p>" }),
      validStatus: 200,
      ids: () => [announcementId],
    },
    { method: "DELETE", route: "/adminRoute/content/announcements/:id", input: "none", role: "operator" },
    { method: "GET", route: "/adminRoute/content/faq", input: "none", role: "operator" },
    {
      method: "POST",
      route: "/adminRoute/content/faq",
      input: "json",
      role: "operator",
      valid: () => ({ question: "Fuzz?", answer: "<p>Fuzz</p>" }),
      validStatus: 200,
    },
    {
      method: "PATCH",
      route: "/adminRoute/content/faq/:id",
      input: "json",
      role: "operator",
      valid: () => ({ question: "Fuzz?", answer: "<p>Fuzz</p>" }),
      validStatus: 200,
      ids: () => [faqId],
    },
    { method: "DELETE", route: "/adminRoute/content/faq/:id", input: "none", role: "operator" },
    { method: "GET", route: "/adminRoute/content/home-sections", input: "none", role: "operator" },
    {
      method: "POST",
      route: "/adminRoute/content/home-sections",
      input: "json",
      role: "operator",
      valid: () => ({ title: "Fuzz", message: "<p>Fuzz</p>" }),
      validStatus: 200,
    },
    {
      method: "PATCH",
      route: "/adminRoute/content/home-sections/:id",
      input: "json",
      role: "operator",
      valid: () => ({ title: "Fuzz", message: "<p>Fuzz</p>" }),
      validStatus: 200,
      ids: () => [sectionId],
    },
    { method: "DELETE", route: "/adminRoute/content/home-sections/:id", input: "none", role: "operator" },
    {
      method: "POST",
      route: "/adminRoute/content/order/:kind/:id",
      input: "json",
      role: "operator",
      valid: () => ({ direction: "down" }),
      validStatus: 200,
      ids: () => ["faq", faqId],
    },
    { method: "GET", route: "/adminRoute/content/policies", input: "none", role: "operator" },
    {
      method: "PATCH",
      route: "/adminRoute/content/policies/:slug",
      input: "json",
      role: "operator",
      valid: () => ({ html: "<p>Fuzz policy</p>" }),
      validStatus: 200,
      ids: () => ["dmca"],
    },
    { method: "GET", route: "/adminRoute/content/instructions", input: "none", role: "operator" },
    {
      method: "PATCH",
      route: "/adminRoute/content/instructions/:key",
      input: "json",
      role: "operator",
      valid: () => ({ items: ["<p>Fuzz step</p>"] }),
      validStatus: 200,
      ids: () => ["ptc_instructions"],
    },
    {
      method: "POST",
      route: "/adminRoute/content/instruction-items/:key",
      input: "json",
      role: "operator",
      valid: () => ({ op: "add", html: "<p>Fuzz step</p>" }),
      validStatus: 200,
      ids: () => ["convert_instructions"],
    },
    { method: "GET", route: "/adminRoute/content/texts", input: "none", role: "operator" },
    {
      method: "PATCH",
      route: "/adminRoute/content/texts",
      input: "json",
      role: "operator",
      valid: () => ({ key: "referral_page_text", html: "<p>Fuzz</p>" }),
      validStatus: 200,
    },
    {
      method: "PATCH",
      route: "/adminRoute/content/stats-base",
      input: "json",
      role: "operator",
      valid: () => ({ users: 1, userCompletedTask: 2, visitorsLast30Days: 3, totalWithdrawalAmount: 4 }),
      validStatus: 200,
      numeric: ["users", "userCompletedTask", "visitorsLast30Days", "totalWithdrawalAmount"],
    },
    { method: "GET", route: "/userMessageRoute/my-messages", input: "none", role: "member" },
    {
      method: "POST",
      route: "/userMessageRoute/my-messages/:id/reply",
      input: "json",
      role: "member",
      valid: () => ({ body: "A follow-up from the fuzz" }),
      validStatus: 200,
      ids: () => [messageId],
    },
    { method: "GET", route: "/userMessageRoute/task-walls-opened", input: "none", role: "member" },
    {
      method: "POST",
      route: "/userMessageRoute/missing-credit",
      input: "json",
      role: "member",
      valid: () => ({
        wallId,
        offerName: "Fuzz offer",
        completedAt: new Date(Date.now() - 3_600_000).toISOString(),
        details: "Fuzz details",
      }),
      validStatus: 200,
      optional: ["details"],
    },
    { method: "GET", route: "/adminRoute/ptcSettings", input: "none", role: "operator" },
    {
      method: "PATCH",
      route: "/adminRoute/ptcSettings",
      input: "json",
      role: "operator",
      valid: () => ({ ptc_minimum_views: 100, ptc_member_share_bp: 6000 }),
      validStatus: 200,
      optional: ["ptc_minimum_views", "ptc_member_share_bp"],
      numeric: ["ptc_minimum_views", "ptc_member_share_bp"],
    },
    { method: "GET", route: "/adminRoute/campaigns", input: "none", role: "operator" },
    { method: "POST", route: "/adminRoute/campaigns/:id/pause", input: "none", role: "operator" },
    { method: "POST", route: "/adminRoute/campaigns/:id/reject", input: "none", role: "operator" },
    {
      method: "GET",
      route: "/adminRoute/campaigns/:id/views",
      input: "none",
      role: "operator",
      ids: () => [campaignId],
    },
    { method: "GET", route: "/adminRoute/adCheatLog", input: "none", role: "operator" },
    { method: "GET", route: "/adminRoute/shorteners", input: "none", role: "operator" },
    {
      method: "POST",
      route: "/adminRoute/shorteners",
      input: "json",
      role: "operator",
      valid: () => ({
        name: "Fuzz Fly",
        kind: "adlinkfly",
        apiUrl: "https://fly.example/api",
        apiKey: "fuzz-key",
        domain: "fly.example",
      }),
      validStatus: 200,
    },
    {
      method: "PATCH",
      route: "/adminRoute/shorteners/:id",
      input: "json",
      role: "operator",
      valid: () => ({ enabled: true }),
      validStatus: 200,
      ids: () => [shortenerId],
    },
    { method: "GET", route: "/adminRoute/shortLinks", input: "none", role: "operator" },
    {
      method: "POST",
      route: "/adminRoute/shortLinks",
      input: "json",
      role: "operator",
      valid: () => ({
        name: "Fuzz Link",
        shortenerId,
        timeLabel: "5 m",
        amount: "0.050",
        clicksPerDay: 2,
      }),
      validStatus: 200,
      lenient: ["amount"],
      numeric: ["amount", "clicksPerDay"],
    },
    {
      method: "PATCH",
      route: "/adminRoute/shortLinks/:id",
      input: "json",
      role: "operator",
      valid: () => ({ enabled: true }),
      validStatus: 200,
      ids: () => [shortLinkId],
    },
    { method: "GET", route: "/adminRoute/shortLinkSettings", input: "none", role: "operator" },
    {
      method: "PATCH",
      route: "/adminRoute/shortLinkSettings",
      input: "json",
      role: "operator",
      valid: () => ({ minSeconds: 10 }),
      validStatus: 200,
      numeric: ["minSeconds"],
    },
    { method: "GET", route: "/adminRoute/gameRoomTypes", input: "none", role: "operator" },
    {
      method: "POST",
      route: "/adminRoute/gameRoomTypes",
      input: "json",
      role: "operator",
      valid: () => ({ name: "Fuzz Room", entry_fee: "7", prize: "12" }),
      validStatus: 200,
      lenient: ["entry_fee", "prize"],
      numeric: ["entry_fee", "prize"],
    },
    {
      method: "PATCH",
      route: "/adminRoute/gameRoomTypes/:id",
      input: "json",
      role: "operator",
      valid: () => ({ enabled: true }),
      validStatus: 200,
      ids: () => [roomTypeId],
    },
    { method: "GET", route: "/adminRoute/gamePaidRooms", input: "none", role: "operator" },
    {
      method: "PATCH",
      route: "/adminRoute/gamePaidRooms",
      input: "json",
      role: "operator",
      valid: () => ({ on: true }),
      validStatus: 200,
    },
    { method: "GET", route: "/adminRoute/games", input: "none", role: "operator" },
    { method: "GET", route: "/userIncomeRoute/user_betting_games_home_get", input: "none", role: "member" },
    { method: "GET", route: "/userIncomeRoute/user_ticTacToe_rooms_get", input: "none", role: "member" },
    {
      method: "POST",
      route: "/userIncomeRoute/user_ticTacToe_join_post",
      input: "json",
      role: "member",
      valid: () => ({ type: "Practice Room" }),
      validStatus: 200,
      lenient: ["type"],
    },
    // Its query names a room: any other query is a lookup that finds none (4xx) or a refusal.
    { method: "GET", route: "/userIncomeRoute/user_ticTacToe_room_get", input: "none", role: "member" },
    {
      method: "POST",
      route: "/userIncomeRoute/user_ticTacToe_move_post",
      input: "json",
      role: "member",
      // No such room for the member: the valid request is answered 404.
      valid: () => ({ decodedRoomId: "no-such-room", row: 1, col: 2 }),
      validStatus: 404,
      numeric: ["row", "col"],
    },
    {
      method: "POST",
      route: "/userIncomeRoute/user_ticTacToe_cancel_post",
      input: "json",
      role: "member",
      valid: () => ({ decodedRoomId: "no-such-room" }),
      validStatus: 404,
    },
    { method: "GET", route: "/adminRoute/audit", input: "none", role: "operator" },
    { method: "GET", route: "/adminRoute/ledger", input: "none", role: "operator" },
    { method: "GET", route: "/userIncomeRoute/user_offerWall_get", input: "none", role: "member" },
    { method: "GET", route: "/userIncomeRoute/user_offerWall_balance_get", input: "none", role: "member" },
    // No fuzzed request can carry a valid signature: every answer is a refusal in the envelope.
    { method: "GET", route: "/postback/offerwall/:wallId", input: "none", role: "visitor" },
    { method: "POST", route: "/postback/offerwall/:wallId", input: "none", role: "visitor" },
    { method: "POST", route: "/webhooks/payouts/:provider", input: "none", role: "visitor" },
    { method: "GET", route: "/demoWall/offers", input: "none", role: "member" },
    {
      method: "POST",
      route: "/demoWall/complete",
      input: "json",
      role: "member",
      // The fuzz's database has no demo wall: the valid request is answered 404.
      valid: () => ({ user_id: member.id, offer_id: "survey" }),
      validStatus: 404,
    },
    { method: "GET", route: "/adminRoute/offerWalls", input: "none", role: "operator" },
    {
      method: "POST",
      route: "/adminRoute/offerWalls",
      input: "json",
      role: "operator",
      valid: () => ({
        name: "Fuzz wall",
        frameUrlTemplate: "https://wall.example/?u={user_id}",
        secret: "fuzz-secret",
        scheme: "md5_fields",
        signatureFields: ["user_id", "transaction_id", "amount"],
        signatureSeparator: ":",
        milliPerPoint: 10,
        capPerPostback: "5",
      }),
      validStatus: 200,
      lenient: ["capPerPostback"],
      numeric: ["milliPerPoint", "capPerPostback"],
    },
    {
      method: "PATCH",
      route: "/adminRoute/offerWalls/:id",
      input: "json",
      role: "operator",
      valid: () => ({ enabled: true }),
      validStatus: 200,
      ids: () => [wallId],
    },
    { method: "GET", route: "/adminRoute/postbacks", input: "none", role: "operator" },
    {
      method: "POST",
      route: "/adminRoute/postbacks/test",
      input: "json",
      role: "operator",
      // Sent over HTTP to the fuzz's own listener: credits ₹0.010 once.
      valid: () => ({ wallId, userId: member.id, transactionId: "fuzz-test-1", points: "1" }),
      validStatus: 200,
      optional: ["reversal"],
      lenient: ["points"],
      numeric: ["points"],
    },
    { method: "POST", route: "/adminRoute/postbacks/:id/replay", input: "none", role: "operator" },
    {
      method: "PATCH",
      route: "/adminRoute/postbacks/settings",
      input: "json",
      role: "operator",
      valid: () => ({ retentionDays: 30 }),
      validStatus: 200,
      numeric: ["retentionDays"],
    },
    { method: "GET", route: "/humanCheck/altcha-challenge", input: "none", role: "visitor" },
    { method: "GET", route: "/humanCheck/image.svg", input: "none", role: "visitor" },
    // Retention and dormant accounts (issue 44 §4): the owner's periods and the job run now.
    { method: "GET", route: "/adminRoute/retention", input: "none", role: "operator" },
    {
      method: "PATCH",
      route: "/adminRoute/retention",
      input: "json",
      role: "operator",
      valid: () => ({
        days: {
          sessions: 30,
          sign_ins: 180,
          postback_logs: 30,
          payout_webhook_logs: 30,
          risk_evidence: 365,
          support_messages: 1095,
        },
        dormant_after_days: 0,
        dormant_balance_policy: "payout",
      }),
      validStatus: 200,
      numeric: ["dormant_after_days"],
    },
    { method: "POST", route: "/adminRoute/retention/run", input: "none", role: "operator" },
    // The breach notice (issue 44 §5): sent once to the fuzz member (incident 1), whose dashboard shows it.
    {
      method: "POST",
      route: "/adminRoute/breach/preview",
      input: "json",
      role: "operator",
      valid: () => breachNotice(),
      validStatus: 200,
    },
    { method: "GET", route: "/adminRoute/breach/notices", input: "none", role: "operator" },
    {
      method: "POST",
      route: "/adminRoute/breach/notices",
      input: "json",
      role: "operator",
      valid: () => breachNotice(),
      validStatus: 200,
    },
    {
      method: "PATCH",
      route: "/adminRoute/breach/notices/:id/board",
      input: "json",
      role: "operator",
      valid: () => ({ board_notified_at: new Date().toISOString() }),
      validStatus: 200,
      ids: () => ["1"],
    },
    { method: "GET", route: "/userRoute/breachNotices", input: "none", role: "member" },
    {
      method: "POST",
      route: "/userRoute/breachNotices/:id/dismiss",
      input: "none",
      role: "member",
      ids: () => ["1"],
    },
  ];

  beforeAll(async () => {
    provider = await startOidcProvider({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      redirectUris: [REDIRECT_URI],
    });
    t = await startTestApi(driver, {
      HUMAN_CHECK: "altcha",
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
      GOOGLE_ISSUER: provider.issuer,
    });
    operator = await newOperator(t);
    await addPayoutMethod(t, operator, "UPI", 100);
    member = await newMember(t, { password: "member-password-1" });
    restricted = await newMember(t);
    await giveEarning(t, member.id, 2_000_000);
    await bindPayout(t, member, "UPI");
    const other = await newMember(t);
    await giveEarning(t, other.id, 500_000);
    await bindPayout(t, other, "UPI");
    pendingWithdrawalId = await pendingWithdrawal(t, other, "UPI", 200);
    methodIds = (await t.deps.db.select().from(payoutMethods)).map((m) => String(m.id));
    giftCode = await createGiftCode(t, operator, { amount: "5", claim_limit: 100 });
    // A campaign of the other member's, for the member's view start, claim and the operator's routes.
    await t.request("/userAmount/userBalanceConvertPatch", {
      method: "PATCH",
      obj: { balanceToConvert: 100, conversionType_state: "withdrawToDeposit" },
      cookie: other.cookie,
    });
    const created = await t.request("/advertiserRoute/advertiserDataPost", {
      obj: {
        selectedOption_state: "window",
        step_2_title: "Fuzz target",
        step_2_url: "https://example.com/",
        step_2_description: "Viewed by the fuzz",
        step_3_duration: "10-0.050",
        step_3_total_views: 1000,
        step_3_interval_in_hours: 1,
        step_3_enableLimit: false,
      },
      cookie: other.cookie,
    });
    expect(created.status).toBe(200);
    campaignId = created.body.msg._id;
    await t.request("/userAmount/userBalanceConvertPatch", {
      method: "PATCH",
      obj: { balanceToConvert: 500, conversionType_state: "withdrawToDeposit" },
      cookie: member.cookie,
    });
    const own = await t.request("/advertiserRoute/advertiserDataPost", {
      obj: {
        selectedOption_state: "youtube",
        step_2_title: "Member's own",
        step_2_url: "https://youtu.be/dQw4w9WgXcQ",
        step_2_description: "Paused by the fuzz",
        step_3_duration: 15,
        step_3_total_views: 100,
        step_3_interval_in_hours: 2,
      },
      cookie: member.cookie,
    });
    expect(own.status).toBe(200);
    ownCampaignId = own.body.msg._id;
    served = await serveApi(t.deps);
    const wall = await t.request("/adminRoute/offerWalls", {
      json: {
        name: "Fuzz target wall",
        frameUrlTemplate: "/demo-wall?user_id={user_id}",
        secret: "fuzz-wall-secret",
        scheme: "md5_fields",
        signatureFields: ["user_id", "transaction_id", "amount"],
        signatureSeparator: ":",
        milliPerPoint: 10,
        capPerPostback: "5",
      },
      cookie: operator.cookie,
    });
    expect(wall.status).toBe(200);
    wallId = wall.body.msg.wall._id;
    // The default install's built-in shortener and links, for the short-link endpoints.
    await t.deps.db.transaction((tx) => seedShortLinks(tx, "http://localhost:3000", Date.now()));
    shortenerId = (await t.deps.db.select().from(shorteners))[0]!.id;
    shortLinkId = (await t.deps.db.select().from(shortLinks))[0]!.id;
    await t.deps.db.transaction((tx) => seedGames(tx));
    roomTypeId = (await t.deps.db.select().from(gameRoomTypes))[0]!.id;
    const [message] = await t.deps.db
      .insert(contactMessages)
      .values({
        userId: member.id,
        name: "Fuzz",
        email: member.email,
        mobileNumber: "9876543210",
        subject: "Fuzz",
        message: "Fuzz",
      })
      .returning();
    messageId = String(message!.id);
    const [canned] = await t.deps.db
      .insert(cannedReplies)
      .values({ title: "Fuzz", body: "Fuzz reply" })
      .returning();
    cannedId = String(canned!.id);
    const [news] = await t.deps.db.insert(announcements).values({ message: "<p>Fuzz</p>" }).returning();
    announcementId = String(news!.id);
    const [faq] = await t.deps.db
      .insert(faqs)
      .values([
        { question: "Fuzz?", answer: "<p>Fuzz</p>", sortOrder: 0 },
        { question: "Fuzz 2?", answer: "<p>Fuzz</p>", sortOrder: 1 },
      ])
      .returning();
    faqId = String(faq!.id);
    const [section] = await t.deps.db
      .insert(homeSections)
      .values({ title: "Fuzz", message: "<p>Fuzz</p>" })
      .returning();
    sectionId = String(section!.id);
    await t.deps.db.insert(taskWallOpenings).values({ userId: member.id, wallId: wallId });
    altcha.login = await solvedAltcha(t);
    altcha.signUp = await solvedAltcha(t);
  }, 60_000);
  afterAll(async () => {
    await served?.close();
    await t?.close();
    await provider?.close();
  });

  const RANK: Record<Role, number> = { visitor: 0, member: 1, operator: 2 };

  /** A session for the caller; logout gets one of its own, so it cannot end the fuzz's sessions. */
  async function cookieFor(caller: Role, e: Endpoint): Promise<string | undefined> {
    if (caller === "visitor") return undefined;
    const who = caller === "member" ? member : operator;
    if (e.route !== "/userRoute/logout") return who.cookie;
    return `sid=${(await createSession(t.deps.db, who.id, false)).token}`;
  }

  async function call(e: Endpoint, caller: Role, a: Attempt) {
    const res = await t.request(a.path, {
      method: a.method,
      rawBody: a.body,
      contentType: a.contentType,
      cookie: a.cookie ?? (await cookieFor(caller, e)),
    });
    const label = `${caller} ${a.method} ${a.path.slice(0, 200)} [${a.kind}] → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
    expect(res.status, label).toBeLessThan(500);
    // The two challenges answer as their widgets expect (a bare challenge, an SVG picture); failures use the envelope.
    const bareChallenge =
      (e.route === "/humanCheck/altcha-challenge" || e.route === "/humanCheck/image.svg") &&
      res.status === 200;
    if (!bareChallenge) {
      expect(typeof res.body, label).toBe("object");
      expect(typeof res.body.success, label).toBe("boolean");
    }
    if (res.status >= 400) {
      expect(res.body.success, label).toBe(false);
      const msg = res.body.error_msg;
      const readable =
        (typeof msg === "string" && msg.length > 0) ||
        (Array.isArray(msg) && msg.length > 0 && msg.every((m) => typeof m?.msg === "string"));
      expect(readable, label).toBe(true);
    } else {
      expect(res.status, label).toBe(200);
      // A 2xx only where a fuzzed input can be valid (see the top of this file).
      expect(e.input === "none" || a.mayPass, label).toBe(true);
      if (!bareChallenge) expect(res.body.success, label).toBe(true);
    }
    const served = RANK[caller] >= RANK[e.role];
    if (served && a.expect) {
      expect(res.status, label).toBe(a.expect.status);
      if (a.expect.message) expect(String(res.body.error_msg), label).toMatch(a.expect.message);
    }
    return res;
  }

  const arbitraryFor = (e: Endpoint): fc.Arbitrary<Attempt>[] => {
    const list = e.valid ? mutations(e, e.valid(), t.deps.config.objSecret) : addressMutations(e);
    // A broken or forged session cookie on an otherwise valid request: no session, so public
    // endpoints may well succeed.
    list.push(
      fc
        .oneof(
          fc.string({ unit: fc.constantFrom(...'abc%=;," 09\t'), maxLength: 40 }),
          fc.constantFrom("%00", "%E0%A4", "x".repeat(8000), "", '"', "%", `${"A".repeat(43)}`),
        )
        .map((v): Attempt => ({
          kind: "broken cookie",
          method: e.method,
          ...(e.valid ? validAttempt(e) : { path: e.route }),
          cookie: `sid=${v}`,
          mayPass: true,
        })),
    );
    return list;
  };

  /** The endpoint's valid input, as an attempt. */
  const validAttempt = (e: Endpoint): Pick<Attempt, "path" | "body"> => {
    const path = fillPath(e);
    const v = e.valid!();
    if (e.input === "query") return { path: `${path}?${queryString(v)}`, body: undefined };
    const body = e.input === "obj" ? { [e.objField ?? "obj"]: encodeObj(t.deps.config.objSecret, v) } : v;
    return { path, body: JSON.stringify(body) };
  };

  it("lists every route the API registers", () => {
    const registered = new Set(
      createApi(t.deps)
        .routes.filter((r) => r.method !== "ALL")
        .map((r) => `${r.method} ${r.path}`),
    );
    const listed = new Set(ENDPOINTS.map((e) => `${e.method} ${e.route}`));
    expect([...listed].sort()).toEqual([...registered].sort());
  });

  it("answers each endpoint's valid input as expected (so the fuzz starts from real requests)", async () => {
    for (const e of ENDPOINTS) {
      if (!e.valid) continue;
      const attempt = e.valid();
      const path = fillPath(e);
      const res =
        e.input === "query"
          ? await t.request(`${path}?${queryString(attempt)}`, { cookie: await cookieFor(e.role, e) })
          : await t.request(path, {
              method: e.method,
              ...(e.input !== "obj"
                ? { json: attempt }
                : e.objField
                  ? { json: { [e.objField]: encodeObj(t.deps.config.objSecret, attempt) } }
                  : { obj: attempt }),
              cookie: await cookieFor(e.role, e),
            });
      expect(res.status, `${e.method} ${e.route}: ${JSON.stringify(res.body)}`).toBe(e.validStatus);
    }
  });

  const roles: Role[] = ["visitor", "member", "operator"];

  it("refuses every broken input with the envelope and a 4xx, never a 5xx", async () => {
    // Every endpoint meets every kind of broken input at least once (a few samples each).
    for (const [i, e] of ENDPOINTS.entries()) {
      for (const [j, arb] of arbitraryFor(e).entries()) {
        const samples = fc.sample(arb, { seed: SEED + i * 100 + j, numRuns: 3 });
        for (const [k, a] of samples.entries()) {
          await call(e, roles[(i + j + k) % 3]!, a);
        }
      }
    }
    await expectLedgerConsistent(t);
  }, 120_000);

  it("refuses a random mix of broken inputs, endpoints and callers the same way", async () => {
    const all = fc.oneof(
      ...ENDPOINTS.map((e) =>
        fc.tuple(fc.constant(e), fc.oneof(...arbitraryFor(e)), fc.constantFrom(...roles)),
      ),
    );
    await fc.assert(
      fc.asyncProperty(all, async ([e, a, caller]) => {
        await call(e, caller, a);
      }),
      {
        seed: SEED + drivers("one").indexOf(driver),
        numRuns: Math.ceil(RANDOM_RUNS / drivers("one").length),
      },
    );
    await expectLedgerConsistent(t);
  }, 120_000);
});
