import type { MemberRestrictions } from "../../shared/contracts/accounts";

/** A member page's notice of an operator's restriction, in plain words (never a silent failure). */
export function RestrictionNotice({
  restrictions,
  kind,
}: {
  restrictions: MemberRestrictions | null | undefined;
  kind: "earning" | "withdrawals";
}) {
  const message =
    kind === "earning" ? restrictions?.earningSuspendedMessage : restrictions?.withdrawalsHeldMessage;
  if (!message) return null;
  return (
    <div
      role="status"
      data-testid={kind === "earning" ? "earning-suspended-notice" : "withdrawals-held-notice"}
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
    >
      <p className="font-semibold">
        {kind === "earning" ? "Earning is suspended on your account" : "Your withdrawals are on hold"}
      </p>
      <p className="mt-1">{message}</p>
      <p className="mt-1">
        <a href="/member/support" className="font-semibold underline">
          Go to the Support page
        </a>
      </p>
    </div>
  );
}
