import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { operatorApi, operatorRead } from "~/utils/admin.server";
import { errorText } from "~/utils/api.server";
import { pageParam } from "~/utils/pagination";
import type { BanPending } from "../../../../shared/contracts/memberActions";
import { MEMBER_ID, type Answer } from "./answer";

const riskPath = (id: string) => `/adminRoute/members/${encodeURIComponent(id)}/risk` as const;

export async function memberRiskLoader({ request, context, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const page = String(Math.min(pageParam(url), 999_999_999));
  return operatorRead(request, context, riskPath(params.id ?? ""), { page });
}

export async function memberRiskAction({ request, context, params }: ActionFunctionArgs) {
  const id = params.id ?? "";
  const form = await request.formData();
  if (form.get("form") === "clear") {
    const note = String(form.get("note") ?? "").trim();
    if (!note || note.length > 1000)
      return data<Answer>(
        {
          kind: "invalid",
          form: "clear",
          note,
          error: note ? "The note must be at most 1000 characters." : "A note is required to clear a member.",
        },
        { status: 400 },
      );
    const res = await operatorApi(request, context, `${riskPath(id)}/clear`, {
      method: "POST",
      json: { note },
    });
    if (res.ok && res.body.msg)
      return data<Answer>({ kind: "done", ok: true, message: res.body.msg.message });
    return data<Answer>({ kind: "done", ok: false, message: errorText(res.body) }, { status: res.status });
  }

  const act = form.get("bulk");
  const reason = String(form.get("reason") ?? "").trim();
  const ids = [...new Set(form.getAll("member").map(String))].filter((m) => MEMBER_ID.test(m));
  const invalid = (error: string) =>
    data<Answer>({ kind: "invalid", form: "bulk", reason, error }, { status: 400 });
  if (act !== "hold" && act !== "ban") return invalid("Choose Hold withdrawals or Ban.");
  if (ids.length === 0) return invalid("Choose at least one member.");
  if (ids.length > 50) return invalid("At most 50 members at once.");
  if (!reason) return invalid("A reason is required.");
  if (reason.length > 500) return invalid("The reason must be at most 500 characters.");
  let pending: BanPending | null = null;
  if (act === "ban") {
    const p = form.get("pending");
    if (p !== "reject" && p !== "hold") return invalid("Choose what happens to their pending withdrawals.");
    pending = p;
  }
  if (form.get("intent") !== "confirm") {
    // Who will be affected, by name: the member and their linked accounts as the page lists them.
    const page = await operatorRead(request, context, riskPath(id));
    const names = new Map<string, string>([
      [page.member.id, page.member.userName],
      ...page.linked.map((l): [string, string] => [l.id, l.userName]),
      ...Object.entries(page.names),
    ]);
    return data<Answer>({
      kind: "confirm",
      review: {
        action: act,
        reason,
        pending,
        members: ids.map((m) => ({ id: m, userName: names.get(m) ?? m })),
      },
    });
  }
  const res = await operatorApi(request, context, `${riskPath(id)}/bulk`, {
    method: "POST",
    json: pending
      ? { action: act, reason, memberIds: ids, pending }
      : { action: act, reason, memberIds: ids },
  });
  if (res.ok && res.body.msg)
    return data<Answer>({
      kind: "done",
      ok: true,
      message: res.body.msg.message,
      results: res.body.msg.results,
    });
  return data<Answer>({ kind: "done", ok: false, message: errorText(res.body) }, { status: res.status });
}
