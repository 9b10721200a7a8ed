import { Hono } from "hono";
import type { ApiContext, ApiEnv } from "../http";
import { okRead, pageQuery } from "../http";
import type { SessionUser } from "../sessions/sessions";
import { authenticateSession } from "../sessions/sessionAuth";
import { faqList, homeSectionList, paymentProof, policyHtml, type PolicySlug } from "./content";
import type { NavBarData } from "../../shared/contracts/content";
import { contentLocale } from "./localized";

/** The logged-in member when the request carries a live session cookie; public routes work without one. */
export async function optionalMember(c: ApiContext): Promise<SessionUser | null> {
  const check = await authenticateSession(c.var.deps.db, c.req.header("cookie"));
  return "member" in check ? check.member : null;
}

const POLICY_FLAGS: [flag: PolicySlug, field: `${PolicySlug}_data`][] = [
  ["privacy_policy", "privacy_policy_data"],
  ["dmca", "dmca_data"],
  ["terms_of_use", "terms_of_use_data"],
];

export function publicRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();

  // GET /checkLogin_for_navBar: login status for the top bar plus the data of the page asking.
  r.get("/checkLogin_for_navBar", async (c) => {
    const db = c.var.deps.db;
    const flag = (name: string) => c.req.query(name) === "true";
    // The operator-written texts in the request's language (Hindi where written, else English).
    const locale = contentLocale(c);
    const msg: NavBarData = { isLogin: (await optionalMember(c)) !== null };
    if (flag("faq")) {
      msg.other_data_faqArray = await faqList(db, locale);
      msg.other_data_homepage_Array = await homeSectionList(db, locale);
    }
    if (flag("paymentProof")) {
      const proof = await paymentProof(db, pageQuery(c));
      msg.paymentProof_data = proof.records;
      msg.paymentProof_pagination = proof.pagination;
    }
    for (const [slug, field] of POLICY_FLAGS) if (flag(slug)) msg[field] = await policyHtml(db, slug, locale);
    return okRead(c, "/checkLogin_for_navBar", msg);
  });

  return r;
}
