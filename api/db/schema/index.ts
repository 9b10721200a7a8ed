/**
 * The database schema, one file per feature (api/db/schema/<feature>.ts), composed here: every
 * importer reads "../db/schema" and drizzle-kit reads this folder.
 */
export * from "./accounts";
export * from "./ledger";
export * from "./withdrawals";
export * from "./giftCodes";
export * from "./content";
export * from "./operators";
export * from "./ads";
export * from "./shortLinks";
export * from "./taskWalls";
export * from "./games";
export * from "./risk";
export * from "./payouts";
export * from "./privacy";
export * from "./rights";
export * from "./retention";
export * from "./tax";
