import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
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
import { memberAddresses, memberDevices, users } from "../../api/db/schema";
import { rowsOf } from "../../api/db/client";
import { recordPayoutAccount } from "../../api/risk/policy";
import { searchLookup } from "../../api/members/search";
import { ROLE_REFUSED } from "../../shared/operatorRoles";
import { type MEMBER_SEARCH_MATCHES } from "../../shared/contracts/members";

/**
 * Issue 45 §3, "find anything": the console's member search finds a member by a withdrawal's
 * order number, a UPI id (any case), a full bank account number, a device id and an address seen
 * at a withdrawal; each result says which criteria found it; every look-up is an index's; the
 * roles that may search are those of before.
 */
describe.each(drivers("both"))(
  "member search by order, payout account, device and address (%s)",
  (driver) => {
    let t: TestApi;
    let owner: TestMember;
    let support: TestMember;
    let content: TestMember;
    let alice: TestMember;
    let bob: TestMember;
    let carol: TestMember;
    let dave: TestMember;
    let orderId: string;
    const tag = Date.now().toString(36);
    const upiMethod = `UPI ${tag}`;
    const aliceUpi = `Alice.${tag}@OkAxis`;
    const bobAccount = "501002345678";
    const carolAccount = "3214567890123";
    const device = `dev_${tag}_AbC123xyz0`;
    const withdrawalIp = "198.51.100.201";

    const search = async (q: string, by = "", who: TestMember = owner) => {
      const res = await t.request(`/adminRoute/members?q=${encodeURIComponent(q)}&by=${by}`, {
        cookie: who.cookie,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.msg as { by: string; records: { id: string; matched: string[] }[] };
    };
    const ids = async (q: string, by = "") => (await search(q, by)).records.map((r) => r.id);
    const matched = async (q: string, by = "") =>
      (await search(q, by)).records.map((r) => [r.id, r.matched] as const);

    beforeAll(async () => {
      t = await startTestApi(driver);
      owner = await newOperator(t);
      support = await newOperator(t, ["support"]);
      content = await newOperator(t, ["content"]);
      alice = await newMember(t);
      bob = await newMember(t);
      carol = await newMember(t);
      dave = await newMember(t, { email: `dave.${tag}@example.com` });
      await addPayoutMethod(t, owner, upiMethod, 1);
      // A UPI id bound on the profile (the real path), and a withdrawal to it: its order number.
      await bindPayout(t, alice, upiMethod, aliceUpi);
      await giveEarning(t, alice.id, 50_000);
      orderId = await pendingWithdrawal(t, alice, upiMethod, 20);
      // Bank accounts as the payout accounts' record keeps them: with and without an IFSC.
      await recordPayoutAccount(t.deps.db, {
        userId: bob.id,
        methodName: "Bank Transfer",
        accountInfo: `A/c ${bobAccount} IFSC sbin0001234`,
      });
      await recordPayoutAccount(t.deps.db, {
        userId: carol.id,
        methodName: "Bank Transfer",
        accountInfo: carolAccount,
      });
      // Dave's UPI id is his e-mail address: one member found by two criteria.
      await recordPayoutAccount(t.deps.db, { userId: dave.id, methodName: "UPI", accountInfo: dave.email });
      await t.deps.db.insert(memberDevices).values({ deviceId: device, userId: bob.id, lastKind: "login" });
      // An address seen only at a withdrawal (no sign-in from it).
      await t.deps.db.insert(memberAddresses).values({ ip: withdrawalIp, userId: carol.id });
    });
    afterAll(async () => {
      await t?.close();
    });

    it("finds a member by a withdrawal's order number, as the member sees it (upper case) or not", async () => {
      expect(await matched(orderId.toUpperCase())).toEqual([[alice.id, ["order"]]]);
      expect(await ids(` ${orderId} `, "order")).toEqual([alice.id]);
      // The order number is no member id, and a member id no order number.
      expect(await ids(orderId, "id")).toEqual([]);
      expect(await ids(alice.id, "order")).toEqual([]);
      const otherLast = orderId.endsWith("0") ? "1" : "0";
      expect(await ids(`${orderId.slice(0, -1)}${otherLast}`, "order")).toEqual([]);
    });

    it("finds a member by the exact UPI id, in any case, and only the whole id", async () => {
      for (const q of [aliceUpi, aliceUpi.toUpperCase(), ` alice.${tag}@okaxis `])
        expect(await matched(q)).toEqual([[alice.id, ["upi"]]]);
      expect(await ids(aliceUpi, "upi")).toEqual([alice.id]);
      expect(await ids(`alice.${tag}@okaxi`)).toEqual([]);
      expect(await ids(`alice.${tag}`, "upi")).toEqual([]);
      // Found by two criteria: both are named.
      expect(await matched(dave.email.toUpperCase())).toEqual([[dave.id, ["email", "upi"]]]);
    });

    it("finds a member by the full bank account number, with or without the IFSC kept, never by its last digits", async () => {
      expect(await matched(bobAccount)).toEqual([[bob.id, ["bank"]]]);
      expect(await ids("5010 0234 5678", "bank")).toEqual([bob.id]);
      expect(await matched(carolAccount, "bank")).toEqual([[carol.id, ["bank"]]]);
      expect(await ids(bobAccount.slice(-4))).toEqual([]);
      expect(await ids(bobAccount.slice(1), "bank")).toEqual([]);
      expect(await ids("SBIN0001234", "bank")).toEqual([]);
      expect(await ids("not a number", "bank")).toEqual([]);
    });

    it("finds a member by a device id (exactly: device ids tell case apart) and by a withdrawal's address", async () => {
      expect(await matched(device)).toEqual([[bob.id, ["device"]]]);
      expect(await ids(device, "device")).toEqual([bob.id]);
      expect(await ids(device.toLowerCase(), "device")).toEqual([]);
      expect(await ids("short", "device")).toEqual([]);
      expect(await matched(withdrawalIp)).toEqual([[carol.id, ["ip"]]]);
      expect(await ids(withdrawalIp, "ip")).toEqual([carol.id]);
      expect(await ids(withdrawalIp, "device")).toEqual([]);
    });

    it("says which criterion found each member, and none for the list of everyone", async () => {
      const referee = await newMember(t, { referredBy: alice.id });
      expect(await matched(alice.id)).toEqual([
        [alice.id, ["id"]],
        [referee.id, ["referrer"]],
      ]);
      const all = await search("");
      expect(all.records.every((r) => r.matched.length === 0)).toBe(true);
    });

    it("uses an index for every new look-up", async () => {
      const plan = async (q: string, field: (typeof MEMBER_SEARCH_MATCHES)[number]) => {
        const lookup = searchLookup(q, field);
        expect(lookup, `${field} takes ${q}`).not.toBeNull();
        return t.deps.db.transaction(async (tx) => {
          await tx.execute(sql`set local enable_seqscan = off`);
          const rows = rowsOf<Record<string, string>>(await tx.execute(sql`explain ${lookup!}`));
          return rows.map((r) => Object.values(r)[0]).join("\n");
        });
      };
      // An index scan (plain or bitmap) on the named index, and no table read whole.
      const indexed = (text: string, index: RegExp) => {
        expect(text).toMatch(new RegExp(`Index (Only )?Scan (using|on) ${index.source}`));
        expect(text).not.toMatch(/Seq Scan/);
      };
      indexed(await plan(bobAccount, "bank"), /member_payout_accounts_bank_number_idx/);
      indexed(await plan(aliceUpi, "upi"), /member_payout_accounts_\w*pk\w*/);
      indexed(await plan(device, "device"), /member_devices_\w*pk\w*/);
      indexed(await plan(orderId, "order"), /withdrawals_pkey/);
      const ip = await plan(withdrawalIp, "ip");
      indexed(ip, /sign_ins_ip_idx/);
      indexed(ip, /member_addresses_\w*pk\w*/);
    });

    it("is for the same roles as before: support reads the same results; content and members are refused", async () => {
      const bySupport = await search(bobAccount, "", support);
      expect(bySupport.records.map((r) => [r.id, r.matched])).toEqual([[bob.id, ["bank"]]]);
      const contentAsks = await t.request(`/adminRoute/members?q=${bobAccount}`, { cookie: content.cookie });
      expect(contentAsks.status).toBe(403);
      expect(contentAsks.body.error_msg).toBe(ROLE_REFUSED);
      const memberAsks = await t.request(`/adminRoute/members?q=${bobAccount}`, { cookie: alice.cookie });
      expect(memberAsks.status).toBe(403);
      const nobody = await t.request(`/adminRoute/members?q=${bobAccount}`);
      expect(nobody.status).toBe(401);
    });

    it("refuses an unknown criterion with a 4xx that lists them all", async () => {
      const res = await t.request(`/adminRoute/members?q=x&by=account`, { cookie: owner.cookie });
      expect(res.status).toBe(400);
      expect(res.body.error_msg).toBe(
        "by must be one of any, email, username, mobile, id, referrer, ip, order, upi, bank, device.",
      );
      // Nothing about the members changed by searching.
      expect((await t.deps.db.select().from(users).where(eq(users.id, bob.id)))[0]!.bannedAt).toBeNull();
    });
  },
);
