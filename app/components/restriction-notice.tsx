import { useTranslation } from "react-i18next";
import { useLocalize } from "~/i18n/i18n";
import type { MemberRestrictions } from "../../shared/contracts/accounts";

/** A member page's notice of an operator's restriction, in plain words (never a silent failure). */
export function RestrictionNotice({
  restrictions,
  kind,
}: {
  restrictions: MemberRestrictions | null | undefined;
  kind: "earning" | "withdrawals";
}) {
  const { t } = useTranslation();
  // The API's words (api/members/restrictions.ts), in the page's language through the API texts' table.
  const localize = useLocalize();
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
        {kind === "earning" ? t("common.restriction.earning") : t("common.restriction.withdrawals")}
      </p>
      <p className="mt-1">{localize(message)}</p>
      <p className="mt-1">
        <a href="/member/support" className="font-semibold underline">
          {t("common.restriction.support")}
        </a>
      </p>
    </div>
  );
}
