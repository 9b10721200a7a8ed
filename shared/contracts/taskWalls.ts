import type { Endpoint } from "./endpoint";

export interface TaskWallEndpoints {
  // filled per feature
  "/__placeholder_taskWalls": Endpoint<never>;
}
