import { desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { contactMessages, users } from "../db/schema";
import type { ContactMessage } from "../../shared/contracts/operators";

export interface ContactMessageInput {
  name: string;
  email: string;
  mobileNumber: string;
  subject: string;
  message: string;
}

/** Stores a contact-form message; with a member logged in it is filed under their account. */
export async function saveContactMessage(
  db: Db,
  input: ContactMessageInput,
  userId: string | null,
): Promise<void> {
  await db.insert(contactMessages).values({ ...input, userId });
}

/** The operator's contact messages, newest first. */
export async function listContactMessages(db: Db, limit = 200): Promise<ContactMessage[]> {
  const rows = await db
    .select({ m: contactMessages, userName: users.userName })
    .from(contactMessages)
    .leftJoin(users, eq(users.id, contactMessages.userId))
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit);
  return rows.map(({ m, userName }) => ({
    id: m.id,
    name: m.name,
    email: m.email,
    mobile_number: m.mobileNumber,
    subject: m.subject,
    message: m.message,
    userName: userName ?? null,
    time: m.createdAt.toISOString(),
  }));
}
