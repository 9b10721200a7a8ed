import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import { newMember, newOperator, type TestMember } from "../support/money";
import { auditLog } from "../../api/db/schema";
import { announcementList } from "../../api/content/content";
import { localizedInstructions, localizedPageText } from "../../api/content/localized";

/**
 * The operator-written content in Hindi (issue 23): each text written in English and, optionally,
 * Hindi from the console; a reader whose language is Hindi (`lang=hi` cookie, else
 * Accept-Language) gets the Hindi text, else the English; a text without Hindi falls back to the
 * English; the Hindi HTML is cleaned like the English and audited with it.
 */

const HINDI_HTML =
  '<p onclick="steal()">नमस्ते <a href="javascript:alert(1)">लिंक</a><script>alert(1)</script></p>';

function expectCleanHindi(html: string) {
  expect(html).not.toMatch(/<script|onclick|javascript:|alert/i);
  expect(html).toContain("नमस्ते");
}

const HINDI = [
  { name: "Accept-Language: hi-IN", headers: { "accept-language": "hi-IN,hi;q=0.9,en;q=0.5" } },
  { name: "the lang=hi cookie", headers: { "accept-language": "en-US,en;q=0.9" }, cookie: "lang=hi" },
];
const ENGLISH = [
  { name: "no language", headers: {} as Record<string, string> },
  { name: "Accept-Language: en-IN", headers: { "accept-language": "en-IN,en;q=0.9" } },
  { name: "the lang=en cookie", headers: { "accept-language": "hi-IN" }, cookie: "lang=en" },
];

describe.each(drivers("one"))("operator-written content in Hindi (%s)", (driver) => {
  let t: TestApi;
  let content: TestMember;

  beforeAll(async () => {
    t = await startTestApi(driver);
    content = await newOperator(t, ["content"]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const okWrite = async (path: string, json: unknown, method = "POST") => {
    const res = await t.request(path, { method, json, cookie: content.cookie });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.msg as { message: string; id?: number };
  };
  const lastAudit = async (target: string) => {
    const [row] = await t.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, target))
      .orderBy(desc(auditLog.id))
      .limit(1);
    return row;
  };
  const navBar = async (query: string, reader: { headers: Record<string, string>; cookie?: string }) => {
    const res = await t.request(`/checkLogin_for_navBar?${query}`, reader);
    expect(res.status).toBe(200);
    return res.body.msg;
  };

  it("FAQ items and home sections: Hindi for Hindi readers, English otherwise, English where none", async () => {
    const withHi = await okWrite("/adminRoute/content/faq", {
      question: "How do I withdraw?",
      answer: "<p>From the Withdraw page.</p>",
      question_hi: "निकासी कैसे करें?",
      answer_hi: HINDI_HTML,
    });
    await okWrite("/adminRoute/content/faq", { question: "English only?", answer: "<p>Yes.</p>" });
    await okWrite("/adminRoute/content/home-sections", {
      title: "Fast payouts",
      message: "<p>Paid daily.</p>",
      title_hi: "तेज़ भुगतान",
      message_hi: "<p>रोज़ भुगतान।</p>",
    });

    for (const reader of HINDI) {
      const msg = await navBar("faq=true", reader);
      const faq = msg.other_data_faqArray as { question: string; answer: string }[];
      const hi = faq.find((f) => f.question === "निकासी कैसे करें?");
      expect(hi, reader.name).toBeDefined();
      expectCleanHindi(hi!.answer);
      expect(faq.find((f) => f.question === "English only?")).toEqual({
        question: "English only?",
        answer: "<p>Yes.</p>",
      });
      expect(msg.other_data_homepage_Array).toContainEqual({
        title: "तेज़ भुगतान",
        message: "<p>रोज़ भुगतान।</p>",
      });
    }
    for (const reader of ENGLISH) {
      const msg = await navBar("faq=true", reader);
      expect(msg.other_data_faqArray, reader.name).toContainEqual({
        question: "How do I withdraw?",
        answer: "<p>From the Withdraw page.</p>",
      });
      expect(JSON.stringify(msg)).not.toMatch(/[\u0900-\u097F]/);
      // Same wire shape: only the text differs.
      expect(Object.keys(msg.other_data_faqArray[0]).sort()).toEqual(["answer", "question"]);
    }

    // Stored clean and audited with the Hindi fields.
    const audit = await lastAudit(`faq:${withHi.id}`);
    expect(audit).toMatchObject({ action: "content.faq.create", after: { question_hi: "निकासी कैसे करें?" } });
    expectCleanHindi((audit!.after as { answer_hi: string }).answer_hi);

    // The operator's list carries the Hindi fields ("" where none).
    const list = (await t.request("/adminRoute/content/faq", { cookie: content.cookie })).body.msg;
    const row = list.records.find((r: { id: number }) => r.id === withHi.id);
    expect(row.question_hi).toBe("निकासी कैसे करें?");
    expectCleanHindi(row.answer_hi);
    expect(list.records.find((r: { question: string }) => r.question === "English only?")).toMatchObject({
      question_hi: "",
      answer_hi: "",
    });

    // An edit without the Hindi fields keeps them; an empty one removes it (English again), audited.
    await okWrite(
      `/adminRoute/content/faq/${withHi.id}`,
      { question: "How do I withdraw money?", answer: "<p>From the Withdraw page.</p>" },
      "PATCH",
    );
    expect((await navBar("faq=true", HINDI[0]!)).other_data_faqArray).toContainEqual(
      expect.objectContaining({ question: "निकासी कैसे करें?" }),
    );
    await okWrite(
      `/adminRoute/content/faq/${withHi.id}`,
      {
        question: "How do I withdraw money?",
        answer: "<p>From the Withdraw page.</p>",
        question_hi: "",
        answer_hi: "",
      },
      "PATCH",
    );
    expect((await navBar("faq=true", HINDI[0]!)).other_data_faqArray).toContainEqual({
      question: "How do I withdraw money?",
      answer: "<p>From the Withdraw page.</p>",
    });
    expect(await lastAudit(`faq:${withHi.id}`)).toMatchObject({
      action: "content.faq.update",
      before: { question_hi: "निकासी कैसे करें?" },
      after: { question_hi: null, answer_hi: null },
    });
  });

  it("policy pages: Hindi for Hindi readers, English otherwise; a page without Hindi falls back", async () => {
    await okWrite(
      "/adminRoute/content/policies/privacy_policy",
      { html: "<h2>Privacy</h2><p>We keep little.</p>", html_hi: `<h2>गोपनीयता</h2>${HINDI_HTML}` },
      "PATCH",
    );
    await okWrite("/adminRoute/content/policies/dmca", { html: "<p>DMCA notice.</p>" }, "PATCH");
    for (const reader of HINDI) {
      const msg = await navBar("privacy_policy=true&dmca=true", reader);
      expect(msg.privacy_policy_data, reader.name).toContain("गोपनीयता");
      expectCleanHindi(msg.privacy_policy_data);
      expect(msg.dmca_data).toBe("<p>DMCA notice.</p>");
    }
    for (const reader of ENGLISH) {
      const msg = await navBar("privacy_policy=true", reader);
      expect(msg.privacy_policy_data, reader.name).toBe("<h2>Privacy</h2><p>We keep little.</p>");
    }
    const audit = await lastAudit("policy:privacy_policy");
    expect(audit).toMatchObject({
      action: "content.policy.update",
      after: { html: "<h2>Privacy</h2><p>We keep little.</p>" },
    });
    // A policy page is Markdown, kept as written (the audit and the editor get it back); every read is clean.
    expect((audit!.after as { html_hi: string }).html_hi).toBe(`<h2>गोपनीयता</h2>${HINDI_HTML}`);
    const pages = (await t.request("/adminRoute/content/policies", { cookie: content.cookie })).body.msg;
    expect(pages.records.find((p: { slug: string }) => p.slug === "dmca").html_hi).toBe("");
    expect(pages.records.find((p: { slug: string }) => p.slug === "privacy_policy").html_hi).toBe(
      `<h2>गोपनीयता</h2>${HINDI_HTML}`,
    );
  });

  it("announcements: Hindi for Hindi readers, English otherwise, English where none; audited", async () => {
    const a = await okWrite("/adminRoute/content/announcements", {
      message: "<p>New offers today.</p>",
      message_hi: HINDI_HTML,
    });
    await okWrite("/adminRoute/content/announcements", { message: "<p>English only news.</p>" });
    const hi = await announcementList(t.deps.db, 20, "hi");
    expectCleanHindi(hi.find((x) => x.announcementMessage.includes("नमस्ते"))!.announcementMessage);
    expect(hi.map((x) => x.announcementMessage)).toContain("<p>English only news.</p>");
    expect(hi.map((x) => x.announcementMessage)).not.toContain("<p>New offers today.</p>");
    const en = await announcementList(t.deps.db, 20, "en");
    expect(en.map((x) => x.announcementMessage)).toContain("<p>New offers today.</p>");
    expect(JSON.stringify(en)).not.toMatch(/[\u0900-\u097F]/);

    const audit = await lastAudit(`announcement:${a.id}`);
    expect(audit).toMatchObject({
      action: "content.announcement.create",
      after: { message: "<p>New offers today.</p>" },
    });
    // An announcement is Markdown, kept as written; members only ever get it rendered and cleaned.
    expect((audit!.after as { message_hi: string }).message_hi).toBe(HINDI_HTML);
  });

  it("page texts and instructions lists: Hindi kept beside the English, item by item", async () => {
    await okWrite(
      "/adminRoute/content/texts",
      { key: "gift_code_page_message", html: "<p>Enter your code.</p>", html_hi: HINDI_HTML },
      "PATCH",
    );
    expectCleanHindi(await localizedPageText(t.deps.db, "gift_code_page_message", "hi"));
    expect(await localizedPageText(t.deps.db, "gift_code_page_message", "en")).toBe(
      "<p>Enter your code.</p>",
    );
    const texts = (await t.request("/adminRoute/content/texts", { cookie: content.cookie })).body.msg;
    expectCleanHindi(texts.gift_code_page_message_hi);
    expect(await lastAudit("settings:gift_code_page_message")).toMatchObject({
      action: "content.text.update",
      after: { gift_code_page_message: "<p>Enter your code.</p>" },
    });

    const key = "ptc_instructions";
    await okWrite(
      `/adminRoute/content/instructions/${key}`,
      { items: ["<p>One</p>", "<p>Two</p>"], items_hi: ["<p>एक</p>", ""] },
      "PATCH",
    );
    expect(await localizedInstructions(t.deps.db, key, "hi")).toEqual(["<p>एक</p>", "<p>Two</p>"]);
    await okWrite(`/adminRoute/content/instruction-items/${key}`, {
      op: "move",
      index: 0,
      direction: "down",
    });
    await okWrite(`/adminRoute/content/instruction-items/${key}`, {
      op: "add",
      html: "<p>Three</p>",
      html_hi: "<p>तीन</p><script>x()</script>",
    });
    expect(await localizedInstructions(t.deps.db, key, "hi")).toEqual([
      "<p>Two</p>",
      "<p>एक</p>",
      "<p>तीन</p>",
    ]);
    expect(await localizedInstructions(t.deps.db, key, "en")).toEqual([
      "<p>Two</p>",
      "<p>One</p>",
      "<p>Three</p>",
    ]);
    const lists = (await t.request("/adminRoute/content/instructions", { cookie: content.cookie })).body.msg;
    expect(lists.lists.find((l: { key: string }) => l.key === key).items_hi).toEqual([
      "",
      "<p>एक</p>",
      "<p>तीन</p>",
    ]);
    expect(await lastAudit(`settings:${key}`)).toMatchObject({
      after: {
        [key]: ["<p>Two</p>", "<p>One</p>", "<p>Three</p>"],
        [`${key}_hi`]: ["", "<p>एक</p>", "<p>तीन</p>"],
      },
    });
    const bad = await t.request(`/adminRoute/content/instructions/${key}`, {
      method: "PATCH",
      json: { items: ["<p>One</p>"], items_hi: ["<p>एक</p>", "<p>दो</p>"] },
      cookie: content.cookie,
    });
    expect(bad.status).toBe(400);
  });

  it("the member pages' reads: announcements, the five instruction lists, the gift-code and referral texts in the reader's language", async () => {
    const member = await newMember(t);
    await okWrite("/adminRoute/content/announcements", {
      message: "<p>Member news.</p>",
      message_hi: "<p>सदस्यों के लिए खबर।</p>",
    });
    const lists = {
      withdrawal_instructions: "/userAmount/userBalanceData_get",
      convert_instructions: "/userAmount/userConvertBalance_get",
      ptc_instructions: "/userIncomeRoute/user_PTCAds_home_get",
      offerwall_instructions: "/userIncomeRoute/user_offerWall_get",
      shortlink_instructions: "/userIncomeRoute/user_shortlink_data_get",
    } as const;
    for (const key of Object.keys(lists))
      await okWrite(
        `/adminRoute/content/instructions/${key}`,
        { items: [`<p>${key} one</p>`, `<p>${key} two</p>`], items_hi: [`<p>${key} एक</p>`, ""] },
        "PATCH",
      );
    await okWrite(
      "/adminRoute/content/texts",
      { key: "referral_page_text", html: "<p>Invite friends.</p>", html_hi: "<p>दोस्तों को बुलाएँ।</p>" },
      "PATCH",
    );
    await okWrite(
      "/adminRoute/content/texts",
      { key: "gift_code_page_message", html: "<p>Enter your code.</p>", html_hi: "<p>अपना कोड डालें।</p>" },
      "PATCH",
    );

    const read = async (path: string, reader: { headers: Record<string, string>; cookie?: string }) => {
      const cookie = [member.cookie, reader.cookie].filter(Boolean).join("; ");
      const res = await t.request(path, { headers: reader.headers, cookie });
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(200);
      return JSON.stringify(res.body.msg);
    };
    for (const reader of HINDI) {
      expect(await read("/userRoute/userDataGet_dashboard", reader), reader.name).toContain(
        "सदस्यों के लिए खबर।",
      );
      for (const [key, path] of Object.entries(lists)) {
        const body = await read(path, reader);
        expect(body, `${key} ${reader.name}`).toContain(`<p>${key} एक</p>`);
        expect(body, `${key} ${reader.name}`).toContain(`<p>${key} two</p>`);
      }
      expect(await read("/userRoute/userReferral_record_get", reader)).toContain("दोस्तों को बुलाएँ।");
      expect(await read("/userIncomeRoute/user_giftCode_get", reader)).toContain("अपना कोड डालें।");
    }
    for (const reader of ENGLISH) {
      expect(await read("/userRoute/userDataGet_dashboard", reader), reader.name).toContain("Member news.");
      for (const [key, path] of Object.entries(lists)) {
        const body = await read(path, reader);
        expect(body, `${key} ${reader.name}`).toContain(`<p>${key} one</p>`);
        expect(body, `${key} ${reader.name}`).not.toMatch(/[\u0900-\u097F]/);
      }
      expect(await read("/userRoute/userReferral_record_get", reader)).toContain("Invite friends.");
      expect(await read("/userIncomeRoute/user_giftCode_get", reader)).toContain("Enter your code.");
    }
  });
});
