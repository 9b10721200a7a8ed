import type { Endpoint } from "./endpoint";

export interface ShortLinkEndpoints {
  // filled per feature
  "/__placeholder_shortLinks": Endpoint<never>;
}
