import type { Endpoint } from "./endpoint";

export interface OperatorEndpoints {
  // filled per feature
  "/__placeholder_operators": Endpoint<never>;
}
