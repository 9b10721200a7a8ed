import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drivers, freshDatabase } from "../support/db";
import type { Database } from "../../api/db/client";
import { DEMO_STATS_BASE, seedIfEmpty } from "../../api/seed/seed";
import { publicStatistics } from "../../api/content/content";
import { getSetting, SETTING_DEFAULTS } from "../../api/site/settings";

/**
 * The home page's statistics claim no history the site does not have: a new database's base is
 * 0, so the figures are the live counts alone. Only the demo seed (or an operator) sets a base.
 */
describe.each(drivers("one"))("public statistics base (%s)", (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase(driver);
  });
  afterAll(() => database.close());

  it("is 0 on a fresh database: the figures are the live counts alone", async () => {
    expect(SETTING_DEFAULTS.public_stats_base).toEqual({
      users: 0,
      userCompletedTask: 0,
      visitorsLast30Days: 0,
      totalWithdrawalAmount: 0,
    });
    expect(await getSetting(database.db, "public_stats_base")).toEqual(SETTING_DEFAULTS.public_stats_base);
    expect(await publicStatistics(database.db)).toEqual({
      users: 0,
      userCompletedTask: 0,
      visitorsLast30Days: 0,
      totalWithdrawalAmount: 0,
    });
  });

  it("is the demo's own once the demo seed runs", async () => {
    await seedIfEmpty(database.db);
    expect(await getSetting(database.db, "public_stats_base")).toEqual(DEMO_STATS_BASE);
    const stats = await publicStatistics(database.db);
    expect(stats.users).toBeGreaterThan(DEMO_STATS_BASE.users);
    expect(stats.totalWithdrawalAmount).toBeGreaterThanOrEqual(DEMO_STATS_BASE.totalWithdrawalAmount / 1000);
  });
});
