import type { Endpoint } from "./endpoint";

export interface AdEndpoints {
  // filled per feature
  "/__placeholder_ads": Endpoint<never>;
}
