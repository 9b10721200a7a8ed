import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drivers } from "../support/db";
import { sessionCookie, startTestApi, type TestApi } from "../support/api";
import { faqs, homeSections, policyPages, withdrawals } from "../../api/db/schema";
import { createMember } from "../../api/accounts/accounts";
import { setPolicyHtml } from "../../api/content/content";
import { creditEarning } from "../../api/ledger/earnings";
import { setSetting } from "../../api/site/settings";
import { newId } from "../../api/lib/ids";

describe.each(drivers("one"))("public: /checkLogin_for_navBar and statistics (%s)", (driver) => {
  let t: TestApi;
  let cookie: string;
  let memberId: string;
  let memberUserName: string;
  beforeAll(async () => {
    t = await startTestApi(driver);
    const m = await createMember(t.deps.db, {
      name: "Nav",
      email: "nav@example.com",
      password: "nav-password-1",
    });
    memberId = m.id;
    memberUserName = m.userName;
    const res = await t.request("/userRoute/login", {
      obj: { email_userName: "nav@example.com", password: "nav-password-1", loginRemember_state: false },
    });
    cookie = sessionCookie(res.setCookie);
  });
  afterAll(() => t.close());

  it("tells whether the visitor is logged in, and sends nothing else without a page flag", async () => {
    expect((await t.request("/checkLogin_for_navBar")).body).toEqual({
      success: true,
      msg: { isLogin: false },
    });
    expect((await t.request("/checkLogin_for_navBar", { cookie })).body).toEqual({
      success: true,
      msg: { isLogin: true },
    });
    const stale = await t.request("/checkLogin_for_navBar", { cookie: "sid=revoked-or-invented" });
    expect(stale.status).toBe(200);
    expect(stale.body.msg).toEqual({ isLogin: false });
    expect((await t.request("/checkLogin_for_navBar?faq=false&dmca=1")).body.msg).toEqual({ isLogin: false });
  });

  it("faq=true sends the FAQ and the home sections in order, HTML sanitized", async () => {
    await t.deps.db.insert(faqs).values([
      { question: "Second?", answer: "<p>B</p>", sortOrder: 2 },
      {
        question: "First?",
        answer: '<p>A<img src="x" onerror="alert(1)"></p><script>bad()</script>',
        sortOrder: 1,
      },
    ]);
    await t.deps.db.insert(homeSections).values([
      {
        title: "Earn daily",
        message: '<h2 style="color:red">Daily</h2><iframe src="https://evil.example"></iframe>',
        sortOrder: 0,
      },
    ]);
    const res = await t.request("/checkLogin_for_navBar?faq=true");
    expect(res.body.msg).toEqual({
      isLogin: false,
      other_data_faqArray: [
        { question: "First?", answer: '<p>A<img src="x" /></p>' },
        { question: "Second?", answer: "<p>B</p>" },
      ],
      other_data_homepage_Array: [{ title: "Earn daily", message: "<h2>Daily</h2>" }],
    });
  });

  it("policy flags send their page's HTML, sanitized on the way in and out; a missing page is empty", async () => {
    await setPolicyHtml(
      t.deps.db,
      "privacy_policy",
      '<h1>Privacy</h1><p>We <a href="https://x.example" target="_blank">link</a></p><script>x()</script>',
    );
    // Written behind the domain's back: still cleaned on the way out.
    await t.deps.db
      .insert(policyPages)
      .values({ slug: "dmca", html: '<p onmouseover="x()">DMCA</p><style>p{}</style>' });
    const privacy = await t.request("/checkLogin_for_navBar?privacy_policy=true", { cookie });
    expect(privacy.body.msg).toEqual({
      isLogin: true,
      privacy_policy_data:
        '<h1>Privacy</h1><p>We <a href="https://x.example" target="_blank" rel="noopener noreferrer">link</a></p>',
    });
    expect((await t.request("/checkLogin_for_navBar?dmca=true")).body.msg).toEqual({
      isLogin: false,
      dmca_data: "<p>DMCA</p>",
    });
    expect((await t.request("/checkLogin_for_navBar?terms_of_use=true")).body.msg).toEqual({
      isLogin: false,
      terms_of_use_data: "",
    });
  });

  it("paymentProof=true sends the paid withdrawals 10 per page, newest first", async () => {
    const base = Date.parse("2026-03-01T00:00:00Z");
    const rows = Array.from({ length: 205 }, (_, i) => ({
      id: newId() + String(i).padStart(3, "0"),
      userId: memberId,
      amount: 100_000 + i,
      methodName: "UPI",
      accountInfo: "nav@upi",
      status: "Success" as const,
      createdAt: new Date(base + i * 60_000),
      settledAt: new Date(base + i * 60_000 + 1000),
    }));
    await t.deps.db.insert(withdrawals).values([
      ...rows,
      {
        id: newId() + "p",
        userId: memberId,
        amount: 5000,
        methodName: "UPI",
        accountInfo: "x",
        status: "Pending" as const,
        createdAt: new Date(base + 10e9),
      },
      {
        id: newId() + "r",
        userId: memberId,
        amount: 6000,
        methodName: "UPI",
        accountInfo: "x",
        status: "Reject" as const,
        createdAt: new Date(base + 10e9),
      },
    ]);
    const res = await t.request("/checkLogin_for_navBar?paymentProof=true");
    const proof = res.body.msg.paymentProof_data as {
      time: string;
      userName: string;
      withdrawal_method: string;
      balance: string;
    }[];
    expect(proof).toHaveLength(10);
    expect(res.body.msg.paymentProof_pagination).toEqual({
      page: 1,
      pageSize: 10,
      totalRecords: 205,
      totalPages: 21,
    });
    expect(proof[0]).toEqual({
      time: new Date(base + 204 * 60_000 + 1000).toISOString(),
      userName: memberUserName,
      withdrawal_method: "UPI",
      balance: "100.204",
    });
    expect(proof.at(-1)!.balance).toBe("100.195");
    // Every paid withdrawal stays reachable: the last page ends with the oldest.
    const last = await t.request("/checkLogin_for_navBar?paymentProof=true&page=21");
    const lastRows = last.body.msg.paymentProof_data as { balance: string }[];
    expect(lastRows.map((p) => p.balance)).toEqual(["100.004", "100.003", "100.002", "100.001", "100.000"]);
    expect([...proof, ...lastRows].every((p) => p.balance !== "5.000" && p.balance !== "6.000")).toBe(true);
  });

  it("statistics: the operator's base plus live counts", async () => {
    await setSetting(t.deps.db, "public_stats_base", {
      users: 100,
      userCompletedTask: 1000,
      visitorsLast30Days: 50,
      totalWithdrawalAmount: 2_000_500,
    });
    const referee = await createMember(t.deps.db, {
      name: "R",
      email: "referee@example.com",
      password: "x-password-1",
      referredBy: memberId,
    });
    await t.deps.db.transaction(async (tx) => {
      await creditEarning(tx, {
        userId: referee.id,
        source: "ptc_ads",
        amount: 1000,
        idempotencyKey: "stats:1",
      });
      await creditEarning(tx, {
        userId: referee.id,
        source: "offerWall",
        amount: 1000,
        idempotencyKey: "stats:2",
      });
    });
    const res = await t.request("/userRoute/userWebstatisticsGet");
    expect(res.status).toBe(200);
    // Paid: sum of 100000..100204 milli-rupees = 20,520,910; plus the base 2,000,500 → 22,521 whole rupees.
    expect(res.body).toEqual({
      success: true,
      msg: {
        users: 100 + 2,
        // Two earnings; the two referral credits they caused are not tasks.
        userCompletedTask: 1000 + 2,
        // One member signed in during the last 30 days.
        visitorsLast30Days: 50 + 1,
        totalWithdrawalAmount: 22_521,
      },
    });
  });
});
