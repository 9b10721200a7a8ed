import type { Endpoint } from "./endpoint";

export interface ContentEndpoints {
  // filled per feature
  "/__placeholder_content": Endpoint<never>;
}
