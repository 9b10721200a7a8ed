import { clientIp, type ApiContext } from "../http";
import { ensureDeviceId } from "./deviceCookieHttp";
import { recordOriginEvidence, type OriginKind } from "../risk/policy";
import { clipUserAgent, type SignInOrigin } from "../sessions/sessions";
import { log } from "../../shared/log.server";

/**
 * Where a request came from, as the API sees it: kept with the session and the sign-in. A
 * request without a device cookie is given one (set on this response).
 */
export const signInOrigin = (c: ApiContext): SignInOrigin => ({
  ip: clientIp(c),
  userAgent: clipUserAgent(c.req.header("user-agent")),
  deviceId: ensureDeviceId(c),
});

/**
 * Records where a sign-up or sign-in came from and the risk signals it gives (api/risk/links.ts),
 * after it committed, in one transaction that does not wait for its flush (recordOriginEvidence,
 * ADR 0025). A failure is logged — the database's words, never the values — and never breaks the
 * login.
 */
export async function recordSignInOrigin(
  c: ApiContext,
  userId: string,
  kind: OriginKind,
  origin: SignInOrigin,
): Promise<void> {
  try {
    const { db, proxyCheck, clock } = c.var.deps;
    await recordOriginEvidence(db, proxyCheck, {
      userId,
      kind,
      deviceId: origin.deviceId ?? null,
      ip: origin.ip,
      userAgent: origin.userAgent,
      now: clock(),
    });
  } catch (e) {
    const cause = e instanceof Error && e.cause instanceof Error ? e.cause : e;
    log.error(
      {
        memberId: userId,
        kind,
        cause: cause instanceof Error ? cause.message.slice(0, 200) : "unknown error",
      },
      "risk: the sign-in origin was not recorded",
    );
  }
}
