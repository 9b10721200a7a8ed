import type { Db } from "../db/client";
import { contactMessages } from "../db/schema";

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
  now: Date,
): Promise<void> {
  await db.insert(contactMessages).values({ ...input, userId, createdAt: now, updatedAt: now });
}
