import type { AppLoadContext } from "@remix-run/node";
import { callApi } from "./api.server";
import type { NavBarData } from "../../shared/contracts/content";

/** The navigation-bar check's answer as the pages read it: empty when the API could not answer. */
export type NavBarReading = Partial<NavBarData>;

export type NavBarFlag = "faq" | "paymentProof" | "privacy_policy" | "dmca" | "terms_of_use";

/**
 * GET /checkLogin_for_navBar with the page's flag. Public pages must render even when the API
 * is down or slow to answer, so any failure reads as "not logged in, no data".
 */
export async function navBarData(
  request: Request,
  context: AppLoadContext,
  flag?: NavBarFlag,
  page?: number,
): Promise<NavBarReading> {
  try {
    const result = await callApi(request, context, "/checkLogin_for_navBar", {
      query: flag ? { [flag]: "true", page: page === undefined ? undefined : String(page) } : undefined,
    });
    const msg = result.body.msg;
    return result.ok && msg && typeof msg === "object" ? msg : {};
  } catch {
    return {};
  }
}

export const list = <T>(value: T[] | undefined): T[] => (Array.isArray(value) ? value : []);
export const html = (value: unknown): string => (typeof value === "string" ? value : "");
