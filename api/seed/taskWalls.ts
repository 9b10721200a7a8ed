import { randomBytes } from "node:crypto";
import type { Tx } from "../db/client";
import { settings } from "../db/schema";
import { SETTING_DEFAULTS } from "../site/settings";
import { insertTaskWall, parseTaskWall } from "../taskWalls/config";
import { DEMO_WALL_ID, DEMO_WALL_NAME } from "../taskWalls/demoWall";
import { sanitizeHtml } from "../lib/sanitize";
import { DEMO_WALL_NAME_HI, PAGE_TEXTS_HI } from "./contentHi";

/**
 * Task walls for a first start: the demo wall the site serves itself (its network signs with
 * md5_fields over user_id:transaction_id:amount and a random secret; 1 point = ₹0.001, at most
 * ₹50 a postback), and the list page's instructions. Called inside seedIfEmpty's transaction.
 */
export async function seedTaskWalls(tx: Tx): Promise<void> {
  await insertTaskWall(tx, {
    id: DEMO_WALL_ID,
    ...parseTaskWall({
      name: DEMO_WALL_NAME,
      nameHi: DEMO_WALL_NAME_HI,
      frameUrlTemplate: "/demo-wall?user_id={user_id}",
      secret: randomBytes(24).toString("base64url"),
      scheme: "md5_fields",
      signatureFields: ["user_id", "transaction_id", "amount"],
      signatureSeparator: ":",
      signatureParam: "signature",
      userParam: "user_id",
      transactionParam: "transaction_id",
      amountParam: "amount",
      statusParam: "status",
      reversalStatuses: ["reversed"],
      milliPerPoint: 1,
      capPerPostback: "50",
      successBody: "1",
    }),
  });
  await tx
    .insert(settings)
    .values({
      key: "offerwall_instructions",
      value: SETTING_DEFAULTS.offerwall_instructions.map((h) => sanitizeHtml(h)),
      valueHi: PAGE_TEXTS_HI.offerwall_instructions.map((h) => sanitizeHtml(h)),
    })
    .onConflictDoNothing();
}
