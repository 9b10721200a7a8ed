import type { Browser, Page } from "@playwright/test";
import { E2E_ORIGIN, api, apiLogin, loginOperatorPage, type Member } from "./fixtures";

/** Binds a payout method and account to the member through the API (profile binding has its own UI test). */
export async function bindPayout(
  member: Member,
  method = "UPI",
  account = `${member.userName}@upi`,
): Promise<void> {
  const cookie = await apiLogin(member.email, member.password);
  const res = await api.request("/userRoute/userProfileData_patch", {
    method: "PATCH",
    cookie,
    obj: {
      name: member.name,
      address: "12 MG Road",
      city: "Pune",
      state: "Maharashtra",
      zip_code: "411001",
      mobile_number: member.mobile,
      withdrawal_method: method,
      withdrawal_account_information: account,
      current_password: member.password,
    },
  });
  if (res.status !== 200) throw new Error(`binding failed: ${res.status} ${JSON.stringify(res.body)}`);
}

/** The member's cookie for direct API calls. */
export function memberCookie(member: Member): Promise<string> {
  return apiLogin(member.email, member.password);
}

/** A page in its own browser context, logged in as the operator (inherits the project's JavaScript setting). */
export async function operatorPage(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({
    baseURL: E2E_ORIGIN,
    javaScriptEnabled,
    locale: "en-IN",
    timezoneId: "Asia/Kolkata",
  });
  const page = await context.newPage();
  await loginOperatorPage(page);
  return page;
}

/** A member's withdrawal made through the API, as the operator console sees it. */
export async function requestWithdrawalByApi(member: Member, rupees: number, method = "UPI"): Promise<void> {
  const cookie = await memberCookie(member);
  const res = await api.request("/userAmount/userWithdrawal_record_post", {
    cookie,
    obj: { balance: rupees, type: method },
  });
  if (res.status !== 200) throw new Error(`withdrawal failed: ${res.status} ${JSON.stringify(res.body)}`);
}
