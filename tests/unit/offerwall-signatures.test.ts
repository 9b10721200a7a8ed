import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  digestsEqual,
  signPostback,
  sortedParamsText,
  verifyPostbackSignature,
  withoutParam,
  type ParamList,
  type SignatureConfig,
} from "../../api/taskWalls/signatures";
import { pointsToMilli } from "../../api/taskWalls/points";

/**
 * The four postback signature schemes against vectors computed here, independently, with
 * node:crypto — and the forgeries each must refuse.
 */
const md5 = (s: string) => createHash("md5").update(s).digest("hex");
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
const hmac = (alg: "sha1" | "sha256", key: string, s: string) => createHmac(alg, key).update(s).digest("hex");
const query = (params: ParamList) => params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&");

const wannads: SignatureConfig = {
  scheme: "md5_fields",
  secret: "wannads-secret",
  signatureFields: ["subId", "transId", "reward"],
  signatureSeparator: "",
  signatureParam: "signature",
  signatureHeader: null,
};
const offertoro: SignatureConfig = {
  scheme: "md5_fields",
  secret: "toro-key",
  signatureFields: ["oid", "user_id"],
  signatureSeparator: "-",
  signatureParam: "sig",
  signatureHeader: null,
};
const bitlabs: SignatureConfig = {
  scheme: "hmac_sha1_url",
  secret: "bitlabs-app-secret",
  signatureFields: [],
  signatureSeparator: "",
  signatureParam: "hash",
  signatureHeader: null,
};
const ayet: SignatureConfig = {
  scheme: "hmac_sha256_sorted",
  secret: "ayet-api-key",
  signatureFields: [],
  signatureSeparator: "",
  signatureParam: "signature",
  signatureHeader: "X-Ayetstudios-Security-Hash",
};

const lootably: SignatureConfig = {
  scheme: "sha256_fields",
  secret: "lootably-secret",
  signatureFields: ["user_id", "ip", "revenue", "currency_reward"],
  signatureSeparator: "",
  signatureParam: "hash",
  signatureHeader: null,
};

const PATH = "/postback/offerwall/w1";

/** A received GET: the params parsed back from the URL, as the endpoint does. */
function received(pathAndQuery: string, headers: Record<string, string> = {}, origins?: string[]) {
  const q = pathAndQuery.indexOf("?");
  const params: ParamList = q < 0 ? [] : [...new URLSearchParams(pathAndQuery.slice(q + 1))];
  return { pathAndQuery, params, headers, origins };
}

describe("md5_fields", () => {
  it("Wannads: md5(subId + transId + reward + secret)", () => {
    const params: ParamList = [
      ["subId", "u42"],
      ["transId", "t-1001"],
      ["reward", "250"],
    ];
    const sig = md5("u42t-1001250wannads-secret");
    const url = `${PATH}?${query(params)}&signature=${sig}`;
    expect(verifyPostbackSignature(wannads, received(url))).toBe(true);
    // Upper-case hex is the same digest.
    expect(
      verifyPostbackSignature(wannads, received(`${PATH}?${query(params)}&signature=${sig.toUpperCase()}`)),
    ).toBe(true);
    expect(signPostback(wannads, PATH, params)).toEqual({ pathAndQuery: url, headers: {} });
  });

  it("OfferToro: md5(oid-user_id-key); the amount is not covered", () => {
    const sig = md5("o-77-u42-toro-key");
    const signed = `${PATH}?oid=o-77&user_id=u42&amount=500&sig=${sig}`;
    expect(verifyPostbackSignature(offertoro, received(signed))).toBe(true);
    expect(verifyPostbackSignature(offertoro, received(signed.replace("amount=500", "amount=99999")))).toBe(
      true,
    );
    expect(verifyPostbackSignature(offertoro, received(signed.replace("user_id=u42", "user_id=u43")))).toBe(
      false,
    );
  });

  it("refuses a changed amount, a changed user, a wrong secret and a missing signature", () => {
    const params: ParamList = [
      ["subId", "u42"],
      ["transId", "t-1001"],
      ["reward", "250"],
    ];
    const { pathAndQuery } = signPostback(wannads, PATH, params);
    expect(
      verifyPostbackSignature(wannads, received(pathAndQuery.replace("reward=250", "reward=2500"))),
    ).toBe(false);
    expect(verifyPostbackSignature(wannads, received(pathAndQuery.replace("subId=u42", "subId=u4")))).toBe(
      false,
    );
    expect(verifyPostbackSignature({ ...wannads, secret: "other" }, received(pathAndQuery))).toBe(false);
    expect(verifyPostbackSignature(wannads, received(`${PATH}?${query(params)}`))).toBe(false);
    expect(verifyPostbackSignature(wannads, received(`${PATH}?${query(params)}&signature=`))).toBe(false);
  });
});

describe("sha256_fields", () => {
  const params: ParamList = [
    ["user_id", "u42"],
    ["ip", "203.0.113.9"],
    ["revenue", "0.85"],
    ["currency_reward", "120"],
    ["transaction_id", "lt-9"],
  ];

  it("Lootably: sha256(user_id + ip + revenue + currency_reward + secret)", () => {
    const sig = sha256("u42203.0.113.90.85120lootably-secret");
    const url = `${PATH}?${query(params)}&hash=${sig}`;
    expect(verifyPostbackSignature(lootably, received(url))).toBe(true);
    expect(verifyPostbackSignature(lootably, received(url.replace(sig, sig.toUpperCase())))).toBe(true);
    expect(signPostback(lootably, PATH, params)).toEqual({ pathAndQuery: url, headers: {} });
  });

  it("joins with the separator when there is one", () => {
    const config = { ...lootably, signatureSeparator: ":" };
    const sig = sha256("u42:203.0.113.9:0.85:120:lootably-secret");
    expect(verifyPostbackSignature(config, received(`${PATH}?${query(params)}&hash=${sig}`))).toBe(true);
    // The md5 of the same text is another scheme's signature.
    const md5Sig = md5("u42:203.0.113.9:0.85:120:lootably-secret");
    expect(verifyPostbackSignature(config, received(`${PATH}?${query(params)}&hash=${md5Sig}`))).toBe(false);
  });

  it("refuses a changed reward, a changed user, a wrong secret and a missing signature", () => {
    const { pathAndQuery } = signPostback(lootably, PATH, params);
    expect(
      verifyPostbackSignature(
        lootably,
        received(pathAndQuery.replace("currency_reward=120", "currency_reward=1200")),
      ),
    ).toBe(false);
    expect(
      verifyPostbackSignature(lootably, received(pathAndQuery.replace("user_id=u42", "user_id=u43"))),
    ).toBe(false);
    expect(verifyPostbackSignature({ ...lootably, secret: "other" }, received(pathAndQuery))).toBe(false);
    expect(verifyPostbackSignature(lootably, received(`${PATH}?${query(params)}`))).toBe(false);
    expect(verifyPostbackSignature(lootably, received(`${PATH}?${query(params)}&hash=`))).toBe(false);
  });
});

describe("hmac_sha1_url", () => {
  it("BitLabs: HMAC-SHA1 of the URL as received, without the hash pair, in received order", () => {
    const unsigned = `${PATH}?uid=u42&tx=b-9&val=1.25&raw=a%20b+c`;
    const hash = hmac("sha1", "bitlabs-app-secret", unsigned);
    expect(verifyPostbackSignature(bitlabs, received(`${unsigned}&hash=${hash}`))).toBe(true);
    // The pair may sit anywhere: only it is removed, the rest is kept byte for byte.
    expect(
      verifyPostbackSignature(bitlabs, received(`${PATH}?hash=${hash}&uid=u42&tx=b-9&val=1.25&raw=a%20b+c`)),
    ).toBe(true);
    // Reordering (or re-encoding) the parameters changes the signed text.
    expect(
      verifyPostbackSignature(bitlabs, received(`${PATH}?tx=b-9&uid=u42&val=1.25&raw=a%20b+c&hash=${hash}`)),
    ).toBe(false);
    expect(
      verifyPostbackSignature(bitlabs, received(`${PATH}?uid=u42&tx=b-9&val=1.25&raw=a+b+c&hash=${hash}`)),
    ).toBe(false);
  });

  it("accepts a network that signs the absolute URL, for the origins given", () => {
    const unsigned = `${PATH}?uid=u42&tx=b-9&val=3`;
    const hash = hmac("sha1", "bitlabs-app-secret", `https://rewards.example.com${unsigned}`);
    const url = `${unsigned}&hash=${hash}`;
    expect(verifyPostbackSignature(bitlabs, received(url, {}, ["https://rewards.example.com"]))).toBe(true);
    expect(verifyPostbackSignature(bitlabs, received(url, {}, ["https://other.example.com"]))).toBe(false);
  });

  it("signs what it verifies, and refuses forgeries", () => {
    const params: ParamList = [
      ["uid", "u42"],
      ["tx", "b-10"],
      ["val", "7"],
    ];
    const { pathAndQuery } = signPostback(bitlabs, PATH, params);
    expect(pathAndQuery).toBe(
      `${PATH}?uid=u42&tx=b-10&val=7&hash=${hmac("sha1", "bitlabs-app-secret", `${PATH}?uid=u42&tx=b-10&val=7`)}`,
    );
    expect(verifyPostbackSignature(bitlabs, received(pathAndQuery))).toBe(true);
    expect(verifyPostbackSignature(bitlabs, received(pathAndQuery.replace("val=7", "val=70")))).toBe(false);
    expect(verifyPostbackSignature(bitlabs, received(pathAndQuery.replace("uid=u42", "uid=u43")))).toBe(
      false,
    );
    expect(verifyPostbackSignature({ ...bitlabs, secret: "wrong" }, received(pathAndQuery))).toBe(false);
    expect(verifyPostbackSignature(bitlabs, received(withoutParam(pathAndQuery, "hash").url))).toBe(false);
  });

  it("withoutParam keeps everything else", () => {
    expect(withoutParam("/p?a=1&hash=x&b=2", "hash")).toEqual({ url: "/p?a=1&b=2", value: "x" });
    expect(withoutParam("/p?hash=x", "hash")).toEqual({ url: "/p", value: "x" });
    expect(withoutParam("/p?a=1", "hash")).toEqual({ url: "/p?a=1", value: undefined });
  });

  it("a broken %-sequence in the URL is kept as text, never thrown (one such request must not stop the server)", () => {
    expect(withoutParam("/p?a=%E0%A4%A&hash=%zz", "hash")).toEqual({ url: "/p?a=%E0%A4%A", value: "%zz" });
    expect(withoutParam("/p?%=1&hash=x", "hash")).toEqual({ url: "/p?%=1", value: "x" });
    expect(verifyPostbackSignature(bitlabs, received(`${PATH}?uid=%E0%A4%A&hash=%`))).toBe(false);
  });
});

describe("hmac_sha256_sorted", () => {
  it("Ayet: HMAC-SHA256 of the parameters sorted by name, in a header", () => {
    const params: ParamList = [
      ["transaction_id", "ay-1"],
      ["external_identifier", "u42"],
      ["currency_amount", "12.5"],
      ["payout_usd", "0.02"],
    ];
    const text = "currency_amount=12.5&external_identifier=u42&payout_usd=0.02&transaction_id=ay-1";
    expect(sortedParamsText(params)).toBe(text);
    const sig = hmac("sha256", "ayet-api-key", text);
    const url = `${PATH}?${query(params)}`;
    expect(verifyPostbackSignature(ayet, received(url, { "x-ayetstudios-security-hash": sig }))).toBe(true);
    expect(signPostback(ayet, PATH, params)).toEqual({
      pathAndQuery: url,
      headers: { "X-Ayetstudios-Security-Hash": sig },
    });
  });

  it("form-encodes values in the signed text", () => {
    expect(
      sortedParamsText([
        ["b", "x y"],
        ["a", "1&2"],
      ]),
    ).toBe("a=1%262&b=x+y");
  });

  it("refuses forgeries", () => {
    const params: ParamList = [
      ["external_identifier", "u42"],
      ["transaction_id", "ay-2"],
      ["currency_amount", "10"],
    ];
    const { pathAndQuery, headers } = signPostback(ayet, PATH, params);
    const h = { "x-ayetstudios-security-hash": headers["X-Ayetstudios-Security-Hash"]! };
    expect(verifyPostbackSignature(ayet, received(pathAndQuery, h))).toBe(true);
    expect(
      verifyPostbackSignature(
        ayet,
        received(pathAndQuery.replace("currency_amount=10", "currency_amount=100"), h),
      ),
    ).toBe(false);
    expect(verifyPostbackSignature(ayet, received(pathAndQuery.replace("u42", "u43"), h))).toBe(false);
    // An added parameter is signed too.
    expect(verifyPostbackSignature(ayet, received(`${pathAndQuery}&bonus=1`, h))).toBe(false);
    expect(verifyPostbackSignature({ ...ayet, secret: "wrong" }, received(pathAndQuery, h))).toBe(false);
    expect(verifyPostbackSignature(ayet, received(pathAndQuery))).toBe(false);
  });
});

describe("digestsEqual", () => {
  it("compares hex digests case-insensitively, unequal lengths and absence as different", () => {
    expect(digestsEqual("abcdef", "ABCDEF")).toBe(true);
    expect(digestsEqual("abcdef", " abcdef ")).toBe(true);
    expect(digestsEqual("abcdef", "abcde")).toBe(false);
    expect(digestsEqual("abcdef", undefined)).toBe(false);
  });
});

describe("postback amounts are canonical numbers", () => {
  it("reads digits with no leading zero, an optional fraction and a minus sign on a value", () => {
    expect(pointsToMilli("250", 10)).toEqual({ negative: false, milli: 2_500n });
    expect(pointsToMilli("0", 10)).toEqual({ negative: false, milli: 0n });
    expect(pointsToMilli("0.5", 10)).toEqual({ negative: false, milli: 5n });
    expect(pointsToMilli("1.50", 1000)).toEqual({ negative: false, milli: 1_500n });
    expect(pointsToMilli("1.2345", 1000)).toEqual({ negative: false, milli: 1_234n });
    expect(pointsToMilli("-5", 1000)).toEqual({ negative: true, milli: 5_000n });
  });

  it("refuses other spellings, so a signature without a separator cannot be re-split into another amount", () => {
    // md5("u" + "tx1000" + "1" + secret) is also md5("u" + "tx100" + "01" + secret).
    for (const text of [
      "01",
      "00",
      "00.5",
      "+1",
      "1e3",
      "1E3",
      " 1",
      "1 ",
      "-0",
      "-0.00",
      ".5",
      "1.",
      "0x10",
      "1,000",
      "",
      "--1",
      "٣",
    ])
      expect(pointsToMilli(text, 10), JSON.stringify(text)).toBeNull();
    expect(pointsToMilli(undefined, 10)).toBeNull();
  });
});
