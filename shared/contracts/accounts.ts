import type { Endpoint } from "./endpoint";

export interface AccountEndpoints {
  // filled per feature
  "/__placeholder_accounts": Endpoint<never>;
}
