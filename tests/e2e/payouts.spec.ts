import { randomBytes, randomInt } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import {
  test,
  expect,
  apiRequestAt,
  type ApiResult,
  type RequestInit,
  jsEnabled,
  signInOperator,
  toast,
  uniqueEmail,
  uniqueMobile,
  userNameOf,
  testBudget,
} from "./fixtures";
import {
  E2E_OPERATOR,
  E2E_PAYOUTS_ORIGIN,
  E2E_PAYOUTS_PORT,
  E2E_RAZORPAYX,
  E2E_RAZORPAYX_PORT,
  E2E_RAZORPAYX_URL,
} from "../../playwright.config";
import { siteEnvFor, startLocalRazorpayX, type LocalRazorpayX } from "../support/razorpayx";
import { contextOn, startSite, type Site } from "./servers";
import { SIGN_UP_PRIVACY } from "../support/privacy";

/**
 * Payouts through RazorpayX (issue 22), on a site of this spec's own (3102), whose payouts go to the
 * local RazorpayX it starts beside it. The operator approves two members' withdrawals as a batch
 * (a third member's first payout is left out with its reason);
 * the test then moves one payout to processed and the other to failed through the local server's
 * control endpoint, which sends the signed webhooks, and both sides — the operator's queue and
 * the members' withdrawal pages — show the outcome. A fifth member's request is marked paid by
 * hand (issue 42): a server-rendered confirm step names the member, the amount and the account and
 * asks for the bank's reference (UTR), which the member then sees. State is set up through the API.
 *
 * The two tests share the members and the payouts, so they run in order in one worker.
 */

type Answer = ApiResult;

/** A call to the payouts server's API. */
const call = (path: string, init: RequestInit = {}) => apiRequestAt(E2E_PAYOUTS_ORIGIN, path, init);

function expectOk(what: string, res: Answer) {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
}

function sidOf(res: Answer): string {
  const c = res.setCookie.find((s) => s.startsWith("sid="));
  if (!c) throw new Error(`no session cookie: ${JSON.stringify(res.setCookie)}`);
  return c.split(";")[0]!;
}

interface PayoutMember {
  email: string;
  password: string;
  userName: string;
  cookie: string;
  withdrawalId: string;
}

/**
 * A member with ₹300 (a one-use gift code the operator makes), UPI bound and a ₹120 withdrawal
 * requested — all through the API. Unless `firstPayout`, a ₹50 withdrawal was paid by hand before
 * (a batch leaves a first payout out: it is approved on its own).
 */
async function memberWithWithdrawal(
  operatorCookie: string,
  opts: { firstPayout?: boolean } = {},
): Promise<PayoutMember> {
  const email = uniqueEmail("p");
  const password = "member-password-123";
  const name = `Payee ${randomBytes(2).toString("hex")}`;
  const mobile = uniqueMobile();
  expectOk(
    "sign-up",
    await call("/userRoute/signUp", {
      obj: { name, mobile_number: Number(mobile), email_address: email, password, ...SIGN_UP_PRIVACY },
    }),
  );
  const userName = userNameOf(email);
  const cookie = sidOf(
    await call("/userRoute/login", { obj: { email_userName: email, password, loginRemember_state: false } }),
  );
  expectOk(
    "binding UPI",
    await call("/userRoute/userProfileData_patch", {
      method: "PATCH",
      cookie,
      obj: {
        name,
        address: "12 MG Road",
        city: "Pune",
        state: "Maharashtra",
        zip_code: "411001",
        mobile_number: mobile,
        withdrawal_method: "UPI",
        withdrawal_account_information: `${userName}@upi`,
        current_password: password,
      },
    }),
  );
  const code = `PAY${Date.now()}${randomBytes(3).toString("hex")}`.toUpperCase();
  expectOk(
    "gift code",
    await call("/adminRoute/giftCodes", {
      cookie: operatorCookie,
      json: {
        code,
        amount: "300",
        claim_limit: 1,
        expires_at: new Date(Date.now() + 24 * 3600_000).toISOString(),
      },
    }),
  );
  expectOk(
    "claiming the gift code",
    await call("/userIncomeRoute/user_giftCode_verify_and_patch", {
      method: "PATCH",
      cookie,
      json: { giftCode_state: code },
    }),
  );
  const withdraw = async (rupees: number) => {
    expectOk(
      "withdrawal",
      await call("/userAmount/userWithdrawal_record_post", { cookie, obj: { balance: rupees, type: "UPI" } }),
    );
    const history = await call("/userAmount/userBalanceData_get", { cookie });
    expectOk("withdrawal history", history);
    const id = history.body.msg.withdrawal_Records[0]?._id as string | undefined;
    if (!id) throw new Error("the withdrawal is not in the member's history");
    return id;
  };
  if (!opts.firstPayout) {
    const first = await withdraw(50);
    expectOk(
      "marking the first withdrawal paid",
      await call(`/adminRoute/withdrawals/${first}/settle`, {
        cookie: operatorCookie,
        json: { action: "mark_paid", utr: `SBIN${randomInt(100_000_000, 999_999_999)}` },
      }),
    );
  }
  return { email, password, userName, cookie, withdrawalId: await withdraw(120) };
}

/** The RazorpayX payout id of a withdrawal's latest attempt, from the operator's queue. */
async function providerPayoutId(operatorCookie: string, withdrawalId: string): Promise<string> {
  const list = await call("/adminRoute/withdrawals?status=all", { cookie: operatorCookie });
  expectOk("queue", list);
  const row = (
    list.body.msg.records as { _id: string; payout: { provider_payout_id: string | null } | null }[]
  ).find((r) => r._id === withdrawalId);
  const id = row?.payout?.provider_payout_id;
  if (!id) throw new Error(`no RazorpayX payout for ${withdrawalId}: ${JSON.stringify(row?.payout)}`);
  return id;
}

/** Moves a payout at the local RazorpayX; it sends the signed webhook and answers what the site said. */
async function movePayout(id: string, body: { status: string; reason?: string; utr?: string }) {
  const res = await fetch(`${E2E_RAZORPAYX_URL}/_local/payouts/${encodeURIComponent(id)}/status`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  const answer = (await res.json()) as { webhook: number[] };
  // The site took the webhook (a refused signature or a failure would not be 200).
  expect(answer.webhook).toEqual([200]);
}

/** A page on the payouts server with `cookie`'s session (with the project's JavaScript setting). */
async function pageOn3102(browser: Browser, cookie: string): Promise<Page> {
  const context = await contextOn(browser, E2E_PAYOUTS_ORIGIN, {
    cookie,
    javaScriptEnabled: jsEnabled(test.info()),
  });
  return context.newPage();
}

// The queue's forms are plain HTML: js and no-js both run this; the phone's width changes nothing here.
test.describe("payouts through RazorpayX", () => {
  test.describe.configure({ mode: "serial" });

  let razorpayx: LocalRazorpayX | undefined;
  let site: Site | undefined;
  let operatorCookie = "";
  let paid: PayoutMember;
  let failed: PayoutMember;
  let newcomer: PayoutMember;
  let filed: PayoutMember;
  let byHand: PayoutMember;
  const utr = String(randomInt(100_000_000_000, 999_999_999_999));

  test.afterAll(async () => {
    await site?.stop();
    await razorpayx?.close();
  });

  test.beforeAll(async () => {
    // This spec's own servers (issue 43: started only where needed): the local RazorpayX, with no
    // automatic progress, and the site paying through it; then the operator's one sign-in there.
    test.setTimeout(testBudget(4));
    razorpayx = await startLocalRazorpayX({
      port: E2E_RAZORPAYX_PORT,
      ...E2E_RAZORPAYX,
      webhookUrl: `http://127.0.0.1:${E2E_PAYOUTS_PORT}/webhooks/payouts/razorpayx`,
    });
    site = await startSite({
      port: E2E_PAYOUTS_PORT,
      env: siteEnvFor({ url: E2E_RAZORPAYX_URL, ...E2E_RAZORPAYX }),
      operators: [{ account: E2E_OPERATOR }],
    });
    operatorCookie = await signInOperator(E2E_OPERATOR, E2E_PAYOUTS_ORIGIN);
    [paid, failed, newcomer, filed, byHand] = await Promise.all([
      memberWithWithdrawal(operatorCookie),
      memberWithWithdrawal(operatorCookie),
      memberWithWithdrawal(operatorCookie, { firstPayout: true }),
      memberWithWithdrawal(operatorCookie),
      memberWithWithdrawal(operatorCookie),
    ]);
  });

  test("the operator approves a batch; RazorpayX's final statuses settle both requests", async ({
    browser,
  }) => {
    test.setTimeout(testBudget(2));
    const ops = await pageOn3102(browser, operatorCookie);
    await ops.goto("/admin/withdrawals");
    await expect(ops.getByTestId("payout-mode")).toContainText("Payouts go through RazorpayX");
    // The member's ₹120 request (their ₹50 one, paid by hand before, is in the list too).
    const rowOf = (m: PayoutMember) =>
      ops.getByRole("listitem", { name: `Withdrawal ${m.withdrawalId.toUpperCase()}`, exact: true });
    for (const m of [paid, failed, newcomer]) {
      await expect(rowOf(m).getByTestId("payout-stage")).toContainText("Not sent yet");
      // Paying by hand stays possible for what RazorpayX cannot pay.
      await expect(rowOf(m).getByRole("button", { name: /^Mark paid by hand: [0-9A-F]+$/ })).toBeVisible();
      await rowOf(m)
        .getByRole("checkbox", { name: `Select ${m.withdrawalId.toUpperCase()}` })
        .check();
    }
    await ops.getByRole("button", { name: "Approve selected" }).click();
    const outcome = ops.getByTestId("batch-outcome");
    await expect(outcome).toContainText("2 sent, 1 left out.");
    // A first payout is left out with its reason, and stays to be approved on its own.
    await expect(outcome.getByRole("list", { name: "Left out" })).toHaveText(
      `${newcomer.withdrawalId.toUpperCase()}: Marked for review (a first payout, or risk): approve it on its own after checking it.`,
    );
    await expect(rowOf(newcomer).getByTestId("payout-stage")).toContainText("Not sent yet");

    for (const m of [paid, failed]) {
      const row = rowOf(m);
      await expect(row.getByTestId("status-badge")).toHaveText("Pending");
      await expect(row.getByTestId("payout-stage")).toContainText("In flight: sent to RazorpayX");
      await expect(row.getByTestId("withdrawal-payout")).toContainText("Attempt: 1 · RazorpayX · UPI");
      // In flight: nothing to press until the final status; it cannot be ticked again.
      await expect(row.getByRole("button", { name: /^Approve/ })).toHaveCount(0);
      await expect(row.getByRole("checkbox")).toHaveCount(0);
    }

    await movePayout(await providerPayoutId(operatorCookie, paid.withdrawalId), {
      status: "processed",
      utr,
    });
    await movePayout(await providerPayoutId(operatorCookie, failed.withdrawalId), {
      status: "failed",
      reason: "Beneficiary bank is offline",
    });

    await ops.goto("/admin/withdrawals?status=all");
    const done = rowOf(paid);
    await expect(done.getByTestId("status-badge")).toHaveText("Success");
    await expect(done.getByTestId("payout-stage")).toHaveText("Paid");
    await expect(done.getByTestId("withdrawal-payout")).toContainText(`UTR: ${utr}`);
    await expect(done.getByTestId("withdrawal-payout")).toContainText("Status: Processed");

    const refused = rowOf(failed);
    await expect(refused.getByTestId("status-badge")).toHaveText("Reject");
    await expect(refused.getByTestId("payout-stage")).toContainText("Payout failed");
    await expect(refused.getByTestId("withdrawal-payout")).toContainText(
      "Reason: Beneficiary bank is offline",
    );
    // Send again asks first; cancelling sends nothing.
    await refused.getByRole("button", { name: /^Send [0-9A-F]+ again$/ }).click();
    const confirm = refused.getByTestId("queue-confirm");
    await expect(confirm).toContainText("₹120.000 is taken from the member's withdrawable balance again");
    await confirm.getByRole("link", { name: "Cancel" }).click();
    await expect(ops.getByTestId("queue-confirm")).toHaveCount(0);
    await expect(rowOf(failed).getByTestId("status-badge")).toHaveText("Reject");

    await ops.goto("/admin/payouts");
    await expect(ops.getByTestId("payout-mode")).toContainText("Payouts go through RazorpayX.");
    await expect(ops.getByTestId("payout-figures")).toContainText("Failed in 30 days");
    // On a 360 px phone neither page scrolls sideways (the tables scroll inside their box).
    await ops.setViewportSize({ width: 360, height: 800 });
    for (const path of ["/admin/withdrawals?status=all", "/admin/payouts", "/admin"]) {
      await ops.goto(path);
      expect(await ops.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    }
    await ops.context().close();
  });

  test("the members see the outcome: paid with its UTR, failed with the reason and the balance back", async ({
    browser,
  }) => {
    const payee = await pageOn3102(browser, paid.cookie);
    await payee.goto("/member/withdraw");
    const record = payee.getByTestId("withdraw-record").first();
    await expect(record.getByTestId("status-badge")).toHaveText("Success");
    await expect(record).toContainText(`UTR ${utr}`);
    await expect(payee.getByRole("group", { name: "Withdrawable Balance" })).toContainText("₹130.000");
    await payee.context().close();

    const refunded = await pageOn3102(browser, failed.cookie);
    await refunded.goto("/member/withdraw");
    const back = refunded.getByTestId("withdraw-record").first();
    await expect(back.getByTestId("status-badge")).toHaveText("Reject");
    await expect(back).toContainText("Beneficiary bank is offline");
    // ₹300 less the ₹50 paid before: the failed ₹120 came back.
    await expect(refunded.getByRole("group", { name: "Withdrawable Balance" })).toContainText("₹250.000");
    await expect(refunded.getByRole("group", { name: "Pending Withdrawn" })).toContainText("₹0.000");
    await refunded.context().close();
  });
  test("a bank file: written from the queue, downloaded, and settled by the bank's result file", async ({
    browser,
  }) => {
    test.setTimeout(testBudget(2));
    const ops = await pageOn3102(browser, operatorCookie);
    await ops.goto("/admin/withdrawals");
    const rowOf = (m: PayoutMember) =>
      ops.getByRole("listitem", { name: `Withdrawal ${m.withdrawalId.toUpperCase()}`, exact: true });
    for (const m of [filed, newcomer])
      await rowOf(m)
        .getByRole("checkbox", { name: `Select ${m.withdrawalId.toUpperCase()}` })
        .check();
    await ops.getByRole("button", { name: "Add selected to a bank file" }).click();
    const outcome = ops.getByTestId("bank-file-outcome");
    await expect(outcome).toContainText("Bank file written with 1 withdrawal");
    await expect(outcome.getByRole("list", { name: "Left out" })).toContainText(
      newcomer.withdrawalId.toUpperCase(),
    );
    await expect(rowOf(filed).getByTestId("payout-stage")).toContainText("In flight: in a bank file");

    const [download] = await Promise.all([
      ops.waitForEvent("download"),
      outcome.getByRole("link", { name: "Download the bank file (CSV)" }).click(),
    ]);
    const csv = readFileSync(await download.path(), "utf8");
    const [header, ...lines] = csv.trim().split("\r\n");
    const line = lines.find((l) => l.includes(`${filed.userName}@upi`));
    expect(line, csv).toBeTruthy();
    expect(line).toContain("120.00");
    const reference = line!.split(",")[header!.split(",").indexOf("Reference")];
    expect(reference).toBeTruthy();
    const fileId = /bank-files\/([0-9a-f]{24})\/csv/.exec(download.url())?.[1];
    expect(fileId).toBeTruthy();

    await ops.goto("/admin/payouts");
    const card = ops.getByRole("listitem", { name: `Bank file ${fileId!.toUpperCase()}`, exact: true });
    await expect(card).toContainText("Waiting for a result: 1");
    const bankUtr = String(randomInt(100_000_000_000, 999_999_999_999));
    await card.getByLabel(/^Bank's result file for/).setInputFiles({
      name: "result.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        `Reference,Status,UTR,Reason\r\n${reference},SUCCESS,${bankUtr},\r\nNOT-OURS-1,SUCCESS,123456789012,\r\n`,
      ),
    });
    await card.getByRole("button", { name: "Import result file" }).click();
    const result = ops.getByTestId("result-outcome");
    await expect(result).toContainText("1 paid, 0 failed, 1 not matched.");
    await expect(result.getByRole("list", { name: "Lines not matched" })).toContainText("Line 3:");

    // The owner's policy form sends what it shows (the defaults, so the other tests here are unaffected).
    await expect(ops.getByLabel("Daily outgoing limit (₹)")).toHaveValue("100000");
    await expect(ops.getByLabel("Second operator above (₹)")).toHaveValue("5000");
    await ops.getByRole("button", { name: "Save the policy" }).click();
    await expect(toast(ops)).toContainText("Payout policy saved.");

    await ops.goto("/admin/withdrawals?status=all");
    await expect(rowOf(filed).getByTestId("status-badge")).toHaveText("Success");
    await expect(rowOf(filed).getByTestId("withdrawal-payout")).toContainText(`UTR: ${bankUtr}`);
    await ops.context().close();
  });
  test("marking paid by hand: a confirm step naming the member, the amount and the account asks for the UTR; the member sees it", async ({
    browser,
  }) => {
    test.setTimeout(testBudget(2));
    const ops = await pageOn3102(browser, operatorCookie);
    await ops.goto("/admin/withdrawals");
    const order = byHand.withdrawalId.toUpperCase();
    const rowOf = () => ops.getByRole("listitem", { name: `Withdrawal ${order}`, exact: true });
    await expect(rowOf().getByTestId("status-badge")).toHaveText("Pending");

    // The first press only asks (a server-rendered step: it works without scripts too).
    await rowOf()
      .getByRole("button", { name: `Mark paid by hand: ${order}` })
      .click();
    const confirm = rowOf().getByTestId("queue-confirm");
    await expect(confirm.getByRole("heading", { name: `Mark ${order} paid by hand?` })).toBeVisible();
    const summary = confirm.getByTestId("mark-paid-summary");
    await expect(summary).toContainText(`Member: ${byHand.userName} (${byHand.email})`);
    await expect(summary).toContainText("Amount: ₹120.000");
    await expect(summary).toContainText(`Payout account: UPI · ${byHand.userName}@upi`);
    await expect(confirm).toContainText("Nothing is sent through RazorpayX.");
    await expect(rowOf().getByTestId("status-badge")).toHaveText("Pending");

    // The bank's reference is required: the browser keeps the step open without one.
    const field = confirm.getByLabel("Bank reference (UTR)");
    await expect(field).toHaveAttribute("required", "");
    await expect(field).toHaveAttribute("pattern", "^[A-Za-z0-9]{6,30}$");
    await confirm.getByRole("button", { name: `Mark ${order} paid now` }).click();
    await expect(rowOf().getByTestId("queue-confirm")).toBeVisible();
    await expect(rowOf().getByTestId("status-badge")).toHaveText("Pending");

    // Cancelling marks nothing.
    await confirm.getByRole("link", { name: "Cancel" }).click();
    await expect(ops.getByTestId("queue-confirm")).toHaveCount(0);
    await expect(rowOf().getByTestId("status-badge")).toHaveText("Pending");

    const manualUtr = `HDFC${randomInt(10_000_000, 99_999_999)}`;
    await rowOf()
      .getByRole("button", { name: `Mark paid by hand: ${order}` })
      .click();
    await rowOf().getByTestId("queue-confirm").getByLabel("Bank reference (UTR)").fill(manualUtr);
    await rowOf()
      .getByTestId("queue-confirm")
      .getByRole("button", { name: `Mark ${order} paid now` })
      .click();
    await expect(toast(ops)).toContainText(
      `Withdrawal marked paid (UTR ${manualUtr}). The member was mailed.`,
    );

    await ops.goto("/admin/withdrawals?status=all");
    await expect(rowOf().getByTestId("status-badge")).toHaveText("Success");
    await expect(rowOf().getByTestId("payout-stage")).toHaveText("Paid by hand");
    await expect(rowOf().getByTestId("withdrawal-payout")).toContainText(`UTR: ${manualUtr}`);
    await expect(rowOf().getByTestId("withdrawal-payout")).toContainText("Attempt: 1 · paid by hand");
    // Paid once: nothing left to press on it.
    await expect(rowOf().getByRole("button", { name: /^Mark [0-9A-F]+ paid/ })).toHaveCount(0);
    await ops.context().close();

    const payee = await pageOn3102(browser, byHand.cookie);
    await payee.goto("/member/withdraw");
    const record = payee.getByTestId("withdraw-record").first();
    await expect(record.getByTestId("status-badge")).toHaveText("Success");
    await expect(record).toContainText(`UTR ${manualUtr}`);
    await payee.context().close();
  });
});
