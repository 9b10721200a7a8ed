import { Hono } from "hono";
import { z } from "zod";
import { type ApiEnv, ApiError, okRead, requireMember, requireRole } from "../http";
import { overview } from "./overview";
import { OVERVIEW_RANGES } from "../../shared/contracts/overview";

const RangeQuery = z.enum(OVERVIEW_RANGES, {
  errorMap: () => ({ message: "range must be today, 7 or 30." }),
});

/** Operator routes: the console's overview (owner only). */
export function adminOverviewRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();

  r.get("/overview", requireMember, requireRole("owner"), async (c) => {
    const parsed = RangeQuery.safeParse(c.req.query("range") ?? "7");
    if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]?.message ?? "Invalid range.");
    const { deps } = c.var;
    return okRead(c, "/adminRoute/overview", await overview(deps.db, parsed.data, deps.clock()));
  });

  return r;
}
