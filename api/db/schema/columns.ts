import { bigint, timestamp } from "drizzle-orm/pg-core";

/** Money columns: integer milli-rupees. */
export const money = (name: string) => bigint(name, { mode: "number" });
export const createdAt = () =>
  timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
