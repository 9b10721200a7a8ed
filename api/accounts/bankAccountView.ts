import { payoutDestination } from "../payouts/destination";
import { maskPayoutAccount } from "../risk/policy";
import { payoutMethodKind, readBankAccount } from "../../shared/payoutAccount";
import type { BankAccountView } from "../../shared/contracts/accounts";
import { bankOfIfsc } from "./ifsc/lookup";

/**
 * The bound bank account as the page shows it: from its fields, or read from older free text
 * when that text holds exactly one account number, IFSC and name (then the member sees it as
 * fields and it is paid as before); `reentry` when a bank method's text reads as none of that.
 */
export function bankAccountView(
  methodName: string | null,
  accountInfo: string | null,
  payoutBank: unknown,
  memberName: string,
): { bank_account: BankAccountView | null; bank_account_reentry: boolean } {
  const fields = readBankAccount(payoutBank);
  const read =
    fields ??
    (() => {
      if (!methodName || payoutMethodKind(methodName) !== "bank" || !accountInfo?.trim()) return null;
      const d = payoutDestination(methodName, accountInfo, memberName);
      return d?.kind === "bank" ? { accountNumber: d.accountNumber, ifsc: d.ifsc, holder: d.name } : null;
    })();
  if (!read) {
    const reentry = !!methodName && payoutMethodKind(methodName) === "bank" && !!accountInfo?.trim();
    return { bank_account: null, bank_account_reentry: reentry };
  }
  return {
    bank_account: {
      account_number_masked: maskPayoutAccount(`bank:${read.accountNumber}`),
      ifsc: read.ifsc,
      holder: read.holder,
      bank_name: bankOfIfsc(read.ifsc),
    },
    bank_account_reentry: false,
  };
}
