import { createHash } from "node:crypto";

/**
 * An OfferToro-style task wall, as an operator enters it (POST /adminRoute/offerWalls): the
 * signature is md5(oid-user_id-secret), the transaction is `oid`, 1 point = 1 milli-rupee, at most
 * ₹2 a postback.
 */
export const md5Wall = (name: string, secret: string) => ({
  name,
  frameUrlTemplate: "https://wall.example/?u={user_id}",
  secret,
  scheme: "md5_fields",
  signatureFields: ["oid", "user_id"],
  signatureSeparator: "-",
  signatureParam: "sig",
  transactionParam: "oid",
  milliPerPoint: 1,
  capPerPostback: "2",
});

/** The `sig` such a wall sends with transaction `oid` for `userId`. */
export const md5WallSignature = (oid: string, userId: string, secret: string) =>
  createHash("md5").update(`${oid}-${userId}-${secret}`).digest("hex");
