import { count, desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { paged } from "../db/paging";
import { operatorNotes, users } from "../db/schema";
import { recordAudit } from "../site/audit";
import { PAGE_SIZE } from "../../shared/pagination";
import type { MemberNote, MemberNotePage } from "../../shared/contracts/members";

/** Operators' free-text notes on a member: each one written with its audit record, in one transaction. */

/** The member's notes, newest first, with their authors' usernames. */
export async function listNotes(db: Db, userId: string, page: number): Promise<MemberNotePage> {
  const where = eq(operatorNotes.userId, userId);
  const { pagination, rows } = await paged(
    db.select({ n: count() }).from(operatorNotes).where(where),
    page,
    PAGE_SIZE.operatorLists,
    db
      .select({ note: operatorNotes, author: users.userName })
      .from(operatorNotes)
      .leftJoin(users, eq(users.id, operatorNotes.authorUserId))
      .where(where)
      .orderBy(desc(operatorNotes.createdAt), desc(operatorNotes.id)),
  );
  return {
    records: rows.map(({ note, author }) => ({
      id: note.id,
      body: note.body,
      author: author ?? note.authorUserId,
      time: note.createdAt.toISOString(),
    })),
    pagination,
  };
}

/** Adds a note (the member is known to exist), audited as `member.note` on `member:{id}`. */
export async function addNote(
  db: Db,
  input: { actorUserId: string; actorUserName: string; userId: string; body: string },
): Promise<MemberNote> {
  return db.transaction(async (tx) => {
    const [note] = await tx
      .insert(operatorNotes)
      .values({ userId: input.userId, authorUserId: input.actorUserId, body: input.body })
      .returning();
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: "member.note",
      target: `member:${input.userId}`,
      after: { noteId: note!.id, body: input.body },
    });
    return {
      id: note!.id,
      body: note!.body,
      author: input.actorUserName,
      time: note!.createdAt.toISOString(),
    };
  });
}
