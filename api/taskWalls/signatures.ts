import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { SignatureScheme } from "../../shared/taskWall";

/**
 * The signature schemes offer-wall networks put on their postbacks (ARCHITECTURE §10,
 * docs/api/taskwalls.md), both ways: `sign…` for the demo network and the operators' test tool,
 * `verify…` for the postback endpoint. Pure functions; every comparison is in constant time.
 *
 * - `md5_fields` (Wannads, OfferToro): md5 of the values of `signatureFields`, in order, followed
 *   by the secret, all joined by `signatureSeparator`: join([...values, secret], separator).
 *   Wannads md5(subId + transId + reward + secret) is fields [subId, transId, reward] with
 *   separator ""; OfferToro md5(oid-user_id-key) is fields [oid, user_id] with separator "-".
 *   Sent in the parameter `signatureParam`.
 * - `hmac_sha1_url` (BitLabs): HMAC-SHA1 (key: the secret) of the URL as received — path and
 *   query in their received order — with the `signatureParam` pair removed; sent in that
 *   parameter.
 * - `hmac_sha256_sorted` (Ayet): HMAC-SHA256 of the parameters sorted by name, form-encoded as
 *   `k=v` joined by `&`; sent in the header `signatureHeader`.
 * - `sha256_fields` (Lootably): as `md5_fields` but SHA-256: sha256 of the values of
 *   `signatureFields`, in order, followed by the secret, joined by `signatureSeparator`.
 *   Lootably sha256(user_id + ip + revenue + currency_reward + secret) is fields [user_id, ip,
 *   revenue, currency_reward] with separator "". Sent in the parameter `signatureParam`.
 *
 * Hex digests are compared case-insensitively.
 */

export { SIGNATURE_SCHEMES, type SignatureScheme } from "../../shared/taskWall";

export interface SignatureConfig {
  scheme: SignatureScheme;
  secret: string;
  signatureFields: string[];
  signatureSeparator: string;
  signatureParam: string;
  signatureHeader: string | null;
}

/** A parameter list in its order (names may repeat in a raw query; the first one counts). */
export type ParamList = [string, string][];

/** Equal hex digests, compared in constant time (different lengths are simply unequal). */
export function digestsEqual(expected: string, received: string | undefined): boolean {
  if (received === undefined) return false;
  const a = Buffer.from(expected.toLowerCase());
  const b = Buffer.from(received.trim().toLowerCase());
  return a.length === b.length && timingSafeEqual(a, b);
}

const firstValue = (params: ParamList, name: string): string | undefined =>
  params.find(([k]) => k === name)?.[1];

// ---------------------------------------------------------------------------------------------
// md5_fields

/** md5(join([...values, secret], separator)), hex. */
export function md5FieldsDigest(secret: string, values: string[], separator: string): string {
  return createHash("md5")
    .update([...values, secret].join(separator), "utf8")
    .digest("hex");
}

// ---------------------------------------------------------------------------------------------
// sha256_fields

/** sha256(join([...values, secret], separator)), hex. */
export function sha256FieldsDigest(secret: string, values: string[], separator: string): string {
  return createHash("sha256")
    .update([...values, secret].join(separator), "utf8")
    .digest("hex");
}

/** The signed field values of a postback: a missing field signs as the empty string. */
const fieldValues = (config: SignatureConfig, params: ParamList) =>
  config.signatureFields.map((f) => firstValue(params, f) ?? "");

// ---------------------------------------------------------------------------------------------
// hmac_sha1_url

export function hmacSha1UrlDigest(secret: string, url: string): string {
  return createHmac("sha1", secret).update(url, "utf8").digest("hex");
}

const decodeFormPart = (s: string): string => {
  try {
    return decodeURIComponent(s.replace(/\+/g, " "));
  } catch {
    return s;
  }
};

/**
 * The URL without the `name=…` pair(s) of its query, everything else kept byte for byte and in
 * order, and the removed value (the first one).
 */
export function withoutParam(pathAndQuery: string, name: string): { url: string; value: string | undefined } {
  const q = pathAndQuery.indexOf("?");
  if (q < 0) return { url: pathAndQuery, value: undefined };
  let value: string | undefined;
  const kept = pathAndQuery
    .slice(q + 1)
    .split("&")
    .filter((pair) => {
      const eq = pair.indexOf("=");
      const key = decodeFormPart(eq < 0 ? pair : pair.slice(0, eq));
      if (key !== name) return true;
      value ??= eq < 0 ? "" : decodeFormPart(pair.slice(eq + 1));
      return false;
    });
  const path = pathAndQuery.slice(0, q);
  return { url: kept.length ? `${path}?${kept.join("&")}` : path, value };
}

// ---------------------------------------------------------------------------------------------
// hmac_sha256_sorted

/** The signed text: parameters sorted by name (code-unit order, stable), form-encoded `k=v&…`. */
export function sortedParamsText(params: ParamList): string {
  const sorted = [...params].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(sorted).toString();
}

export function hmacSha256SortedDigest(secret: string, params: ParamList): string {
  return createHmac("sha256", secret).update(sortedParamsText(params), "utf8").digest("hex");
}

// ---------------------------------------------------------------------------------------------
// Both sides

/** A postback as the endpoint received it. */
export interface ReceivedPostback {
  /** Path and query exactly as received. */
  pathAndQuery: string;
  /** Its parameters (the query's, and a POST body's where the scheme reads them), in order. */
  params: ParamList;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /**
   * For `hmac_sha1_url`: origins the network may have included in the signed URL (networks that
   * sign the absolute URL); the path-and-query alone is always tried.
   */
  origins?: string[];
}

/** True when the postback carries the signature its wall's scheme and secret give. */
export function verifyPostbackSignature(config: SignatureConfig, received: ReceivedPostback): boolean {
  switch (config.scheme) {
    case "md5_fields": {
      const expected = md5FieldsDigest(
        config.secret,
        fieldValues(config, received.params),
        config.signatureSeparator,
      );
      return digestsEqual(expected, firstValue(received.params, config.signatureParam));
    }
    case "sha256_fields": {
      const expected = sha256FieldsDigest(
        config.secret,
        fieldValues(config, received.params),
        config.signatureSeparator,
      );
      return digestsEqual(expected, firstValue(received.params, config.signatureParam));
    }
    case "hmac_sha1_url": {
      const { url, value } = withoutParam(received.pathAndQuery, config.signatureParam);
      if (value === undefined) return false;
      // Every candidate is computed and compared, so the time taken does not tell which matched.
      let ok = false;
      for (const candidate of [url, ...(received.origins ?? []).map((o) => o + url)])
        ok = digestsEqual(hmacSha1UrlDigest(config.secret, candidate), value) || ok;
      return ok;
    }
    case "hmac_sha256_sorted": {
      const header = config.signatureHeader?.toLowerCase();
      const expected = hmacSha256SortedDigest(config.secret, received.params);
      return digestsEqual(expected, header ? received.headers[header] : undefined);
    }
  }
}

/**
 * Signs a postback the way its network would: the path with `params` as its query, the
 * signature added as the scheme says. Answers the path and query to request and the headers to
 * send with it.
 */
export function signPostback(
  config: SignatureConfig,
  path: string,
  params: ParamList,
): { pathAndQuery: string; headers: Record<string, string> } {
  const query = new URLSearchParams(params).toString();
  const url = query ? `${path}?${query}` : path;
  const append = (value: string) =>
    `${url}${query ? "&" : "?"}${new URLSearchParams([[config.signatureParam, value]]).toString()}`;
  switch (config.scheme) {
    case "md5_fields":
      return {
        pathAndQuery: append(
          md5FieldsDigest(config.secret, fieldValues(config, params), config.signatureSeparator),
        ),
        headers: {},
      };
    case "sha256_fields":
      return {
        pathAndQuery: append(
          sha256FieldsDigest(config.secret, fieldValues(config, params), config.signatureSeparator),
        ),
        headers: {},
      };
    case "hmac_sha1_url":
      return { pathAndQuery: append(hmacSha1UrlDigest(config.secret, url)), headers: {} };
    case "hmac_sha256_sorted":
      return {
        pathAndQuery: url,
        headers: { [config.signatureHeader ?? "x-signature"]: hmacSha256SortedDigest(config.secret, params) },
      };
  }
}
