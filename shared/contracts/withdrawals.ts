import type { Endpoint } from "./endpoint";

export interface WithdrawalEndpoints {
  // filled per feature
  "/__placeholder_withdrawals": Endpoint<never>;
}
