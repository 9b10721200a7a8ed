import { Hono } from "hono";
import { type ApiEnv, okRead, requireMember } from "../http";
import { sanitizeHtml } from "../lib/sanitize";
import { taskWallsForMember, taskWallBalance } from "./members";
import { demoWallServed } from "./config";
import { recordWallOpening } from "./openings";
import { releaseDueCredits } from "../ledger/holds";
import { milliToRupeeString } from "../../shared/money";
import { contentLocale, localizedInstructions } from "../content/localized";

/** The member's side of task walls, under /userIncomeRoute (spec 2 §3, §7; docs/api/taskwalls.md). */
export function taskWallsRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();

  r.get("/user_offerWall_get", requireMember, async (c) => {
    const { deps, member } = c.var;
    const [{ walls, balance, pending }, instructions] = await Promise.all([
      taskWallsForMember(deps.db, member.id, deps.clock(), {
        demoWall: demoWallServed(deps.config),
        locale: contentLocale(c),
      }),
      localizedInstructions(deps.db, "offerwall_instructions", contentLocale(c)),
    ]);
    // `?open=` names the frame address the member's viewer is opening: that opening is logged for
    // the support page's missing-credit form (only a wall of this member's list counts).
    const opening = c.req.query("open");
    const opened = opening ? walls.find((w) => w.frameUrl === opening) : undefined;
    if (opened) await recordWallOpening(deps.db, member.id, opened.id, deps.clock());
    return okRead(c, "/userIncomeRoute/user_offerWall_get", {
      offerWallData_after_replace: walls.map((w) => ({
        _id: w.id,
        offerWallName: w.name,
        offerWallApiLink: w.frameUrl,
      })),
      today_offerWallIncome: balance.today_offerWallIncome,
      total_offerWall: balance.total_offerWall,
      today_completed: balance.today_completed,
      other_data_offerWalls_instructions: instructions.map((html) => sanitizeHtml(html)),
      available_balance: balance.available_balance,
      pending_offerWall: milliToRupeeString(pending.total),
      pending_offerWall_credits: pending.credits,
    });
  });

  r.get("/user_offerWall_balance_get", requireMember, async (c) => {
    const { deps, member } = c.var;
    await releaseDueCredits(deps.db, { userId: member.id, now: deps.clock() });
    return okRead(
      c,
      "/userIncomeRoute/user_offerWall_balance_get",
      await taskWallBalance(deps.db, member.id, deps.clock(), {
        demoWall: demoWallServed(deps.config),
      }),
    );
  });

  return r;
}
