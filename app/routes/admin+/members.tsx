import { pageTitle } from "~/utils/meta";
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { operatorRead } from "~/utils/admin.server";
import { pageParam } from "~/utils/pagination";
import { Pagination } from "~/components/pagination";
import { MemberStateBadges } from "~/components/admin/member-state";
import { formatTime } from "../../../shared/time";
import type { MemberSearchField, MemberSearchMatch } from "../../../shared/contracts/members";
import { shownMemberName } from "../../../shared/erasure";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Members · Operator Console") },
];

const FIELDS: ReadonlyArray<{ value: MemberSearchField; label: string }> = [
  { value: "any", label: "Anything" },
  { value: "email", label: "E-mail" },
  { value: "username", label: "Username" },
  { value: "mobile", label: "Mobile number" },
  { value: "id", label: "Member id" },
  { value: "referrer", label: "Referrer (their members)" },
  { value: "ip", label: "Address (sign-up, login or withdrawal)" },
  { value: "order", label: "Order number (withdrawal)" },
  { value: "upi", label: "UPI id" },
  { value: "bank", label: "Bank account number (full)" },
  { value: "device", label: "Device id" },
];

/** How a result says what found it. */
const MATCH_LABELS: Record<MemberSearchMatch, string> = {
  email: "e-mail",
  username: "username",
  mobile: "mobile number",
  id: "member id",
  referrer: "their referrer",
  ip: "address",
  order: "order number",
  upi: "UPI id",
  bank: "bank account",
  device: "device",
};

const isField = (v: string | null): v is MemberSearchField => FIELDS.some((f) => f.value === v);

/** The longest search the API takes. */
const SEARCH_MAX = 254;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, SEARCH_MAX);
  const byParam = url.searchParams.get("by");
  const by = isField(byParam) ? byParam : "any";
  const page = Math.min(pageParam(url), 999_999_999);
  return operatorRead(request, context, "/adminRoute/members", { q, by, page: String(page) });
}

/**
 * Member search: by e-mail, username, mobile, id, referrer, address, order number, UPI id, bank account
 * or device; every result says what found it and opens the member's page.
 */
export default function AdminMembers() {
  const d = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Members</h1>
      <Form
        method="get"
        className="card grid grid-cols-1 gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end"
        role="search"
      >
        <div>
          <label className="label" htmlFor="member-q">
            Search members
          </label>
          <input
            id="member-q"
            name="q"
            type="search"
            className="input"
            defaultValue={d.q}
            maxLength={SEARCH_MAX}
            autoComplete="off"
            placeholder="E-mail, mobile, order no., UPI id…"
          />
        </div>
        <div>
          <label className="label" htmlFor="member-by">
            Look in
          </label>
          <select id="member-by" name="by" className="input" defaultValue={d.by}>
            {FIELDS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary">
          Search
        </button>
      </Form>
      <p className="text-sm text-slate-600" aria-live="polite">
        {d.q
          ? `${d.pagination.totalRecords} ${d.pagination.totalRecords === 1 ? "member matches" : "members match"} “${d.q}”.`
          : `All ${d.pagination.totalRecords} members, newest first.`}
      </p>
      {d.records.length === 0 ? (
        <p className="card text-sm text-slate-600" data-testid="members-empty">
          {d.q
            ? "No member matches this search. Try the whole e-mail address, username, mobile number, member id, order number, UPI id or bank account number."
            : "No members yet."}
        </p>
      ) : (
        <div className="card overflow-x-auto p-0">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Members found, newest first</caption>
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Member
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  E-mail
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Mobile
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Joined
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  State
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {d.records.map((m) => (
                <tr key={m.id} data-testid="member-row">
                  <td className="px-3 py-2">
                    <Link to={`/admin/members/${m.id}`} className="font-semibold text-brand-700 underline">
                      {shownMemberName(m.userName)}
                    </Link>
                    <span className="block text-xs text-slate-500">{m.name}</span>
                    {m.matched.length > 0 ? (
                      <span className="block text-xs text-slate-700" data-testid="member-matched">
                        Found by {m.matched.map((f) => MATCH_LABELS[f]).join(", ")}
                      </span>
                    ) : null}
                  </td>
                  <td className="min-w-[14rem] break-all px-3 py-2">{m.email}</td>
                  <td className="px-3 py-2 tabular-nums">{m.mobile ?? "—"}</td>
                  <td className="whitespace-nowrap px-3 py-2">
                    <time dateTime={m.joined}>{formatTime(m.joined)}</time>
                  </td>
                  <td className="px-3 py-2">
                    <MemberStateBadges
                      role={m.role}
                      held={m.held}
                      suspended={m.suspended}
                      banned={m.banned}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={d.pagination.page} totalPages={d.pagination.totalPages} />
    </div>
  );
}
