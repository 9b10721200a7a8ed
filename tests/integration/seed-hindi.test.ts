import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inArray } from "drizzle-orm";
import { drivers, freshDatabase } from "../support/db";
import type { Database } from "../../api/db/client";
import { seedIfEmpty } from "../../api/seed/seed";
import {
  announcements,
  faqs,
  gameRoomTypes,
  homeSections,
  payoutMethods,
  policyPages,
  settings,
  shortLinks,
  taskWalls,
} from "../../api/db/schema";
import { INSTRUCTIONS_KEYS, PAGE_TEXT_LABELS } from "../../api/content/siteWords";

/**
 * Issue 45 §1: the demo seed ships a Hindi version of every owner-written item a member reads.
 * Read from the seeded database, so an item added to the seed without its Hindi fails here.
 */

const DEVANAGARI = /[\u0900-\u097F]/;
/** Non-empty Hindi: some Devanagari, or (for a brand name such as UPI) at least some text. */
const hindi = (v: string | null | undefined) => (typeof v === "string" ? v.trim() : "");

describe.each(drivers("one"))("the demo seed's Hindi (%s)", (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase(driver);
    await seedIfEmpty(database.db);
  }, 60_000);
  afterAll(() => database.close());

  const expectDevanagari = (label: string, values: (string | null)[]) => {
    expect(values.length, label).toBeGreaterThan(0);
    for (const [i, v] of values.entries()) expect(hindi(v), `${label} #${i}`).toMatch(DEVANAGARI);
  };

  it("has Hindi for every FAQ item, home section, announcement and policy page", async () => {
    const db = database.db;
    const f = await db.select().from(faqs);
    expectDevanagari(
      "faq question",
      f.map((r) => r.questionHi),
    );
    expectDevanagari(
      "faq answer",
      f.map((r) => r.answerHi),
    );
    const h = await db.select().from(homeSections);
    expectDevanagari(
      "home title",
      h.map((r) => r.titleHi),
    );
    expectDevanagari(
      "home message",
      h.map((r) => r.messageHi),
    );
    expectDevanagari(
      "announcement",
      (await db.select().from(announcements)).map((r) => r.messageHi),
    );
    const p = await db.select().from(policyPages);
    expect(p.map((r) => r.slug).sort()).toEqual(["dmca", "privacy_policy", "terms_of_use"]);
    expectDevanagari(
      "policy",
      p.map((r) => r.htmlHi),
    );
    // A full translation, not a line: about as long as the English (Devanagari runs a little longer).
    for (const r of p) expect(hindi(r.htmlHi).length, r.slug).toBeGreaterThan(r.html.length * 0.6);
  });

  it("has Hindi for every page text and every item of every instructions list", async () => {
    const keys = [...Object.keys(PAGE_TEXT_LABELS), ...INSTRUCTIONS_KEYS];
    const rows = await database.db.select().from(settings).where(inArray(settings.key, keys));
    expect(rows.map((r) => r.key).sort()).toEqual([...keys].sort());
    for (const r of rows) {
      if (Array.isArray(r.value)) {
        const hi = r.valueHi as unknown[];
        expect(Array.isArray(hi), r.key).toBe(true);
        expect(hi.length, r.key).toBe(r.value.length);
        expectDevanagari(r.key, hi as string[]);
      } else expectDevanagari(r.key, [r.valueHi as string]);
    }
  });

  it("has Hindi names for short links, rooms and task walls, and payout methods' names and hints", async () => {
    const db = database.db;
    expectDevanagari(
      "short link",
      (await db.select().from(shortLinks)).map((r) => r.nameHi),
    );
    expectDevanagari(
      "room",
      (await db.select().from(gameRoomTypes)).map((r) => r.nameHi),
    );
    expectDevanagari(
      "task wall",
      (await db.select().from(taskWalls)).map((r) => r.nameHi),
    );
    const methods = await db.select().from(payoutMethods);
    expectDevanagari(
      "payout hint",
      methods.map((r) => r.detailsHi),
    );
    // Brand names (UPI, Paytm) are written in Latin letters in Hindi too: present, not empty.
    for (const m of methods) expect(hindi(m.nameHi), m.name).not.toBe("");
  });
});
