import { createServer } from "node:http";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { desc, eq } from "drizzle-orm";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import { newMember, newOperator, type TestMember } from "../support/money";
import { auditLog } from "../../api/db/schema";
import { watchPublicPages } from "../../api/content/changes";
import { createPageCache } from "../../server/page-cache";
import { ROLE_REFUSED } from "../../shared/operatorRoles";

/**
 * The site's words from the operator console (issue 20 §2): each kind created, edited, deleted and
 * reordered, seen at once through the public answers the pages read (and by the kept public pages
 * and dashboards); HTML cleaned on the way in; every change audited with before and after; only
 * the owner and content roles; bad input refused with a 4xx.
 */

const UNSAFE =
  '<p onclick="steal()">Hello <a href="javascript:alert(1)">link</a><script>alert(1)</script>' +
  '<img src="https://example.com/x.png" onerror="steal()"></p>';

function expectClean(html: string) {
  expect(html).not.toMatch(/<script|onclick|onerror|javascript:/i);
  expect(html).toContain("Hello");
}

describe.each(drivers("one"))("the site's words from the console (%s)", (driver) => {
  let t: TestApi;
  let owner: TestMember;
  let content: TestMember;
  let member: TestMember;
  const others: Record<string, TestMember> = {};

  beforeAll(async () => {
    t = await startTestApi(driver);
    owner = await newOperator(t);
    content = await newOperator(t, ["content"]);
    for (const role of ["support", "payouts", "moderation"] as const)
      others[role] = await newOperator(t, [role]);
    member = await newMember(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const write = async (
    path: string,
    json: unknown,
    method = "POST",
    cookie = content.cookie,
  ): Promise<{ status: number; body: any }> => t.request(path, { method, json, cookie });
  const okWrite = async (path: string, json: unknown, method = "POST") => {
    const res = await write(path, json, method);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.success).toBe(true);
    return res.body.msg as { message: string; id?: number };
  };
  const remove = (path: string, cookie = content.cookie) => t.request(path, { method: "DELETE", cookie });
  const lastAudit = async (target: string) => {
    const [row] = await t.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, target))
      .orderBy(desc(auditLog.id))
      .limit(1);
    return row;
  };
  const publicFaq = async () =>
    (await t.request("/checkLogin_for_navBar?faq=true")).body.msg as {
      other_data_faqArray: { question: string; answer: string }[];
      other_data_homepage_Array: { title: string; message: string }[];
    };
  const dashboard = (headers: Record<string, string> = {}) =>
    t.request("/userRoute/userDataGet_dashboard", { cookie: member.cookie, headers });

  it("FAQ items: created, edited, reordered and deleted, each seen at once on the public answer; HTML cleaned", async () => {
    const before = (await publicFaq()).other_data_faqArray.length;
    const a = await okWrite("/adminRoute/content/faq", { question: "First new?", answer: UNSAFE });
    const b = await okWrite("/adminRoute/content/faq", { question: "Second new?", answer: "<p>Two</p>" });
    expect(a.message).toBe("FAQ item added.");
    let faq = (await publicFaq()).other_data_faqArray;
    expect(faq).toHaveLength(before + 2);
    expect(faq.at(-2)!.question).toBe("First new?");
    expectClean(faq.at(-2)!.answer);
    expect(faq.at(-1)!.question).toBe("Second new?");

    // Stored clean, not only served clean.
    const audit = await lastAudit(`faq:${a.id}`);
    expect(audit).toMatchObject({ action: "content.faq.create", actorUserId: content.id, before: null });
    expectClean((audit!.after as { answer: string }).answer);

    await okWrite(
      `/adminRoute/content/faq/${a.id}`,
      { question: "First edited?", answer: "<p>One</p>" },
      "PATCH",
    );
    faq = (await publicFaq()).other_data_faqArray;
    expect(faq.at(-2)).toEqual({ question: "First edited?", answer: "<p>One</p>" });
    expect(await lastAudit(`faq:${a.id}`)).toMatchObject({
      action: "content.faq.update",
      before: { question: "First new?" },
      after: { question: "First edited?", answer: "<p>One</p>" },
    });

    await okWrite(`/adminRoute/content/order/faq/${b.id}`, { direction: "up" });
    faq = (await publicFaq()).other_data_faqArray;
    expect(faq.slice(-2).map((f) => f.question)).toEqual(["Second new?", "First edited?"]);
    expect(await lastAudit(`faq:${b.id}`)).toMatchObject({
      action: "content.faq.move",
      before: { position: before + 2 },
      after: { position: before + 1 },
    });
    // Already last: refused, nothing moved.
    const last = await write(`/adminRoute/content/order/faq/${a.id}`, { direction: "down" });
    expect(last.status).toBe(409);

    const gone = await remove(`/adminRoute/content/faq/${b.id}`);
    expect(gone.status).toBe(200);
    faq = (await publicFaq()).other_data_faqArray;
    expect(faq.map((f) => f.question)).not.toContain("Second new?");
    expect(await lastAudit(`faq:${b.id}`)).toMatchObject({
      action: "content.faq.delete",
      before: { question: "Second new?" },
      after: null,
    });
    expect((await remove(`/adminRoute/content/faq/${b.id}`)).status).toBe(404);

    // The operator's list, paged by the API, in the public order.
    const list = await t.request("/adminRoute/content/faq", { cookie: content.cookie });
    expect(list.body.msg.pagination).toMatchObject({ page: 1, pageSize: 20 });
    expect(list.body.msg.records.at(-1)).toMatchObject({ id: a.id, question: "First edited?" });
  });

  it("home page sections: created, edited, reordered, deleted, seen at once", async () => {
    const x = await okWrite("/adminRoute/content/home-sections", { title: "Fast payouts", message: UNSAFE });
    const y = await okWrite("/adminRoute/content/home-sections", { title: "Honest", message: "<p>Yes</p>" });
    let home = (await publicFaq()).other_data_homepage_Array;
    expect(home.slice(-2).map((s) => s.title)).toEqual(["Fast payouts", "Honest"]);
    expectClean(home.at(-2)!.message);
    await okWrite(
      `/adminRoute/content/home-sections/${y.id}`,
      { title: "Honest pay", message: "<p>Yes</p>" },
      "PATCH",
    );
    await okWrite(`/adminRoute/content/order/home-sections/${y.id}`, { direction: "up" });
    home = (await publicFaq()).other_data_homepage_Array;
    expect(home.slice(-2).map((s) => s.title)).toEqual(["Honest pay", "Fast payouts"]);
    expect((await remove(`/adminRoute/content/home-sections/${x.id}`)).status).toBe(200);
    home = (await publicFaq()).other_data_homepage_Array;
    expect(home.map((s) => s.title)).not.toContain("Fast payouts");
    expect(await lastAudit(`home_section:${y.id}`)).toMatchObject({ action: "content.home_section.move" });
    expect(await lastAudit(`home_section:${x.id}`)).toMatchObject({
      action: "content.home_section.delete",
      before: { title: "Fast payouts" },
    });
  });

  it("announcements: a new one goes first, the operator's order wins over time, and the kept dashboard's version changes", async () => {
    const first = await dashboard();
    const tag = first.headers.get("etag")!;
    expect((await dashboard({ "if-none-match": tag })).status).toBe(304);

    const old = await okWrite("/adminRoute/content/announcements", {
      message: "<p>Older news</p>",
      time: "2026-01-01T10:00:00+05:30",
    });
    // The dashboard kept under the old version is no longer current.
    expect((await dashboard({ "if-none-match": tag })).status).toBe(200);
    const fresh = await okWrite("/adminRoute/content/announcements", { message: UNSAFE });
    const shown = async () =>
      (await dashboard()).body.msg.other_data_announcementsArray as {
        announcementMessage: string;
        announcementTime: string;
      }[];
    let list = await shown();
    expectClean(list[0]!.announcementMessage);
    expect(list[1]!.announcementMessage).toBe("<p>Older news</p>");
    expect(list[1]!.announcementTime).toBe("2026-01-01T04:30:00.000Z");

    // Moved: the operator's order, not the time, decides.
    const tag2 = (await dashboard()).headers.get("etag")!;
    await okWrite(`/adminRoute/content/order/announcements/${old.id}`, { direction: "up" });
    expect((await dashboard({ "if-none-match": tag2 })).status).toBe(200);
    list = await shown();
    expect(list[0]!.announcementMessage).toBe("<p>Older news</p>");

    const tag3 = (await dashboard()).headers.get("etag")!;
    await okWrite(
      `/adminRoute/content/announcements/${old.id}`,
      { message: "<p>Older news, edited</p>" },
      "PATCH",
    );
    expect((await dashboard({ "if-none-match": tag3 })).status).toBe(200);
    list = await shown();
    expect(list[0]!.announcementMessage).toBe("<p>Older news, edited</p>");
    expect(list[0]!.announcementTime).toBe("2026-01-01T04:30:00.000Z");
    expect(await lastAudit(`announcement:${old.id}`)).toMatchObject({
      action: "content.announcement.update",
      before: { message: "<p>Older news</p>" },
      after: { message: "<p>Older news, edited</p>" },
    });

    const tag4 = (await dashboard()).headers.get("etag")!;
    expect((await remove(`/adminRoute/content/announcements/${fresh.id}`)).status).toBe(200);
    expect((await dashboard({ "if-none-match": tag4 })).status).toBe(200);
    list = await shown();
    expect(list.some((a) => a.announcementMessage.includes("Hello"))).toBe(false);

    const page = await t.request("/adminRoute/content/announcements?page=1", { cookie: content.cookie });
    expect(page.body.msg.records[0]).toMatchObject({ id: old.id, message: "<p>Older news, edited</p>" });
    expect(page.body.msg.pagination).toMatchObject({ page: 1, pageSize: 20, totalRecords: 1 });
  });

  it("pages announcements by 20", async () => {
    for (let i = 0; i < 21; i++)
      await okWrite("/adminRoute/content/announcements", { message: `<p>N${i}</p>` });
    const p1 = (await t.request("/adminRoute/content/announcements", { cookie: content.cookie })).body.msg;
    const p2 = (await t.request("/adminRoute/content/announcements?page=2", { cookie: content.cookie })).body
      .msg;
    expect(p1.records).toHaveLength(20);
    expect(p1.records[0].message).toBe("<p>N20</p>");
    expect(p2.pagination).toMatchObject({ page: 2, totalPages: 2, totalRecords: 22 });
    expect(p2.records).toHaveLength(2);
    // Moving the first of page 2 up swaps it with the last of page 1.
    const firstOfTwo = p2.records[0];
    await okWrite(`/adminRoute/content/order/announcements/${firstOfTwo.id}`, { direction: "up" });
    const again = (await t.request("/adminRoute/content/announcements", { cookie: content.cookie })).body.msg;
    expect(again.records[19].id).toBe(firstOfTwo.id);
  });

  it("policy pages: saved clean, shown at once, audited", async () => {
    for (const [slug, field] of [
      ["privacy_policy", "privacy_policy_data"],
      ["terms_of_use", "terms_of_use_data"],
      ["dmca", "dmca_data"],
    ] as const) {
      const before = (await t.request(`/checkLogin_for_navBar?${slug}=true`)).body.msg[field];
      await okWrite(`/adminRoute/content/policies/${slug}`, { html: `<h2>${slug}</h2>${UNSAFE}` }, "PATCH");
      const html = (await t.request(`/checkLogin_for_navBar?${slug}=true`)).body.msg[field] as string;
      expect(html).toContain(`<h2>${slug}</h2>`);
      expectClean(html);
      const audit = await lastAudit(`policy:${slug}`);
      expect(audit).toMatchObject({ action: "content.policy.update" });
      expect((audit!.before as { html: string } | null)?.html ?? "").toBe(before);
      // The page is Markdown, kept as written: only what is read is cleaned.
      expect((audit!.after as { html: string }).html).toBe(`<h2>${slug}</h2>${UNSAFE}`);
    }
    const list = (await t.request("/adminRoute/content/policies", { cookie: owner.cookie })).body.msg;
    expect(list.records.map((r: { slug: string }) => r.slug)).toEqual([
      "privacy_policy",
      "terms_of_use",
      "dmca",
    ]);
  });

  it("instructions lists: add, edit, reorder, remove, replace — seen at once on each member page's answer", async () => {
    const reads = {
      withdrawal_instructions: ["/userAmount/userBalanceData_get", "other_data_withdrawal_instructions"],
      convert_instructions: ["/userAmount/userConvertBalance_get", "other_data_convertBalance_instructions"],
      ptc_instructions: ["/userIncomeRoute/user_PTCAds_home_get", "other_data_PTCAds_instructions"],
      shortlink_instructions: [
        "/userIncomeRoute/user_shortlink_data_get",
        "other_data_shortLink_instructions",
      ],
      offerwall_instructions: ["/userIncomeRoute/user_offerWall_get", "other_data_offerWalls_instructions"],
    } as const;
    for (const [key, [path, field]] of Object.entries(reads)) {
      const shown = async () => {
        const res = await t.request(path, { cookie: member.cookie });
        expect(res.status, path).toBe(200);
        return res.body.msg[field] as string[];
      };
      const start = await shown();
      const items = `/adminRoute/content/instruction-items/${key}`;
      await okWrite(items, { op: "add", html: UNSAFE });
      let now = await shown();
      expect(now).toHaveLength(start.length + 1);
      expectClean(now.at(-1)!);
      const added = now.length - 1;
      await okWrite(items, { op: "edit", index: added, html: "<p>Edited step</p>", expected: now.at(-1) });
      await okWrite(items, { op: "move", index: added, direction: "up" });
      now = await shown();
      expect(now.at(-2)).toBe("<p>Edited step</p>");
      // The list as seen is not the list any more: refused, not applied to another item.
      const stale = await write(items, { op: "remove", index: added - 1, expected: "<p>Something else</p>" });
      expect(stale.status).toBe(409);
      await okWrite(items, { op: "remove", index: added - 1, expected: "<p>Edited step</p>" });
      expect(await shown()).toEqual(start);
      const audit = await lastAudit(`settings:${key}`);
      expect(audit).toMatchObject({ action: "content.instructions.update" });
      // What is kept is the owner's text; members read its {payout_time} filled in (the default 3 days).
      const kept = (audit!.after as Record<string, string[]>)[key]!;
      expect(kept.map((h) => h.replaceAll("{payout_time}", "within 3 working days"))).toEqual(start);
      expect((audit!.before as Record<string, string[]>)[key]).toContain("<p>Edited step</p>");

      await okWrite(`/adminRoute/content/instructions/${key}`, { items: ["<p>Only step</p>"] }, "PATCH");
      expect(await shown()).toEqual(["<p>Only step</p>"]);
      await okWrite(`/adminRoute/content/instructions/${key}`, { items: start }, "PATCH");
      expect(await shown()).toEqual(start);
    }
    const all = (await t.request("/adminRoute/content/instructions", { cookie: content.cookie })).body.msg;
    expect(all.lists.map((l: { key: string }) => l.key)).toEqual(Object.keys(reads));
  });

  it("the gift-code message, the referral text and the statistics base: seen at once, audited", async () => {
    await okWrite("/adminRoute/content/texts", { key: "gift_code_page_message", html: UNSAFE }, "PATCH");
    const gift = await t.request("/userIncomeRoute/user_giftCode_get", { cookie: member.cookie });
    expectClean(gift.body.msg.giftCode_page_Message);
    await okWrite(
      "/adminRoute/content/texts",
      { key: "referral_page_text", html: "<p>Bring friends</p>" },
      "PATCH",
    );
    const ref = await t.request("/userRoute/userReferral_record_get", { cookie: member.cookie });
    expect(ref.body.msg.other_data_referralRate.referralPageText).toBe("<p>Bring friends</p>");
    expect(await lastAudit("settings:referral_page_text")).toMatchObject({
      action: "content.text.update",
      after: { referral_page_text: "<p>Bring friends</p>" },
    });

    const stats = async () => (await t.request("/userRoute/userWebstatisticsGet")).body.msg;
    const base0 = (await t.request("/adminRoute/content/texts", { cookie: content.cookie })).body.msg
      .public_stats_base;
    const s0 = await stats();
    await okWrite(
      "/adminRoute/content/stats-base",
      { users: 1000, userCompletedTask: 50_000, visitorsLast30Days: 700, totalWithdrawalAmount: 123_456 },
      "PATCH",
    );
    const s1 = await stats();
    expect(s1.users - s0.users).toBe(1000 - base0.users);
    expect(s1.userCompletedTask - s0.userCompletedTask).toBe(50_000 - base0.userCompletedTask);
    expect(s1.totalWithdrawalAmount - s0.totalWithdrawalAmount).toBe(123_456 - base0.totalWithdrawalAmount);
    const texts = (await t.request("/adminRoute/content/texts", { cookie: content.cookie })).body.msg;
    expect(texts.public_stats_base).toEqual({
      users: 1000,
      userCompletedTask: 50_000,
      visitorsLast30Days: 700,
      totalWithdrawalAmount: 123_456,
    });
    expect(await lastAudit("settings:public_stats_base")).toMatchObject({
      action: "content.stats_base.update",
      after: { public_stats_base: { users: 1000, totalWithdrawalAmount: 123_456_000 } },
    });
  });

  it("the preview answers the HTML as the public site would show it", async () => {
    const res = await write("/adminRoute/content/preview", { html: UNSAFE });
    expect(res.status).toBe(200);
    expectClean(res.body.msg.html);
    expect(res.body.msg.html).toContain('<img src="https://example.com/x.png" />');
  });

  it("only the owner and the content role: support, payouts and moderation are refused (403), nothing changes", async () => {
    const auditBefore = (await t.deps.db.select().from(auditLog)).length;
    const faqBefore = await publicFaq();
    for (const op of Object.values(others)) {
      for (const [path, method, json] of [
        ["/adminRoute/content", "GET", undefined],
        ["/adminRoute/content/faq", "GET", undefined],
        ["/adminRoute/content/faq", "POST", { question: "Q?", answer: "<p>A</p>" }],
        ["/adminRoute/content/order/faq/1", "POST", { direction: "down" }],
        ["/adminRoute/content/faq/1", "DELETE", undefined],
        ["/adminRoute/content/announcements", "POST", { message: "<p>x</p>" }],
        ["/adminRoute/content/policies/dmca", "PATCH", { html: "<p>x</p>" }],
        ["/adminRoute/content/instruction-items/ptc_instructions", "POST", { op: "add", html: "<p>x</p>" }],
        ["/adminRoute/content/texts", "PATCH", { key: "referral_page_text", html: "<p>x</p>" }],
        [
          "/adminRoute/content/stats-base",
          "PATCH",
          { users: 1, userCompletedTask: 1, visitorsLast30Days: 1, totalWithdrawalAmount: 1 },
        ],
        ["/adminRoute/content/preview", "POST", { html: "<p>x</p>" }],
      ] as const) {
        const res = await t.request(path, { method, json, cookie: op.cookie });
        expect(res.status, `${path} ${method}`).toBe(403);
        expect(res.body.error_msg).toBe(ROLE_REFUSED);
      }
    }
    const notOperator = await t.request("/adminRoute/content/faq", { cookie: member.cookie });
    expect(notOperator.status).toBe(403);
    expect((await t.request("/adminRoute/content/faq")).status).toBe(401);
    expect((await t.deps.db.select().from(auditLog)).length).toBe(auditBefore);
    expect(await publicFaq()).toEqual(faqBefore);
    // The owner and the content role may.
    for (const op of [owner, content]) {
      const res = await t.request("/adminRoute/content", { cookie: op.cookie });
      expect(res.status).toBe(200);
      expect(res.body.msg).toMatchObject({ announcements: expect.any(Number), faq: expect.any(Number) });
    }
  });

  it("bad input is a clear 4xx, never a 500, and writes nothing", async () => {
    const auditBefore = (await t.deps.db.select().from(auditLog)).length;
    const cases: [string, string, unknown][] = [
      ["/adminRoute/content/faq", "POST", { question: "Q?", answer: "x".repeat(5_001) }],
      ["/adminRoute/content/faq", "POST", { question: "Q".repeat(301), answer: "<p>A</p>" }],
      ["/adminRoute/content/faq", "POST", { question: "", answer: "<p>A</p>" }],
      ["/adminRoute/content/faq", "POST", { question: "Q?", answer: "<script>only()</script>" }],
      ["/adminRoute/content/faq", "POST", { question: "Q?", answer: "   " }],
      ["/adminRoute/content/faq", "POST", { question: 5, answer: "<p>A</p>" }],
      ["/adminRoute/content/faq", "POST", { question: "Q?" }],
      ["/adminRoute/content/faq", "POST", { question: "Q?", answer: "<p>A</p>", extra: 1 }],
      ["/adminRoute/content/faq/999999", "PATCH", { question: "Q?", answer: "<p>A</p>" }],
      ["/adminRoute/content/faq/abc", "PATCH", { question: "Q?", answer: "<p>A</p>" }],
      ["/adminRoute/content/faq/99999999999999999999", "DELETE", undefined],
      ["/adminRoute/content/home-sections/999999", "DELETE", undefined],
      ["/adminRoute/content/announcements/999999", "DELETE", undefined],
      ["/adminRoute/content/announcements", "POST", { message: "<p>x</p>", time: "yesterday" }],
      ["/adminRoute/content/announcements", "POST", { message: "<p>x</p>", time: "1999-01-01T00:00:00Z" }],
      ["/adminRoute/content/announcements", "POST", { message: ["<p>x</p>"] }],
      ["/adminRoute/content/order/faq/999999", "POST", { direction: "up" }],
      ["/adminRoute/content/order/faq/1", "POST", { direction: "sideways" }],
      ["/adminRoute/content/order/widgets/1", "POST", { direction: "up" }],
      ["/adminRoute/content/policies/cookies", "PATCH", { html: "<p>x</p>" }],
      ["/adminRoute/content/policies/dmca", "PATCH", { html: "x".repeat(50_001) }],
      ["/adminRoute/content/policies/dmca", "PATCH", { html: null }],
      ["/adminRoute/content/instructions/home_instructions", "PATCH", { items: [] }],
      ["/adminRoute/content/instructions/ptc_instructions", "PATCH", { items: "<p>x</p>" }],
      ["/adminRoute/content/instructions/ptc_instructions", "PATCH", { items: Array(21).fill("<p>x</p>") }],
      ["/adminRoute/content/instructions/ptc_instructions", "PATCH", { items: ["<p>x</p>", ""] }],
      [
        "/adminRoute/content/instruction-items/ptc_instructions",
        "POST",
        { op: "edit", index: 99, html: "<p>x</p>" },
      ],
      [
        "/adminRoute/content/instruction-items/ptc_instructions",
        "POST",
        { op: "edit", index: -1, html: "<p>x</p>" },
      ],
      ["/adminRoute/content/instruction-items/ptc_instructions", "POST", { op: "explode" }],
      [
        "/adminRoute/content/instruction-items/ptc_instructions",
        "POST",
        { op: "move", index: 0, direction: "up" },
      ],
      ["/adminRoute/content/texts", "PATCH", { key: "site_name", html: "<p>x</p>" }],
      ["/adminRoute/content/texts", "PATCH", { key: "referral_page_text", html: "x".repeat(5_001) }],
      [
        "/adminRoute/content/stats-base",
        "PATCH",
        { users: -1, userCompletedTask: 0, visitorsLast30Days: 0, totalWithdrawalAmount: 0 },
      ],
      [
        "/adminRoute/content/stats-base",
        "PATCH",
        { users: 1.5, userCompletedTask: 0, visitorsLast30Days: 0, totalWithdrawalAmount: 0 },
      ],
      [
        "/adminRoute/content/stats-base",
        "PATCH",
        { users: "10", userCompletedTask: 0, visitorsLast30Days: 0, totalWithdrawalAmount: 0 },
      ],
      ["/adminRoute/content/stats-base", "PATCH", { users: 1, userCompletedTask: 0, visitorsLast30Days: 0 }],
      [
        "/adminRoute/content/stats-base",
        "PATCH",
        { users: 1e13, userCompletedTask: 0, visitorsLast30Days: 0, totalWithdrawalAmount: 0 },
      ],
      ["/adminRoute/content/preview", "POST", { html: 7 }],
    ];
    for (const [path, method, json] of cases) {
      const res = await t.request(path, { method, json, cookie: content.cookie });
      expect(
        res.status >= 400 && res.status < 500,
        `${method} ${path} ${JSON.stringify(json)?.slice(0, 80)} → ${res.status}`,
      ).toBe(true);
      expect(res.body.success).toBe(false);
      expect(typeof res.body.error_msg).toBe("string");
    }
    expect((await t.deps.db.select().from(auditLog)).length).toBe(auditBefore);
    const notJson = await t.request("/adminRoute/content/faq", {
      method: "POST",
      rawBody: "question=x",
      contentType: "application/x-www-form-urlencoded",
      cookie: content.cookie,
    });
    expect(notJson.status).toBe(415);
  });

  it("a kept public page is dropped when the words change: the next visitor sees the change at once", async () => {
    // The web tier's public page cache, wired as server.ts wires it, in front of a page that reads the FAQ.
    const serve = createPageCache({ ttlMs: 60_000 });
    const stop = watchPublicPages(t.deps, serve.clear);
    let renders = 0;
    let holdNext: Promise<void> | null = null;
    let reads = 0;
    const server = createServer((req, res) =>
      serve(req, res, "nonce", () => {
        renders++;
        const wait = holdNext ?? Promise.resolve();
        holdNext = null;
        void publicFaq().then(async (d) => {
          reads++;
          await wait;
          res.setHeader("content-type", "text/html; charset=utf-8");
          res.end(`<html nonce="nonce">${d.other_data_faqArray.map((f) => f.question).join("|")}</html>`);
        });
      }),
    );
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      const home = async () => (await fetch(url)).text();
      await home();
      await home();
      expect(renders).toBe(1); // the second view came from the kept page
      const q = await okWrite("/adminRoute/content/faq", {
        question: "Kept page dropped?",
        answer: "<p>Yes</p>",
      });
      expect(await home()).toContain("Kept page dropped?");
      expect(renders).toBe(2);
      await okWrite(
        `/adminRoute/content/faq/${q.id}`,
        { question: "Kept page dropped again?", answer: "<p>Yes</p>" },
        "PATCH",
      );
      expect(await home()).toContain("Kept page dropped again?");
      await remove(`/adminRoute/content/faq/${q.id}`);
      expect(await home()).not.toContain("Kept page dropped");
      // A refused change drops nothing.
      const kept = renders;
      await write("/adminRoute/content/faq", { question: "", answer: "" });
      await home();
      expect(renders).toBe(kept);
      // A page whose render began before a change (it may show the words before it) is not kept.
      const across = await okWrite("/adminRoute/content/faq", { question: "Across?", answer: "<p>A</p>" });
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      holdNext = held;
      const readsBefore = reads;
      const slow = fetch(`${url}?slow`);
      // The slow render has read the FAQ (with the item) before the change below.
      await vi.waitFor(() => expect(reads).toBe(readsBefore + 1));
      await remove(`/adminRoute/content/faq/${across.id}`);
      release();
      await (await slow).text();
      const n = renders;
      expect(await (await fetch(`${url}?slow`)).text()).not.toContain("Across?");
      expect(renders).toBe(n + 1);
    } finally {
      stop();
      server.close();
    }
  });
});

/**
 * Several nodes: a change on one API node reaches the public page cache of another web node
 * through Redis (REDIS_URL). Needs a Redis at TEST_REDIS_URL (default redis://127.0.0.1:6379).
 */
describe("the public pages of every node (Redis)", () => {
  const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
  const key = `test-${randomBytes(4).toString("hex")}`;
  let t: TestApi;
  let otherNode: Redis;

  beforeAll(async () => {
    t = await startTestApi("pglite", { REDIS_URL, REDIS_ADAPTER_KEY: key });
    otherNode = new Redis(REDIS_URL, { maxRetriesPerRequest: 2 });
  });
  afterAll(async () => {
    otherNode?.disconnect();
    await t?.close();
  });

  it("drops the other node's kept pages, and only for this site's channel", async () => {
    const cleared = vi.fn();
    const elsewhere = vi.fn();
    // Another process: its own deps (no in-process path to the API node), the same site key.
    const stop = watchPublicPages({ config: { REDIS_ADAPTER_KEY: key }, redis: otherNode }, cleared);
    const stopOther = watchPublicPages(
      { config: { REDIS_ADAPTER_KEY: `${key}-other` }, redis: otherNode },
      elsewhere,
    );
    try {
      // The subscriptions are live once Redis counts them.
      const probe = new Redis(REDIS_URL);
      await vi.waitFor(
        async () => {
          const [, n] = (await probe.pubsub("NUMSUB", `${key}#public-pages-changed`)) as [string, number];
          expect(Number(n)).toBe(1);
        },
        { timeout: 5_000, interval: 50 },
      );
      probe.disconnect();
      expect(cleared).not.toHaveBeenCalled();
      const op = await newOperator(t, ["content"]);
      const res = await t.request("/adminRoute/content/faq", {
        json: { question: "On every node?", answer: "<p>Yes</p>" },
        cookie: op.cookie,
      });
      expect(res.status).toBe(200);
      await vi.waitFor(() => expect(cleared).toHaveBeenCalledTimes(1), { timeout: 5_000, interval: 20 });
      expect(elsewhere).not.toHaveBeenCalled();
    } finally {
      stop();
      stopOther();
    }
  });
});
