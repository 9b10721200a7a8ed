import type { AppLoadContext } from "@remix-run/node";
import { memberApi } from "./api.server";
import type { MemberRestrictions } from "../../shared/contracts/accounts";

/**
 * What the operators' restrictions mean for the signed-in member, for a page's notice; null when
 * it could not be read (the page still works: the API refuses what is refused, with its message).
 */
export async function memberRestrictions(
  request: Request,
  context: AppLoadContext,
): Promise<MemberRestrictions | null> {
  try {
    const res = await memberApi(request, context, "/userRoute/userRestrictions_get");
    return res.ok && res.body.msg ? res.body.msg : null;
  } catch (e) {
    if (e instanceof Response) throw e;
    return null;
  }
}
