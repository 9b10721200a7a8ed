import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, desc, eq } from "drizzle-orm";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import { newMember, newOperator, type TestMember } from "../support/money";
import { announcements, auditLog, policyPages } from "../../api/db/schema";
import { sanitizeHtml } from "../../api/lib/sanitize";
import { ANNOUNCEMENTS, POLICIES } from "../../api/seed/content";
import { ANNOUNCEMENTS_HI } from "../../api/seed/contentHi";
import { POLICIES_HI } from "../../api/seed/policiesHi";

/**
 * Announcements and policy pages in Markdown (issue 45 §3): the operator writes Markdown (HTML
 * allowed) in English and Hindi, the API keeps it as typed and gives it back to the editor, and
 * every reader gets it rendered and sanitised in their language; content written as HTML before
 * reads as it did; the preview renders without saving anything.
 */

const MARKDOWN = [
  "## Diwali bonus",
  "",
  "Read **the rules** on [our FAQ](https://example.com/faq) first.",
  "",
  "- Watch 5 ads",
  "- Claim the code",
].join("\n");

const HINDI_MARKDOWN = [
  "## दिवाली बोनस",
  "",
  "पहले [नियम](https://example.com/niyam) पढ़ें।",
  "",
  "1. 5 विज्ञापन देखें",
  "2. कोड लें",
].join("\n");

/** Every way a script could ride along in Markdown or in the HTML it allows. */
const HOSTILE = [
  "Hello [click](javascript:alert(1)) and [again](JaVaScRiPt:alert(2))",
  "",
  "<script>alert(3)</script>",
  "",
  '<img src="https://example.com/x.png" onerror="alert(4)">',
  "",
  '<p onclick="alert(5)">Tap</p>',
  "",
  "![pic](javascript:alert(6)) <a href='javascript:alert(7)'>raw</a>",
].join("\n");

const HINDI_READER = { headers: { "accept-language": "hi-IN,hi;q=0.9,en;q=0.5" } };
const ENGLISH_READER = { headers: { "accept-language": "en-IN,en;q=0.9" } };

function expectRendered(html: string) {
  expect(html).toContain("<h2>Diwali bonus</h2>");
  expect(html).toContain("<strong>the rules</strong>");
  expect(html).toContain('<a href="https://example.com/faq">our FAQ</a>');
  expect(html).toMatch(/<ul>\s*<li>Watch 5 ads<\/li>\s*<li>Claim the code<\/li>\s*<\/ul>/);
}

function expectHindiRendered(html: string) {
  expect(html).toContain("<h2>दिवाली बोनस</h2>");
  expect(html).toContain('<a href="https://example.com/niyam">नियम</a>');
  expect(html).toMatch(/<ol>\s*<li>5 विज्ञापन देखें<\/li>/);
}

function expectNoScript(html: string) {
  expect(html).not.toMatch(/<script|onerror|onclick|javascript:|alert\(/i);
  expect(html).toContain("Hello");
  expect(html).toContain('<img src="https://example.com/x.png" />');
}

describe.each(drivers("one"))("announcements and policy pages in Markdown (%s)", (driver) => {
  let t: TestApi;
  let content: TestMember;
  let member: TestMember;

  beforeAll(async () => {
    t = await startTestApi(driver);
    content = await newOperator(t, ["content"]);
    member = await newMember(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const write = (path: string, json: unknown, method = "POST") =>
    t.request(path, { method, json, cookie: content.cookie });
  const okWrite = async (path: string, json: unknown, method = "POST") => {
    const res = await write(path, json, method);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.msg as { message: string; id?: number };
  };
  const dashboardAnnouncements = async (reader: { headers: Record<string, string> }) => {
    const res = await t.request("/userRoute/userDataGet_dashboard", { ...reader, cookie: member.cookie });
    expect(res.status).toBe(200);
    return (res.body.msg.other_data_announcementsArray as { announcementMessage: string }[]).map(
      (a) => a.announcementMessage,
    );
  };
  const policy = async (reader: { headers: Record<string, string>; cookie?: string }) => {
    const res = await t.request("/checkLogin_for_navBar?terms_of_use=true", reader);
    expect(res.status).toBe(200);
    return res.body.msg.terms_of_use_data as string;
  };
  const auditCount = async () => Number((await t.deps.db.select({ n: count() }).from(auditLog))[0]!.n);

  it("an announcement's Markdown renders (heading, bold, link, list) for members; the editor gets it as typed", async () => {
    const { id } = await okWrite("/adminRoute/content/announcements", { message: MARKDOWN });
    const [shown] = await dashboardAnnouncements(ENGLISH_READER);
    expectRendered(shown!);

    const page = (await t.request("/adminRoute/content/announcements", { cookie: content.cookie })).body.msg;
    const record = page.records.find((r: { id: number }) => r.id === id);
    expect(record.message).toBe(MARKDOWN);
    expect(record.message_hi).toBe("");
    expectRendered(record.message_html);

    const [audit] = await t.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `announcement:${id}`))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ action: "content.announcement.create", after: { message: MARKDOWN } });
  });

  it("a Hindi reader gets the Hindi Markdown rendered, an English reader the English; no Hindi falls back", async () => {
    const { id } = await okWrite("/adminRoute/content/announcements", {
      message: MARKDOWN,
      message_hi: HINDI_MARKDOWN,
    });
    const [hi] = await dashboardAnnouncements(HINDI_READER);
    expectHindiRendered(hi!);
    const [en] = await dashboardAnnouncements(ENGLISH_READER);
    expectRendered(en!);
    expect(en).not.toMatch(/[\u0900-\u097F]/);

    await okWrite(
      "/adminRoute/content/policies/terms_of_use",
      { html: MARKDOWN, html_hi: HINDI_MARKDOWN },
      "PATCH",
    );
    expectHindiRendered(await policy(HINDI_READER));
    expectRendered(await policy(ENGLISH_READER));
    expect(await policy({ headers: {}, cookie: "lang=hi" })).toContain("दिवाली बोनस");

    // Hindi removed: the Hindi reader gets the English, rendered.
    await okWrite(`/adminRoute/content/announcements/${id}`, { message: MARKDOWN, message_hi: "" }, "PATCH");
    const [fallback] = await dashboardAnnouncements(HINDI_READER);
    expectRendered(fallback!);
    const edited = (await t.request("/adminRoute/content/policies", { cookie: content.cookie })).body.msg;
    expect(edited.records.find((p: { slug: string }) => p.slug === "terms_of_use").html_hi).toBe(
      HINDI_MARKDOWN,
    );
  });

  it("scripts, event handlers and javascript: links are removed from every reader's page and the preview", async () => {
    await okWrite("/adminRoute/content/announcements", { message: HOSTILE, message_hi: HOSTILE });
    for (const reader of [ENGLISH_READER, HINDI_READER]) {
      const [shown] = await dashboardAnnouncements(reader);
      expectNoScript(shown!);
    }
    await okWrite("/adminRoute/content/policies/terms_of_use", { html: HOSTILE, html_hi: HOSTILE }, "PATCH");
    expectNoScript(await policy(ENGLISH_READER));
    expectNoScript(await policy(HINDI_READER));
    const preview = await write("/adminRoute/content/preview", { html: HOSTILE, format: "markdown" });
    expect(preview.status).toBe(200);
    expectNoScript(preview.body.msg.html);
  });

  it("content written as HTML before reads exactly as it did (the seed's policies and announcements, English and Hindi)", async () => {
    const stored = (html: string) => sanitizeHtml(html.replaceAll("{site}", "Rupee Rewards"));
    for (const [slug, html] of Object.entries(POLICIES) as [keyof typeof POLICIES, string][]) {
      const en = stored(html);
      const hi = stored(POLICIES_HI[slug]);
      await t.deps.db
        .insert(policyPages)
        .values({ slug, html: en, htmlHi: hi })
        .onConflictDoUpdate({ target: policyPages.slug, set: { html: en, htmlHi: hi } });
      const field = `${slug}_data`;
      const res = await t.request(`/checkLogin_for_navBar?${slug}=true`, ENGLISH_READER);
      expect(res.body.msg[field], slug).toBe(en.trim());
      const resHi = await t.request(`/checkLogin_for_navBar?${slug}=true`, HINDI_READER);
      expect(resHi.body.msg[field], slug).toBe(hi.trim());
    }
    await t.deps.db.delete(announcements);
    const olds = ANNOUNCEMENTS.map((a, i) => ({
      message: stored(a.message),
      messageHi: stored(ANNOUNCEMENTS_HI[i] ?? a.message),
      sortOrder: i,
    }));
    await t.deps.db.insert(announcements).values(olds);
    expect(await dashboardAnnouncements(ENGLISH_READER)).toEqual(olds.map((m) => m.message.trim()));
    expect(await dashboardAnnouncements(HINDI_READER)).toEqual(olds.map((m) => m.messageHi.trim()));
  });

  it("Preview renders Markdown without saving anything; text that renders to nothing is refused", async () => {
    const rows = await t.deps.db.select().from(announcements);
    const policies = await t.deps.db.select().from(policyPages);
    const audits = await auditCount();

    const res = await write("/adminRoute/content/preview", { html: MARKDOWN, format: "markdown" });
    expect(res.status).toBe(200);
    expectRendered(res.body.msg.html);
    // Without the format the text is HTML, as before: the Markdown is left as text.
    const asHtml = await write("/adminRoute/content/preview", { html: MARKDOWN });
    expect(asHtml.body.msg.html).toContain("## Diwali bonus");
    const badFormat = await write("/adminRoute/content/preview", { html: MARKDOWN, format: "word" });
    expect(badFormat.status).toBe(400);
    expect(badFormat.body.error_msg).toContain("format must be html or markdown");

    for (const [path, json, method] of [
      ["/adminRoute/content/announcements", { message: "<script>alert(1)</script>" }, "POST"],
      ["/adminRoute/content/announcements", { message: "ok", message_hi: "<script>x</script>" }, "POST"],
      ["/adminRoute/content/policies/dmca", { html: "<script>alert(1)</script>\n\n" }, "PATCH"],
    ] as const) {
      const refused = await write(path, json, method);
      expect(refused.status, path).toBe(400);
      expect(refused.body.error_msg).toMatch(/empty/);
    }

    expect(await t.deps.db.select().from(announcements)).toEqual(rows);
    expect(await t.deps.db.select().from(policyPages)).toEqual(policies);
    expect(await auditCount()).toBe(audits);
  });
});
