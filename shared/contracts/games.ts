import type { Endpoint } from "./endpoint";

export interface GameEndpoints {
  // filled per feature
  "/__placeholder_games": Endpoint<never>;
}
