import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { Deps } from "./deps";
import { ApiError, type ApiEnv } from "./http";
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
    // Answers carry members' data: no cache keeps them.
    c.header("Cache-Control", "no-store");
    c.header("X-Content-Type-Options", "nosniff");
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
        return c.json({ success: false, error_msg: "Cross-site request refused." }, 403);
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
  app.notFound((c) => c.json({ success: false, error_msg: "Not found." }, 404));
  app.onError((err, c) => {
    if (err instanceof ApiError)
      return c.json({ success: false, error_msg: err.errorMsg, ...err.extra }, err.status);
    if (err instanceof HTTPException)
      return c.json({ success: false, error_msg: err.message || "Bad request." }, err.status);
    console.error(err);
    return c.json({ success: false, error_msg: "Something went wrong, please try again." }, 500);
  });
  return app;
}
