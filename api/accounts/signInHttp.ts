import { clientIp, type ApiContext } from "../http";
import { clipUserAgent, type SignInOrigin } from "./sessions";

/** Where a request came from, as the API sees it: kept with the session and the sign-in. */
export const signInOrigin = (c: ApiContext): SignInOrigin => ({
  ip: clientIp(c),
  userAgent: clipUserAgent(c.req.header("user-agent")),
});
