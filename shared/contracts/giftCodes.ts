import type { Endpoint } from "./endpoint";

export interface GiftCodeEndpoints {
  // filled per feature
  "/__placeholder_giftCodes": Endpoint<never>;
}
