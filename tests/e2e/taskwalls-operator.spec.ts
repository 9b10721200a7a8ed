import { randomBytes } from "node:crypto";
import { api, apiLogin, expect, jsEnabled, test, toast } from "./fixtures";
import { operatorPage } from "./money-helpers";

/**
 * The operator's side of task walls: a new wall and its postback URL, a signed test postback
 * that credits a member, the postback log with its verdicts, a replay (a duplicate that moves
 * nothing), and switching the wall off again.
 */
test("an operator adds a wall, sends a test postback, reads it in the log and replays it", async ({
  browser,
  newMember,
}, testInfo) => {
  const member = await newMember();
  const cookie = await apiLogin(member.email, member.password);
  const walls = await api.request("/userIncomeRoute/user_offerWall_get", { cookie });
  const demoLink = (walls.body.msg.offerWallData_after_replace as { offerWallApiLink: string }[])[0]!
    .offerWallApiLink;
  const memberId = new URL(demoLink, "http://x").searchParams.get("user_id")!;
  const balance = async () =>
    (await api.request("/userIncomeRoute/user_offerWall_balance_get", { cookie })).body.msg
      .available_balance as string;
  expect(await balance()).toBe("0.000");

  const ops = await operatorPage(browser, jsEnabled(testInfo));
  const name = `E2E Wall ${randomBytes(3).toString("hex")}`;
  await ops.goto("/admin/task-walls");
  const add = ops.getByRole("form", { name: "Add a task wall" });
  await add.getByLabel("Name", { exact: true }).fill(name);
  await add.getByLabel("Frame URL template").fill("https://wall.example/offers?uid={user_id}");
  await add.getByLabel("Postback secret").fill("e2e-secret-123");
  await add.getByLabel("Signature scheme").selectOption("md5_fields");
  await add.getByLabel("Signature fields").fill("user_id, transaction_id, amount");
  await add.getByLabel("Signature separator").fill(":");
  await add.getByLabel("Rupees per point (₹)").fill("0.010");
  await add.getByLabel("Cap per postback (₹)").fill("5");
  await add.getByLabel("Success body").fill("OK");
  await add.getByRole("button", { name: "Add Wall" }).click();
  await expect(toast(ops)).toContainText("Offer wall saved.");
  const card = ops.getByTestId("admin-wall").filter({ has: ops.getByRole("heading", { name }) });
  await expect(card).toContainText("Enabled");
  await expect(card).toContainText(/http:\/\/localhost:\d+\/postback\/offerwall\/[A-Za-z0-9_-]+/);
  await expect(card).toContainText("…-123");

  // A signed test postback credits the member: 100 points × ₹0.010.
  await ops.getByRole("link", { name: "Postbacks" }).click();
  await expect(ops.getByRole("heading", { level: 1, name: "Postbacks" })).toBeVisible();
  const form = ops.getByRole("form", { name: "Send test postback" });
  await form.getByLabel("Wall", { exact: true }).selectOption({ label: name });
  await form.getByLabel("Member id", { exact: true }).fill(memberId);
  const transactionId = `e2e-${randomBytes(4).toString("hex")}`;
  await form.getByLabel("Transaction id", { exact: true }).fill(transactionId);
  await form.getByLabel("Points", { exact: true }).fill("100");
  await form.getByRole("button", { name: "Send Test Postback" }).click();
  await expect(ops.getByRole("alert").filter({ hasText: "Verdict: credited" })).toContainText("HTTP 200");
  await expect(ops.getByRole("alert").filter({ hasText: "Verdict: credited" })).toContainText("OK");
  expect(await balance()).toBe("1.000");

  // The log, filtered to the wall: the request as received, with its verdict.
  await ops.getByLabel("Wall", { exact: true }).last().selectOption({ label: name });
  await ops.getByRole("button", { name: "Filter" }).click();
  await expect(ops).toHaveURL(/[?&]wall=/);
  const row = ops.getByTestId("postback").filter({ hasText: transactionId });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("verdict")).toHaveText("credited");
  await expect(row).toContainText(`/postback/offerwall/`);
  await expect(row).toContainText("₹1.000");

  // Replay, after the confirm step: the same request again is a duplicate, nothing moves.
  await row.getByRole("button", { name: /^Replay postback/ }).click();
  const dialog = ops.getByRole("dialog", { name: /Replay postback #\d+\?/ });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Replay", exact: true }).click();
  await expect(ops.getByRole("alert").filter({ hasText: "Verdict: duplicate" })).toBeVisible();
  expect(await balance()).toBe("1.000");
  await ops.goto(`/admin/postbacks?verdict=duplicate`);
  await expect(ops.getByTestId("postback").filter({ hasText: transactionId }).first()).toContainText(
    "replay",
  );

  // Edit: switched off, the wall leaves the members' list.
  await ops.goto("/admin/task-walls");
  await card.getByRole("link", { name: `Edit ${name}` }).click();
  const edit = ops.getByRole("form", { name: `Edit ${name}` });
  await expect(edit.getByLabel("Rupees per point (₹)")).toHaveValue("0.010");
  await edit.getByLabel(/^Enabled/).uncheck();
  await edit.getByRole("button", { name: "Save Wall" }).click();
  await expect(toast(ops)).toContainText("Offer wall saved.");
  await expect(card).toContainText("Disabled");
  const after = await api.request("/userIncomeRoute/user_offerWall_get", { cookie });
  expect(
    (after.body.msg.offerWallData_after_replace as { offerWallName: string }[]).map((w) => w.offerWallName),
  ).not.toContain(name);
  await ops.context().close();
});
