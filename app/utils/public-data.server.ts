import type { AppLoadContext } from "@remix-run/node";
import { callApi } from "./api.server";
import type { Pagination } from "../../shared/pagination";

/** The navigation-bar check's answer (spec 1 §3), every page-data field optional. */
export interface NavBarData {
  isLogin?: boolean;
  other_data_faqArray?: { question: string; answer: string }[];
  other_data_homepage_Array?: { title: string; message: string }[];
  paymentProof_data?: { time: string; userName: string; withdrawal_method: string; balance: string }[];
  paymentProof_pagination?: Pagination;
  privacy_policy_data?: string;
  dmca_data?: string;
  terms_of_use_data?: string;
}

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
): Promise<NavBarData> {
  try {
    const result = await callApi<NavBarData>(request, context, "/checkLogin_for_navBar", {
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
