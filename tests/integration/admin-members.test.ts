import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import {
  addPayoutMethod,
  balances,
  bindPayout,
  expectLedgerConsistent,
  giveEarning,
  newMember,
  newOperator,
  pendingWithdrawal,
  type TestMember,
} from "../support/money";
import {
  adCheatLog,
  auditLog,
  campaigns,
  contactMessages,
  gamePlayers,
  gameRooms,
  operatorNotes,
  sessions,
  signIns,
  taskWallPostbacks,
  users,
} from "../../api/db/schema";
import { convertBalance } from "../../api/withdrawals/conversions";
import { parseRupees } from "../../shared/money";
import { ROLE_REFUSED } from "../../shared/operatorRoles";
import { MEMBER_LISTS } from "../../shared/contracts/members";

/**
 * The operators' member search and member page (issue 20 §1): every search criterion, paging,
 * the page's profile and lists (the ledger list explains the balances), audited notes, roles,
 * and refusals of bad input with a 4xx.
 */
describe.each(drivers("one"))("operator member search and page (%s)", (driver) => {
  let t: TestApi;
  let owner: TestMember;
  let support: TestMember;
  let content: TestMember;
  let alice: TestMember;
  let referee: TestMember;
  const tag = `${Date.now().toString(36)}`;
  const typedEmail = `A.Lice.${tag}@Example.COM`;
  const mobile = 9_123_456_000 + Math.floor(Math.random() * 999);
  const ip = "203.0.113.77";

  const get = (path: string, who: TestMember = owner) => t.request(path, { cookie: who.cookie });
  const search = async (q: string, page = 1, by = "") => {
    const res = await get(`/adminRoute/members?q=${encodeURIComponent(q)}&page=${page}&by=${by}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.msg as {
      q: string;
      records: { id: string; joined: string; held: boolean; userName: string }[];
      pagination: { page: number; totalRecords: number; totalPages: number; pageSize: number };
    };
  };
  const ids = async (q: string, by = "") => (await search(q, 1, by)).records.map((r) => r.id);

  beforeAll(async () => {
    t = await startTestApi(driver);
    owner = await newOperator(t);
    support = await newOperator(t, ["support"]);
    content = await newOperator(t, ["content"]);
    alice = await newMember(t, { email: typedEmail });
    await t.deps.db.update(users).set({ mobileNumber: mobile }).where(eq(users.id, alice.id));
    referee = await newMember(t, { referredBy: alice.id });
    await t.deps.db.insert(signIns).values([
      {
        userId: alice.id,
        kind: "signup",
        ip,
        userAgent: "Signup-Browser/1",
        createdAt: new Date(Date.now() - 60_000),
      },
      { userId: alice.id, kind: "login", ip: "198.51.100.9", userAgent: "Login-Browser/2" },
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("finds a member by the e-mail as typed and by its login identity", async () => {
    expect(await ids(typedEmail, "email")).toEqual([alice.id]);
    // The identity: dots of the local part removed, any case.
    expect(await ids(`ALICE${tag.toUpperCase()}@example.com`, "email")).toEqual([alice.id]);
    expect(await ids(`  a.l.i.c.e.${tag}@EXAMPLE.com `, "email")).toEqual([alice.id]);
  });

  it("finds a member by username, mobile number, id and sign-in address", async () => {
    expect(await ids(alice.userName.toUpperCase(), "username")).toEqual([alice.id]);
    expect(await ids(String(mobile))).toEqual([alice.id]);
    expect(await ids(`+91 ${String(mobile).slice(0, 5)} ${String(mobile).slice(5)}`, "mobile")).toEqual([
      alice.id,
    ]);
    expect(await ids("not a number", "mobile")).toEqual([]);
    expect(await ids(alice.id, "id")).toEqual([alice.id]);
    expect(await ids(alice.id.toUpperCase(), "id")).toEqual([alice.id]);
    expect(await ids(ip)).toEqual([alice.id]);
    expect(await ids("198.51.100.9", "ip")).toEqual([alice.id]);
    expect(await ids("192.0.2.250")).toEqual([]);
    expect(await ids(`nobody-${tag}@example.com`)).toEqual([]);
    // One criterion only: the username is no e-mail, the address no username.
    expect(await ids(alice.userName, "email")).toEqual([]);
    expect(await ids(ip, "username")).toEqual([]);
  });

  it("finds the members a referrer brought, by the referrer's username, e-mail or id, newest first", async () => {
    for (const q of [alice.userName, typedEmail, alice.id]) {
      expect(await ids(q, "referrer")).toEqual([referee.id]);
      // Searching every criterion finds the referrer too, first: the member themself comes before
      // those found as their referees, though the referee joined later.
      expect(await ids(q)).toEqual([alice.id, referee.id]);
    }
    expect(await ids(referee.userName, "referrer")).toEqual([]);
  });

  it("pages the results, 20 a page, newest first; an empty search lists the newest members", async () => {
    const boss = await newMember(t);
    const brought: string[] = [];
    for (let i = 0; i < 24; i++) brought.push((await newMember(t, { referredBy: boss.id })).id);
    // Distinct join times, one minute apart, so the order is the join order.
    const base = Date.now() - 24 * 60 * 60 * 1000;
    for (const [i, id] of [boss.id, ...brought].entries())
      await t.deps.db
        .update(users)
        .set({ createdAt: new Date(base + i * 60_000) })
        .where(eq(users.id, id));
    const first = await search(boss.userName, 1, "referrer");
    expect(first.pagination).toEqual({ page: 1, pageSize: 20, totalRecords: 24, totalPages: 2 });
    const second = await search(boss.userName, 2, "referrer");
    expect(second.records).toHaveLength(4);
    const all = [...first.records, ...second.records].map((r) => r.id);
    expect(all).toEqual([...brought].reverse());
    // Every criterion: the referrer too, first (found themself), then the referees newest first.
    const everything = [
      ...(await search(boss.userName, 1)).records,
      ...(await search(boss.userName, 2)).records,
    ];
    expect(everything.map((r) => r.id)).toEqual([boss.id, ...[...brought].reverse()]);

    const latest = await newMember(t);
    const empty = await search("");
    expect(empty.records[0]!.id).toBe(latest.id);
    expect(empty.pagination.totalRecords).toBe((await t.deps.db.select().from(users)).length);
    const joined = empty.records.map((r) => Date.parse(r.joined));
    expect(joined).toEqual([...joined].sort((a, b) => b - a));
  });

  it("shows the member's profile, payout details, balances, restrictions and referrer", async () => {
    await addPayoutMethod(t, owner, `UPI ${tag}`, 1);
    await bindPayout(t, alice, `UPI ${tag}`, "alice@upi");
    await giveEarning(t, alice.id, 50_000);
    await convertBalance(t.deps.db, { userId: alice.id, rupees: 10, direction: "withdrawToDeposit" });
    await pendingWithdrawal(t, alice, `UPI ${tag}`, 20);
    const heldAt = new Date("2026-11-20T10:00:00.000Z");
    await t.deps.db
      .update(users)
      .set({ withdrawalsHeldAt: heldAt, withdrawalsHeldReason: "Checking a payout account" })
      .where(eq(users.id, alice.id));

    const res = await get(`/adminRoute/members/${alice.id}`);
    expect(res.status).toBe(200);
    const p = res.body.msg;
    expect(p).toMatchObject({
      id: alice.id,
      userName: alice.userName,
      email: `A.Lice.${tag}@example.com`,
      emailKey: `alice${tag}@example.com`,
      mobile: "9876543210",
      city: "Pune",
      role: "member",
      payout: { method: `UPI ${tag}`, accountInfo: "alice@upi" },
      balances: { withdrawable: "20.000", deposit: "10.000", debt: "0.000", pendingWithdrawals: "20.000" },
      restrictions: {
        withdrawalsHeld: { since: heldAt.toISOString(), reason: "Checking a payout account" },
        earningSuspended: null,
        banned: null,
      },
      referrer: null,
      counts: { referrals: 1, withdrawals: 1, conversions: 1, signins: 2 },
    });
    // The typed path answers the same.
    expect((await get(`/adminRoute/members/${alice.id}/profile`)).body.msg).toEqual(p);
    expect((await search(alice.id, 1, "id")).records[0]!.held).toBe(true);

    const r = (await get(`/adminRoute/members/${referee.id}`)).body.msg;
    expect(r.referrer).toEqual({ id: alice.id, userName: alice.userName, name: "Test Member" });
  });

  it("the ledger list explains the balances: its amounts add up to them, newest first, with kind, counterpart and key", async () => {
    const busy = await newMember(t);
    for (let i = 0; i < 23; i++) await giveEarning(t, busy.id, 1_000 + i);
    await convertBalance(t.deps.db, { userId: busy.id, rupees: 5, direction: "withdrawToDeposit" });
    for (const who of [alice, busy]) {
      const sums = { withdrawable: 0, deposit: 0, debt: 0 };
      const seen: number[] = [];
      const times: number[] = [];
      for (let page = 1; ; page++) {
        const res = await get(`/adminRoute/members/${who.id}/ledger?page=${page}`);
        expect(res.status).toBe(200);
        const { records, pagination } = res.body.msg;
        for (const e of records) {
          seen.push(e.entryId);
          times.push(Date.parse(e.time));
          sums.withdrawable += parseRupees(e.withdrawable ?? "0");
          sums.deposit += parseRupees(e.deposit ?? "0");
          sums.debt += parseRupees(e.debt ?? "0");
          expect(typeof e.idempotencyKey).toBe("string");
          // Each entry balances: the member's lines and the counterparts sum to zero.
          const total =
            parseRupees(e.withdrawable ?? "0") +
            parseRupees(e.deposit ?? "0") +
            parseRupees(e.debt ?? "0") +
            e.counterparts.reduce((s: number, l: { amount: string }) => s + parseRupees(l.amount), 0);
          expect(total).toBe(0);
        }
        if (page >= pagination.totalPages) break;
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(sums).toEqual({ ...(await balances(t, who.id)), debt: 0 });
    }
    const first = (await get(`/adminRoute/members/${busy.id}/ledger`)).body.msg;
    expect(first.pagination).toMatchObject({ totalRecords: 24, totalPages: 2 });
    expect(first.records[0]).toMatchObject({ kind: "conversion", withdrawable: "-5.000", deposit: "5.000" });
    const aliceLedger = (await get(`/adminRoute/members/${alice.id}/ledger`)).body.msg.records;
    const withdrawal = aliceLedger.find((e: { kind: string }) => e.kind === "withdrawal");
    expect(withdrawal).toMatchObject({ withdrawable: "-20.000", deposit: null });
    expect(withdrawal.counterparts).toEqual([{ account: "platform:pending_payouts", amount: "20.000" }]);
    await expectLedgerConsistent(t);
  });

  it("lists withdrawals, conversions, campaigns, games, referrals, sign-ins, sessions, cheats, postbacks and messages", async () => {
    const db = t.deps.db;
    const rival = await newMember(t);
    await db.insert(campaigns).values({
      id: `camp${tag}`.padEnd(24, "0").slice(0, 24),
      advertiserId: alice.id,
      type: "window",
      title: "Alice's shop",
      url: "https://example.com/",
      description: "A shop",
      durationSeconds: 10,
      price: 50,
      memberAmount: 30,
      totalViews: 100,
      intervalHours: 24,
    });
    const roomId = `room${tag}`.padEnd(24, "0").slice(0, 24);
    await db.insert(gameRooms).values({
      id: roomId,
      typeId: "practice",
      name: "Practice room",
      status: "finished",
      board: [
        ["X", "X", "X"],
        ["O", "O", ""],
        ["", "", ""],
      ],
      winner: "X",
      endReason: "line",
      finishedAt: new Date(),
    });
    await db.insert(gamePlayers).values([
      { roomId, userId: alice.id, typeId: "practice", symbol: "X", name: "Alice", active: false },
      { roomId, userId: rival.id, typeId: "practice", symbol: "O", name: "Rival", active: false },
    ]);
    await db.insert(adCheatLog).values({ userId: alice.id, reason: "Too fast", ip, channel: "ptc_ads" });
    await db.insert(taskWallPostbacks).values([
      {
        wallId: "wall-a",
        method: "GET",
        url: "/postback/offerwall/wall-a?x=1",
        headers: {},
        verdict: "credited",
        userId: alice.id,
        amount: 1500,
        transactionId: "tx-a",
      },
      {
        wallId: "wall-b",
        method: "GET",
        url: "/postback/offerwall/wall-b?x=2",
        headers: {},
        verdict: "bad_signature",
        userId: alice.id,
      },
      {
        wallId: "wall-a",
        method: "GET",
        url: "/postback/offerwall/wall-a?x=3",
        headers: {},
        verdict: "credited",
        userId: rival.id,
      },
    ]);
    await db.insert(contactMessages).values({
      userId: alice.id,
      name: "Alice",
      email: typedEmail,
      mobileNumber: String(mobile),
      subject: "Where is my payout?",
      message: "It has been a week.",
    });
    // One live session with its address, one expired.
    await db
      .update(sessions)
      .set({ ip, userAgent: "Session-Browser/3" })
      .where(eq(sessions.userId, alice.id));
    await db.insert(sessions).values({
      userId: alice.id,
      tokenHash: `expired-${tag}`,
      expiresAt: new Date(Date.now() - 1000),
      ip: "192.0.2.1",
    });

    const list = async (name: string, query = "") => {
      const res = await get(`/adminRoute/members/${alice.id}/${name}${query}`);
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.msg.pagination.pageSize).toBe(20);
      return res.body.msg;
    };
    expect((await list("withdrawals")).records).toMatchObject([
      { amount: "20.000", method: `UPI ${tag}`, accountInfo: "alice@upi", status: "Pending" },
    ]);
    expect((await list("conversions")).records).toMatchObject([
      { direction: "withdrawToDeposit", amount: "10.000", charge: "0.000" },
    ]);
    expect((await list("campaigns")).records).toMatchObject([{ title: "Alice's shop", totalViews: 100 }]);
    expect((await list("games")).records).toMatchObject([
      { roomId, practice: true, symbol: "X", opponent: "Rival", result: "won", endReason: "line" },
    ]);
    expect((await get(`/adminRoute/members/${rival.id}/games`)).body.msg.records[0].result).toBe("lost");
    const refs = await list("referrals");
    expect(refs.referrer).toBeNull();
    expect(refs.records.map((r: { id: string }) => r.id)).toEqual([referee.id]);
    expect((await get(`/adminRoute/members/${referee.id}/referrals`)).body.msg.referrer.id).toBe(alice.id);
    expect((await list("signins")).records).toMatchObject([
      { kind: "login", ip: "198.51.100.9", userAgent: "Login-Browser/2" },
      { kind: "signup", ip, userAgent: "Signup-Browser/1" },
    ]);
    const live = await list("sessions");
    expect(live.records).toHaveLength(1);
    expect(live.records[0]).toMatchObject({ ip, userAgent: "Session-Browser/3" });
    expect(JSON.stringify(live)).not.toMatch(/token/i);
    expect((await list("cheats")).records).toMatchObject([{ reason: "Too fast", ip, channel: "ptc_ads" }]);
    const postbacks = await list("postbacks");
    expect(postbacks.records.map((p: { wallId: string }) => p.wallId)).toEqual(["wall-b", "wall-a"]);
    const wallA = await list("postbacks", "?wall=wall-a");
    expect(wallA).toMatchObject({ wall: "wall-a", records: [{ transactionId: "tx-a", amount: "1.500" }] });
    expect(wallA.records).toHaveLength(1);
    expect((await list("messages")).records).toMatchObject([
      { subject: "Where is my payout?", status: "open", kind: "message" },
    ]);
    const counts = (await get(`/adminRoute/members/${alice.id}`)).body.msg.counts;
    expect(counts).toMatchObject({ campaigns: 1, games: 1, activeSessions: 1, cheats: 1, messages: 1 });
  });

  it("adds notes, each audited, listed newest first with the author", async () => {
    const first = await t.request(`/adminRoute/members/${alice.id}/notes`, {
      json: { body: "  Called about the payout.  " },
      cookie: owner.cookie,
    });
    expect(first.status).toBe(200);
    expect(first.body.msg).toMatchObject({
      message: "Note added.",
      note: { body: "Called about the payout.", author: owner.userName },
    });
    const second = await t.request(`/adminRoute/members/${alice.id}/notes`, {
      json: { body: "Sent the bank's reference." },
      cookie: support.cookie,
    });
    expect(second.status).toBe(200);
    const notes = (await get(`/adminRoute/members/${alice.id}/notes`)).body.msg.records;
    expect(notes.map((n: { body: string; author: string }) => [n.body, n.author])).toEqual([
      ["Sent the bank's reference.", support.userName],
      ["Called about the payout.", owner.userName],
    ]);
    const audited = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "member.note"), eq(auditLog.target, `member:${alice.id}`)));
    expect(audited.map((a) => [a.actorUserId, (a.after as { body: string }).body]).sort()).toEqual(
      [
        [owner.id, "Called about the payout."],
        [support.id, "Sent the bank's reference."],
      ].sort(),
    );
  });

  it("refuses operators whose roles do not open members, and members; support reads", async () => {
    const paths = [
      "/adminRoute/members",
      `/adminRoute/members/${alice.id}`,
      `/adminRoute/members/${alice.id}/profile`,
      ...MEMBER_LISTS.map((l) => `/adminRoute/members/${alice.id}/${l}`),
    ];
    const member = await newMember(t);
    const notesBefore = (await t.deps.db.select().from(operatorNotes)).length;
    for (const path of paths) {
      const refused = await get(path, content);
      expect(refused.status, path).toBe(403);
      expect(refused.body).toMatchObject({ success: false, error_msg: ROLE_REFUSED });
      expect((await get(path, member)).body.error_msg, path).toBe("Operators only.");
      expect((await get(path)).status, path).toBe(200);
      expect((await get(path, support)).status, path).toBe(200);
    }
    for (const who of [content, member]) {
      const res = await t.request(`/adminRoute/members/${alice.id}/notes`, {
        json: { body: "Not allowed" },
        cookie: who.cookie,
      });
      expect(res.status).toBe(403);
    }
    expect((await t.deps.db.select().from(operatorNotes)).length).toBe(notesBefore);
    for (const role of ["payouts", "moderation"] as const) {
      const op = await newOperator(t, [role]);
      expect((await get(`/adminRoute/members/${alice.id}/ledger`, op)).status).toBe(200);
    }
  });

  it("refuses bad input with a clear 4xx, never a 5xx, and writes nothing", async () => {
    const notesBefore = (await t.deps.db.select().from(operatorNotes)).length;
    const auditBefore = (await t.deps.db.select().from(auditLog)).length;
    const expectStatus = async (path: string, status: number, message?: RegExp) => {
      const res = await get(path);
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(status);
      expect(res.body.success).toBe(false);
      if (message) expect(res.body.error_msg).toMatch(message);
    };
    for (const page of ["abc", "0", "-1", "1.5", "1e3", "99999999999"]) {
      await expectStatus(`/adminRoute/members?page=${page}`, 400, /page/);
      await expectStatus(`/adminRoute/members/${alice.id}/ledger?page=${page}`, 400, /page/);
    }
    await expectStatus(`/adminRoute/members?q=${"x".repeat(300)}`, 400, /at most/);
    await expectStatus(`/adminRoute/members?q=x&by=name`, 400, /by must be/);
    await expectStatus(`/adminRoute/members/${alice.id}/postbacks?wall=${"w".repeat(101)}`, 400);
    await expectStatus(`/adminRoute/members/${alice.id}/nonsense`, 404);
    await expectStatus(`/adminRoute/members/${"f".repeat(24)}`, 404, /No member has this id/);
    await expectStatus(`/adminRoute/members/${"f".repeat(24)}/ledger`, 404, /No member has this id/);
    await expectStatus(`/adminRoute/members/not%20an%20id`, 404, /No member has this id/);
    // A page past the end is the last page.
    const far = await get(`/adminRoute/members/${alice.id}/withdrawals?page=50`);
    expect(far.body.msg.pagination.page).toBe(1);

    const note = (body: unknown, id = alice.id) =>
      t.request(`/adminRoute/members/${id}/notes`, { json: body, cookie: owner.cookie });
    for (const [body, message] of [
      [{ body: "" }, /write the note/],
      [{ body: "   " }, /write the note/],
      [{ body: "x".repeat(2001) }, /at most 2000/],
      [{}, /body is required/],
      [{ body: 5 }, /must be text/],
      [{ body: "ok", extra: 1 }, /Unexpected field/],
    ] as const) {
      const res = await note(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error_msg).toMatch(message);
    }
    expect((await note({ body: "For nobody" }, "f".repeat(24))).status).toBe(404);
    const notJson = await t.request(`/adminRoute/members/${alice.id}/notes`, {
      rawBody: "body=hi",
      contentType: "application/x-www-form-urlencoded",
      cookie: owner.cookie,
    });
    expect(notJson.status).toBe(415);
    expect((await t.deps.db.select().from(operatorNotes)).length).toBe(notesBefore);
    expect((await t.deps.db.select().from(auditLog)).length).toBe(auditBefore);
    // The longest note is taken.
    expect((await note({ body: "y".repeat(2000) })).status).toBe(200);
  });
});
