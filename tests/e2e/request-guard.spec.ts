import { test, expect, E2E_ORIGIN } from "./fixtures";

/**
 * Every state-changing request to the web tier passes one guard before any action runs: same-site
 * origin, a form body, a size limit, no control characters. A refusal is a clear 4xx page.
 */
const contact = (extra: Record<string, string> = {}) => ({
  name: "Guard Test",
  email_address: "guard@example.com",
  mobile_number: "9876543210",
  subject: `guard-${Date.now()}`,
  message: "Hello",
  consent: "on",
  ...extra,
});

test.describe("the web tier's request guard", () => {
  test("a NUL in the contact form is a clear 400, stored nowhere", async ({ request, operator }) => {
    const fields = contact({ name: "A\u0000b" });
    const res = await request.post("/contact-us", { form: fields, headers: { origin: E2E_ORIGIN } });
    expect(res.status()).toBe(400);
    const html = await res.text();
    expect(html).toContain("Characters not allowed");
    expect(html).not.toContain("Upgrade Your Browser");
    const messages = await operator.request("/adminRoute/messages");
    expect(JSON.stringify(messages.body)).not.toContain(fields.subject);
  });

  test("another site's form is refused with 403", async ({ request }) => {
    for (const origin of ["https://evil.example", "null"]) {
      const res = await request.post("/login", {
        form: { email_userName: "demo@example.com", password: "demo-password-123" },
        headers: { origin },
      });
      expect(res.status()).toBe(403);
      expect(await res.text()).toContain("This form was sent from another website");
    }
    const fetchSite = await request.post("/login", {
      form: { email_userName: "demo@example.com", password: "demo-password-123" },
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(fetchSite.status()).toBe(403);
  });

  test("a form on another page in a real browser cannot post to the site", async ({ page }) => {
    // about:blank content posts with an opaque origin ("null"), as any other site's page would.
    await page.setContent(
      `<form method="post" action="${E2E_ORIGIN}/login"><input name="email_userName" value="demo@example.com"><input name="password" value="demo-password-123"><button>Go</button></form>`,
    );
    const [response] = await Promise.all([
      page.waitForResponse(`${E2E_ORIGIN}/login`),
      page.getByRole("button", { name: "Go" }).click(),
    ]);
    expect(response.status()).toBe(403);
    await expect(page.getByTestId("request-refused")).toContainText("Request refused");
  });

  test("a body that is not a form, or is too large, gets a 4xx", async ({ request }) => {
    const json = await request.post("/login", {
      data: { email_userName: "demo@example.com" },
      headers: { origin: E2E_ORIGIN },
    });
    expect(json.status()).toBe(415);
    const huge = await request.post("/contact-us", {
      form: contact({ message: "a".repeat(200_000) }),
      headers: { origin: E2E_ORIGIN },
    });
    expect(huge.status()).toBe(413);
    expect(await huge.text()).toContain("The form you sent is too large");
  });
});
