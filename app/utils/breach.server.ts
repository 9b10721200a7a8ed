import { randomUUID } from "node:crypto";

/** The confirm form's key for a breach notice: sending the same form twice is one notice. */
export const newNoticeKey = (): string => randomUUID();
