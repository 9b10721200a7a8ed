import { Link } from "@remix-run/react";
import type { AuditRecord } from "../../../shared/contracts/operators";
import { auditSentence, auditTargetPage } from "../../../shared/auditSentences";
import { shownMemberName } from "../../../shared/erasure";

const link = "font-semibold text-brand-700 underline";

/** The site's own actors (api/risk/score.ts RISK_ACTOR, api/site/limits.ts LIMITS_ACTOR). */
const SYSTEM_ACTORS: Record<string, string> = {
  "system:risk": "The automatic risk checks",
  "system:limits": "The scheduled limit change",
};

/** The operator who acted: "Asha (payouts)", linked to their account; the command line in words. */
function Actor({ r }: { r: AuditRecord }) {
  if (r.actorId === "cli") return <span className="font-semibold">The command line</span>;
  // The site's own automatic steps (`system:risk`: the risk checks' automatic hold).
  if (r.actorId.startsWith("system:"))
    return <span className="font-semibold">{SYSTEM_ACTORS[r.actorId] ?? "The site itself"}</span>;
  const roles = r.actorRoles.length > 0 ? ` (${r.actorRoles.join(", ")})` : "";
  return (
    <>
      <Link to={`/admin/members/${encodeURIComponent(r.actorId)}`} className={link}>
        {shownMemberName(r.actor)}
      </Link>
      {roles}
    </>
  );
}

function Target({ r }: { r: AuditRecord }) {
  const page = auditTargetPage(r.target, r.member?.id ?? null);
  const text = r.targetName !== null ? shownMemberName(r.targetName) : page.text;
  return page.href ? (
    <Link to={page.href} className={`${link} break-words`} title={r.target}>
      {text}
    </Link>
  ) : (
    <span className="break-all font-mono">{text}</span>
  );
}

function Member({ r }: { r: AuditRecord }) {
  if (!r.member) return <>a member</>;
  return (
    <Link to={`/admin/members/${encodeURIComponent(r.member.id)}`} className={link}>
      {shownMemberName(r.member.userName)}
    </Link>
  );
}

/**
 * An audit entry as a sentence: "Asha (payouts) approved withdrawal 6B0B… for Ravi", each name a
 * link to its console page (shared/auditSentences.ts). An action without a sentence reads as it
 * was recorded: "withdrawal.approve on withdrawal:6b0b… by Asha".
 */
export function AuditSentence({ r }: { r: AuditRecord }) {
  const parts = auditSentence(r.action);
  if (!parts)
    return (
      <p className="min-w-0 break-words" data-testid="audit-sentence">
        <span className="font-semibold">{r.action}</span> on{" "}
        <span className="break-all font-mono">{r.target}</span> by <Actor r={r} />
      </p>
    );
  return (
    <p className="min-w-0 break-words" data-testid="audit-sentence">
      {parts.map((p, i) =>
        "text" in p ? (
          <span key={i}>{p.text}</span>
        ) : p.slot === "actor" ? (
          <Actor key={i} r={r} />
        ) : p.slot === "target" ? (
          <Target key={i} r={r} />
        ) : (
          <Member key={i} r={r} />
        ),
      )}
      .{" "}
      <span className="whitespace-nowrap font-mono text-xs text-slate-600" title="Recorded as">
        {r.action}
      </span>
    </p>
  );
}
