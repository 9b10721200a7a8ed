import { count, or, sql, type SQL, type AnyColumn } from "drizzle-orm";
import type { Db } from "../db/client";
import {
  announcements,
  faqs,
  gameRoomTypes,
  homeSections,
  payoutMethods,
  policyPages,
  shortLinks,
  taskWalls,
} from "../db/schema";
import type { MissingHindi } from "../../shared/contracts/siteWords";
import { INSTRUCTIONS_KEYS, PAGE_TEXT_LABELS } from "./siteWords";
import { hiList, settingWithHindi } from "./localized";
import type { PageTextKey } from "../../shared/contracts/siteWords";

/**
 * How many owner-written items have no Hindi yet, per area (issue 45): the Content page shows it, so
 * an owner sees what Hindi readers still get in English. An item counts when any of its Hindi
 * fields is empty (a list counts its items).
 */

const empty = (column: AnyColumn): SQL => sql`coalesce(btrim(${column}), '') = ''`;

async function countWhere(db: Db, table: Parameters<ReturnType<Db["select"]>["from"]>[0], where: SQL) {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return Number(row?.n ?? 0);
}

export async function missingHindi(db: Db): Promise<MissingHindi> {
  const lists = await Promise.all(
    INSTRUCTIONS_KEYS.map(async (key) => {
      const { value, valueHi } = await settingWithHindi(db, key);
      const items = Array.isArray(value) ? value : [];
      return hiList(valueHi, items.length).filter((h) => h.trim() === "").length;
    }),
  );
  const texts = await Promise.all(
    (Object.keys(PAGE_TEXT_LABELS) as PageTextKey[]).map(async (key) => {
      const { valueHi } = await settingWithHindi(db, key);
      return typeof valueHi === "string" && valueHi.trim() !== "" ? 0 : (1 as number);
    }),
  );
  const [a, f, h, p, s, r, m, w] = await Promise.all([
    countWhere(db, announcements, empty(announcements.messageHi)),
    countWhere(db, faqs, or(empty(faqs.questionHi), empty(faqs.answerHi))!),
    countWhere(db, homeSections, or(empty(homeSections.titleHi), empty(homeSections.messageHi))!),
    countWhere(db, policyPages, empty(policyPages.htmlHi)),
    countWhere(db, shortLinks, empty(shortLinks.nameHi)),
    countWhere(db, gameRoomTypes, empty(gameRoomTypes.nameHi)),
    countWhere(db, payoutMethods, or(empty(payoutMethods.nameHi), empty(payoutMethods.detailsHi))!),
    countWhere(db, taskWalls, empty(taskWalls.nameHi)),
  ]);
  return {
    announcements: a,
    faq: f,
    homeSections: h,
    policies: p,
    instructions: lists.reduce((x, y) => x + y, 0),
    texts: texts.reduce((x, y) => x + y, 0),
    shortLinks: s,
    roomTypes: r,
    payoutMethods: m,
    taskWalls: w,
  };
}
