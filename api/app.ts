import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { Deps } from "./deps";
import { fail, refusal, type ApiEnv } from "./http";
import { userRoute } from "./routes/userRoute";
import { accountAreaRoute } from "./routes/accountArea";
import { userAmountRoute } from "./routes/userAmount";
import { userIncomeRoute } from "./routes/userIncomeRoute";
import { userMessageRoute } from "./routes/userMessageRoute";
import { publicRoute } from "./routes/public";
import { adminRoute } from "./routes/admin";
import { googleSignIn } from "./routes/google";
import { humanCheckRoute } from "./routes/humanCheck";

/** Path prefixes served by the API (the spec's {host}); everything else is the web tier's. */
export const API_PREFIXES = [
  "/userRoute/",
  "/userAmount/",
  "/userIncomeRoute/",
  "/userMessageRoute/",
  "/advertiserRoute/",
  "/adminRoute/",
  "/humanCheck/",
  "/checkLogin_for_navBar",
  "/healthz",
];

export function isApiPath(pathname: string): boolean {
  return API_PREFIXES.some((p) => pathname === p || pathname.startsWith(p));
}

export function createApi(deps: Deps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.use("*", async (c, next) => {
    c.set("deps", deps);
    await next();
  });
  // Origin check on state-changing requests: a browser sending another site's Origin is refused.
  app.use("*", async (c, next) => {
    if (!["GET", "HEAD", "OPTIONS"].includes(c.req.method)) {
      const origin = c.req.header("origin");
      const host = c.req.header("x-forwarded-host") ?? c.req.header("host");
      const allowed = [
        deps.config.PUBLIC_ORIGIN,
        host ? `http://${host}` : undefined,
        host ? `https://${host}` : undefined,
      ];
      if (origin && origin !== "null" && !allowed.includes(origin)) {
        return fail(c, 403, "Cross-site request refused.");
      }
    }
    await next();
  });
  app.get("/healthz", (c) => c.json({ success: true, msg: "ok" }));
  app.route("/", publicRoute());
  app.get("/userRoute/user_signUp_login_google", googleSignIn);
  app.route("/userRoute", userRoute());
  app.route("/userRoute", accountAreaRoute());
  app.route("/userAmount", userAmountRoute());
  app.route("/userIncomeRoute", userIncomeRoute());
  app.route("/userMessageRoute", userMessageRoute());
  app.route("/adminRoute", adminRoute());
  app.route("/humanCheck", humanCheckRoute());
  app.notFound((c) => fail(c, 404, "Not found."));
  app.onError((err, c) => {
    const refused = refusal(c, err);
    if (refused) return refused;
    if (err instanceof HTTPException) return fail(c, err.status, err.message || "Bad request.");
    console.error(err);
    return fail(c, 500, "Something went wrong, please try again.");
  });
  return app;
}
