import { createHash, randomBytes } from "node:crypto";
import { E2E_ORIGIN, api, apiLogin, expect, operatorCookie, test, type Member } from "./fixtures";

/**
 * Pending offer credits (issue 21 §3): a wall that holds every credit for 5 days; a signed
 * postback sent over HTTP, as its network would, shows on the member's task-wall page and the
 * dashboard as "pending until {date}" (India time), not in the withdrawable balance.
 */

const SECRET = `e2e-hold-${randomBytes(6).toString("hex")}`;
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/** Adds a Lootably-style wall (sha256_fields) that holds every credit 5 days; answers its id. */
async function heldWall(name: string): Promise<string> {
  const res = await api.request("/adminRoute/offerWalls", {
    cookie: operatorCookie(),
    json: {
      name,
      frameUrlTemplate: "https://wall.lootably.example/?sid={user_id}",
      secret: SECRET,
      scheme: "sha256_fields",
      signatureFields: ["user_id", "transaction_id", "currency_reward"],
      signatureSeparator: ":",
      signatureParam: "hash",
      amountParam: "currency_reward",
      holdDays: 5,
      holdThreshold: "0",
      milliPerPoint: 10,
      capPerPostback: "50",
      sortOrder: 1000,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.msg.wall._id as string;
}

/** The member's id, read from their frame address of the wall. */
async function memberId(member: Member, wallName: string): Promise<string> {
  const cookie = await apiLogin(member.email, member.password);
  const res = await api.request("/userIncomeRoute/user_offerWall_get", { cookie });
  const link = (
    res.body.msg.offerWallData_after_replace as { offerWallName: string; offerWallApiLink: string }[]
  ).find((w) => w.offerWallName === wallName)!.offerWallApiLink;
  return new URL(link).searchParams.get("sid")!;
}

test("a held task-wall credit shows as pending until its date on the task-wall page and the dashboard", async ({
  page,
  newMember,
  loginAs,
}) => {
  const name = `Held wall ${randomBytes(3).toString("hex")}`;
  const wallId = await heldWall(name);
  const m = await newMember();
  const userId = await memberId(m, name);
  const params = {
    user_id: userId,
    transaction_id: `e2e-${randomBytes(4).toString("hex")}`,
    currency_reward: "250",
  };
  const hash = sha256([params.user_id, params.transaction_id, params.currency_reward, SECRET].join(":"));
  const res = await fetch(
    `${E2E_ORIGIN}/postback/offerwall/${wallId}?${new URLSearchParams({ ...params, hash })}`,
  );
  expect(await res.text()).toBe("1");
  expect(res.headers.get("x-postback-verdict")).toBe("credited");

  await loginAs(page, m);
  await page.goto("/member/task-wall");
  const pending = page.getByTestId("pending-credits");
  await expect(pending).toContainText("Pending task-wall credits: ₹2.500");
  await expect(pending).toContainText(`₹2.500 from ${name}`);
  // 5 days from now, in India time: e.g. "pending until 26 Nov 2026, 3:04 pm".
  await expect(pending).toContainText(/pending until \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2}\s?(am|pm)/i);

  await page.goto("/member/dashboard");
  const onDashboard = page.getByTestId("pending-credits");
  await expect(onDashboard).toContainText("Pending task-wall credits: ₹2.500");
  await expect(onDashboard).toContainText(/pending until \d{1,2} \w{3} \d{4}/);

  // Not withdrawable meanwhile.
  const cookie = await apiLogin(m.email, m.password);
  const balance = await api.request("/userIncomeRoute/user_offerWall_balance_get", { cookie });
  expect(balance.body.msg).toMatchObject({ available_balance: "0.000", pending_offerWall: "2.500" });
});
