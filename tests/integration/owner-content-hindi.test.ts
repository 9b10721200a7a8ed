import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import { drivers } from "../support/db";
import { startTestApi, type TestApi } from "../support/api";
import { newMember, newOperator, type TestMember } from "../support/money";
import { auditLog } from "../../api/db/schema";

/**
 * Issue 45 §1: the rest of what operators write in Hindi — short-link names, room names,
 * payout-method names and hints, task-wall names. A Hindi reader (Accept-Language or the lang
 * cookie) gets the Hindi, everyone else the English, and an item without Hindi stays English. The
 * Hindi fields are edited like the English ones and audited with them.
 */

const HINDI = [
  { name: "Accept-Language: hi-IN", headers: { "accept-language": "hi-IN,hi;q=0.9" } },
  { name: "the lang=hi cookie", headers: { "accept-language": "en-IN" }, langCookie: "lang=hi" },
];
const ENGLISH = [
  { name: "no language", headers: {} as Record<string, string> },
  { name: "the lang=en cookie", headers: { "accept-language": "hi-IN" }, langCookie: "lang=en" },
];
type Reader = { name: string; headers: Record<string, string>; langCookie?: string };

describe.each(drivers("one"))("owner-written names in Hindi (%s)", (driver) => {
  let t: TestApi;
  let owner: TestMember;
  let member: TestMember;

  beforeAll(async () => {
    t = await startTestApi(driver);
    owner = await newOperator(t);
    member = await newMember(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const write = async (path: string, json: unknown, method = "POST") => {
    const res = await t.request(path, { method, json, cookie: owner.cookie });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.msg as Record<string, unknown>;
  };
  const read = async (path: string, reader: Reader) => {
    const cookie = [member.cookie, reader.langCookie].filter(Boolean).join("; ");
    const res = await t.request(path, { headers: reader.headers, cookie });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.msg as Record<string, unknown>;
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

  it("short-link names: Hindi for Hindi readers, English otherwise and where none; the edit is audited", async () => {
    const shortener = await write("/adminRoute/shorteners", { name: "Own", kind: "builtin" });
    const shortenerId = (shortener.shortener as { id: string }).id;
    const link = (name: string, extra: Record<string, unknown> = {}) =>
      write("/adminRoute/shortLinks", {
        name,
        shortenerId,
        timeLabel: "30 s",
        amount: "0.5",
        clicksPerDay: 3,
        ...extra,
      });
    const saved = await link("Quick Link", { name_hi: "क्विक लिंक" });
    expect(saved.shortLink).toMatchObject({ name: "Quick Link", name_hi: "क्विक लिंक" });
    await link("English Link");
    const names = async (reader: Reader) =>
      (
        (await read("/userIncomeRoute/user_shortlink_data_get", reader)).shortedLinksData as {
          shortnerName: string;
        }[]
      ).map((l) => l.shortnerName);
    for (const reader of HINDI)
      expect(await names(reader), reader.name).toEqual(["क्विक लिंक", "English Link"]);
    for (const reader of ENGLISH)
      expect(await names(reader), reader.name).toEqual(["Quick Link", "English Link"]);

    const id = (saved.shortLink as { id: string }).id;
    await write(`/adminRoute/shortLinks/${id}`, { name_hi: "तेज़ लिंक" }, "PATCH");
    const audit = await lastAudit(`short_link:${id}`);
    expect(audit).toMatchObject({ action: "short_link.update", actorUserId: owner.id });
    expect(audit!.before).toMatchObject({ nameHi: "क्विक लिंक" });
    expect(audit!.after).toMatchObject({ nameHi: "तेज़ लिंक" });
    // Sent empty, the Hindi is gone: Hindi readers see the English again.
    await write(`/adminRoute/shortLinks/${id}`, { name_hi: "  " }, "PATCH");
    expect(await names(HINDI[0]!)).toEqual(["Quick Link", "English Link"]);
  });

  it("room names in the lobby: Hindi for Hindi readers; the edit is audited", async () => {
    await write("/adminRoute/gamePaidRooms", { on: true }, "PATCH");
    const saved = await write("/adminRoute/gameRoomTypes", {
      name: "Bronze Room",
      name_hi: "ब्रॉन्ज़ रूम",
      entry_fee: "10",
      prize: "18",
    });
    const roomType = saved.roomType as { id: string; name_hi: string };
    expect(roomType.name_hi).toBe("ब्रॉन्ज़ रूम");
    const rooms = async (reader: Reader) =>
      (
        (await read("/userIncomeRoute/user_ticTacToe_rooms_get", reader)).otherRoomsData_get as {
          ticTacToe_roomsData: { roomName: string; type: unknown }[];
        }
      ).ticTacToe_roomsData
        .filter((r) => r.type === 10)
        .map((r) => r.roomName);
    for (const reader of HINDI) expect(await rooms(reader), reader.name).toEqual(["ब्रॉन्ज़ रूम"]);
    for (const reader of ENGLISH) expect(await rooms(reader), reader.name).toEqual(["Bronze Room"]);

    await write(`/adminRoute/gameRoomTypes/${roomType.id}`, { name_hi: "कांस्य रूम" }, "PATCH");
    const audit = await lastAudit(`game_room_type:${roomType.id}`);
    expect(audit).toMatchObject({ action: "games.room_type.update", actorUserId: owner.id });
    expect(audit!.before).toMatchObject({ name_hi: "ब्रॉन्ज़ रूम" });
    expect(audit!.after).toMatchObject({ name_hi: "कांस्य रूम" });
  });

  it("payout methods: the label and hint in the reader's language, the name unchanged (the form's key)", async () => {
    await write("/adminRoute/payoutMethods", {
      name: "Bank Transfer (IMPS)",
      details: "Account number, IFSC and name.",
      name_hi: "बैंक ट्रांसफ़र (IMPS)",
      details_hi: "खाता संख्या, IFSC और नाम।",
      minimum_amount: 200,
    });
    await write("/adminRoute/payoutMethods", { name: "Wallet", details: "Your wallet.", minimum_amount: 50 });
    const choices = async (reader: Reader) =>
      (await read("/userRoute/userProfileData_get", reader)).other_data_withdrawalMethodArray as {
        withdrawalMethod_name: string;
        withdrawalMethod_label: string;
        withdrawalMethod_details: string;
      }[];
    for (const reader of HINDI) {
      const list = await choices(reader);
      expect(
        list.find((m) => m.withdrawalMethod_name === "Bank Transfer (IMPS)"),
        reader.name,
      ).toMatchObject({
        withdrawalMethod_label: "बैंक ट्रांसफ़र (IMPS)",
        withdrawalMethod_details: "खाता संख्या, IFSC और नाम।",
      });
      expect(list.find((m) => m.withdrawalMethod_name === "Wallet")).toMatchObject({
        withdrawalMethod_label: "Wallet",
        withdrawalMethod_details: "Your wallet.",
      });
    }
    for (const reader of ENGLISH) {
      const bank = (await choices(reader)).find((m) => m.withdrawalMethod_name === "Bank Transfer (IMPS)");
      expect(bank, reader.name).toMatchObject({
        withdrawalMethod_label: "Bank Transfer (IMPS)",
        withdrawalMethod_details: "Account number, IFSC and name.",
      });
    }

    const list = (await t.request("/adminRoute/payoutMethods", { cookie: owner.cookie })).body.msg
      .records as { id: number; name: string; name_hi: string; details_hi: string }[];
    const bank = list.find((m) => m.name === "Bank Transfer (IMPS)")!;
    expect(bank).toMatchObject({ name_hi: "बैंक ट्रांसफ़र (IMPS)", details_hi: "खाता संख्या, IFSC और नाम।" });
    await write(
      `/adminRoute/payoutMethods/${bank.id}`,
      {
        name: "Bank Transfer (IMPS)",
        details: "Account number, IFSC and name.",
        details_hi: "खाता संख्या, IFSC कोड और खाताधारक का नाम।",
        minimum_amount: 200,
        active: true,
      },
      "PATCH",
    );
    const audit = await lastAudit(`payout_method:${bank.id}`);
    expect(audit).toMatchObject({ action: "payout_method.update", actorUserId: owner.id });
    expect(audit!.before).toMatchObject({ details_hi: "खाता संख्या, IFSC और नाम।" });
    // Left out, the Hindi name stays as stored.
    expect(audit!.after).toMatchObject({
      name_hi: "बैंक ट्रांसफ़र (IMPS)",
      details_hi: "खाता संख्या, IFSC कोड और खाताधारक का नाम।",
    });
  });

  it("task-wall names: Hindi for Hindi readers, English otherwise", async () => {
    await write("/adminRoute/offerWalls", {
      name: "Offer Wall",
      nameHi: "ऑफ़र वॉल",
      frameUrlTemplate: "https://walls.example/a?uid={user_id}",
      secret: "hindi-test-secret-0001",
      scheme: "md5_fields",
      signatureFields: ["uid", "tx", "val"],
      signatureSeparator: ":",
      signatureParam: "sig",
      userParam: "uid",
      transactionParam: "tx",
      amountParam: "val",
      milliPerPoint: 1000,
      capPerPostback: "20",
    });
    const walls = async (reader: Reader) =>
      (
        (await read("/userIncomeRoute/user_offerWall_get", reader)).offerWallData_after_replace as {
          offerWallName: string;
        }[]
      ).map((w) => w.offerWallName);
    for (const reader of HINDI) expect(await walls(reader), reader.name).toContain("ऑफ़र वॉल");
    for (const reader of ENGLISH) expect(await walls(reader), reader.name).toContain("Offer Wall");
  });

  it("the Content page's summary counts per area what has no Hindi yet", async () => {
    const res = await t.request("/adminRoute/content", { cookie: owner.cookie });
    expect(res.status).toBe(200);
    // Written above: one link without Hindi (its Hindi removed too), every room with, one
    // payout method without, every wall with.
    expect(res.body.msg.missingHindi).toMatchObject({
      shortLinks: 2,
      roomTypes: 0,
      payoutMethods: 1,
      taskWalls: 0,
      policies: 0,
    });
  });

  it("refuses a Hindi name that is not text or too long, with a 400 naming the field", async () => {
    const res = await t.request("/adminRoute/gameRoomTypes", {
      json: { name: "Gold Room", name_hi: "र".repeat(61), entry_fee: "50", prize: "90" },
      cookie: owner.cookie,
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("name_hi must be at most 60 characters.");
    const wrong = await t.request("/adminRoute/payoutMethods", {
      json: { name: "X", details: "", name_hi: 5, minimum_amount: 50 },
      cookie: owner.cookie,
    });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain("name_hi must be text.");
  });
});
