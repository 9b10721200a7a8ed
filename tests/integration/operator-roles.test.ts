import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import {
  addPayoutMethod,
  bindPayout,
  giveEarning,
  newMember,
  newOperator,
  pendingWithdrawal,
  type TestMember,
} from "../support/money";
import { auditLog, operatorNotes, users, withdrawals } from "../../api/db/schema";
import { MEMBER_LISTS } from "../../shared/contracts/members";
import { createOrPromoteOperator } from "../../api/accounts/operators";
import { ROLE_REFUSED } from "../../shared/operatorRoles";

/**
 * Operators' roles, least privilege: every operator endpoint checks its role on the server. A
 * refusal is a 403 with the role's message, changes nothing and leaves no audit entry.
 */
describe.each(drivers("one"))("operator roles (%s)", (driver) => {
  let t: TestApi;
  let owner: TestMember;
  let payouts: TestMember;
  let support: TestMember;
  let moderation: TestMember;
  let member: TestMember;

  beforeAll(async () => {
    t = await startTestApi(driver);
    owner = await newOperator(t);
    payouts = await newOperator(t, ["payouts"]);
    support = await newOperator(t, ["support"]);
    moderation = await newOperator(t, ["moderation"]);
    member = await newMember(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const refused = (res: { status: number; body: { success?: boolean; error_msg?: unknown } }) => {
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, error_msg: ROLE_REFUSED, error_code: "forbidden" });
  };

  it("tells the console who is signed in and with which roles; an operator created plainly is an owner", async () => {
    for (const [op, roles] of [
      [owner, ["owner"]],
      [payouts, ["payouts"]],
      [support, ["support"]],
    ] as const) {
      const res = await t.request("/adminRoute/me", { cookie: op.cookie });
      expect(res.status).toBe(200);
      expect(res.body.msg).toEqual({ userName: op.userName, roles });
    }
    const res = await t.request("/adminRoute/me", { cookie: member.cookie });
    expect(res.status).toBe(403);
    expect(res.body.error_msg).toBe("Operators only.");
  });

  it("a support operator cannot approve a payout, change settings or configure money; reads messages", async () => {
    const payee = await newMember(t);
    await addPayoutMethod(t, owner, `UPI ${Date.now()}`, 1);
    const method = (
      await t.request("/adminRoute/payoutMethods", { cookie: owner.cookie })
    ).body.msg.records.at(-1).name as string;
    await bindPayout(t, payee, method);
    await giveEarning(t, payee.id, 10_000);
    const id = await pendingWithdrawal(t, payee, method, 5);
    const auditBefore = (await t.deps.db.select().from(auditLog)).length;

    refused(await t.request("/adminRoute/withdrawals", { cookie: support.cookie }));
    refused(
      await t.request(`/adminRoute/withdrawals/${id}/settle`, {
        json: { action: "approve" },
        cookie: support.cookie,
      }),
    );
    refused(
      await t.request("/adminRoute/settings", {
        method: "PATCH",
        json: { referral_rate_bp: 900 },
        cookie: support.cookie,
      }),
    );
    refused(
      await t.request("/adminRoute/payoutMethods", {
        json: { name: "Sneaky", details: "x", minimum_amount: 1 },
        cookie: support.cookie,
      }),
    );
    refused(
      await t.request("/adminRoute/giftCodes", {
        json: {
          code: "SUPPORT1",
          amount: "5",
          claim_limit: 1,
          expires_at: new Date(Date.now() + 3600_000).toISOString(),
        },
        cookie: support.cookie,
      }),
    );
    refused(
      await t.request("/adminRoute/ptcSettings", {
        method: "PATCH",
        json: { ptc_minimum_views: 2 },
        cookie: support.cookie,
      }),
    );
    refused(await t.request("/adminRoute/campaigns", { cookie: support.cookie }));

    const [w] = await t.deps.db.select().from(withdrawals).where(eq(withdrawals.id, id));
    expect(w!.status).toBe("Pending");
    expect((await t.deps.db.select().from(auditLog)).length).toBe(auditBefore);
    expect((await t.request("/adminRoute/messages", { cookie: support.cookie })).status).toBe(200);

    // The payouts operator may: the same request settles.
    // (Without a payout provider, approving marks paid with the bank's reference: issue 42.)
    const settled = await t.request(`/adminRoute/withdrawals/${id}/settle`, {
      json: { action: "approve", utr: "SBIN80000001" },
      cookie: payouts.cookie,
    });
    expect(settled.status).toBe(200);
    refused(
      await t.request("/adminRoute/settings", {
        method: "PATCH",
        json: { referral_rate_bp: 900 },
        cookie: payouts.cookie,
      }),
    );
  });

  it("moderation reads campaigns, the cheat log, postbacks and games, and nothing of payouts or settings", async () => {
    for (const path of [
      "/adminRoute/campaigns",
      "/adminRoute/adCheatLog",
      "/adminRoute/postbacks",
      "/adminRoute/games",
    ])
      expect((await t.request(path, { cookie: moderation.cookie })).status, path).toBe(200);
    for (const path of [
      "/adminRoute/withdrawals",
      "/adminRoute/settings",
      "/adminRoute/audit",
      "/adminRoute/messages",
    ])
      refused(await t.request(path, { cookie: moderation.cookie }));
  });

  it("the owner opens every operator endpoint the others split", async () => {
    for (const path of [
      "/adminRoute/withdrawals",
      "/adminRoute/settings",
      "/adminRoute/messages",
      "/adminRoute/campaigns",
      "/adminRoute/audit",
      "/adminRoute/ledger",
      "/adminRoute/offerWalls",
      "/adminRoute/shorteners",
      "/adminRoute/gameRoomTypes",
    ])
      expect((await t.request(path, { cookie: owner.cookie })).status, path).toBe(200);
  });

  it("the command line gives the roles it is told, records them in the audit, and ends old sessions", async () => {
    const m = await newMember(t);
    const res = await createOrPromoteOperator(t.deps.db, {
      email: m.email,
      password: "long-enough-1",
      totpSecret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
      roles: ["support", "payouts", "support"],
    });
    expect(res.created).toBe(false);
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, m.id));
    expect(row!.role).toBe("operator");
    expect(row!.operatorRoles).toEqual(["support", "payouts"]);
    const [entry] = (
      await t.deps.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `user:${m.id}`))
    ).slice(-1);
    expect(entry!.after).toMatchObject({ roles: ["support", "payouts"] });
    expect((await t.request("/adminRoute/me", { cookie: m.cookie })).status).toBe(401);
  });
  it("only the owner opens an operator's member page and what it shows (sessions, addresses, notes); a member's opens for all readers", async () => {
    const paths = (id: string) => [
      ["GET", `/adminRoute/members/${id}`],
      ["GET", `/adminRoute/members/${id}/profile`],
      ...MEMBER_LISTS.map((list) => ["GET", `/adminRoute/members/${id}/${list}`]),
      ["GET", `/adminRoute/members/${id}/restrictions`],
      ["GET", `/adminRoute/members/${id}/risk`],
      ["POST", `/adminRoute/members/${id}/notes`],
    ];
    const open = (viewer: TestMember, method: string, path: string) =>
      t.request(path, {
        method,
        cookie: viewer.cookie,
        ...(method === "POST" ? { json: { body: "A note on this account." } } : {}),
      });
    const notesBefore = (await t.deps.db.select().from(operatorNotes)).length;
    const auditBefore = (await t.deps.db.select().from(auditLog)).length;
    // Another operator's account (an owner's, or one of the same rank): refused to every non-owner.
    for (const [viewer, target] of [
      [support, owner],
      [support, moderation],
      [payouts, owner],
      [moderation, support],
    ] as const)
      for (const [method, path] of paths(target.id)) {
        const res = await open(viewer, method!, path!);
        expect(res.status, `${viewer.userName} ${method} ${path}`).toBe(403);
        expect(res.body).toMatchObject({ success: false, error_msg: ROLE_REFUSED, error_code: "forbidden" });
      }
    expect((await t.deps.db.select().from(operatorNotes)).length).toBe(notesBefore);
    expect((await t.deps.db.select().from(auditLog)).length).toBe(auditBefore);
    // A member's page: every reader opens it (the risk links: the roles the risk pages are for).
    for (const viewer of [support, payouts, moderation, owner])
      for (const [method, path] of paths(member.id)) {
        const status = viewer === support && path!.endsWith("/risk") ? 403 : 200;
        expect((await open(viewer, method!, path!)).status, `${viewer.userName} ${method} ${path}`).toBe(
          status,
        );
      }
    // The owner opens an operator's page.
    for (const [method, path] of paths(support.id))
      expect((await open(owner, method!, path!)).status, `owner ${method} ${path}`).toBe(200);
    // An unknown id stays a 404 for everyone.
    expect((await open(support, "GET", "/adminRoute/members/0123456789abcdef01234567")).status).toBe(404);
  });
});
