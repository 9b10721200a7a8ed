import { Hono, type Context, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { type ApiEnv, ApiError, ok, okRead, okWrite, readBodyAt, requireMember, requireRole } from "../http";
import { SEARCH_FIELDS, SEARCH_MAX_LENGTH, searchMembers, type SearchField } from "./search";
import { MEMBER_MESSAGES, isOperatorAccount, memberOr404, memberProfile } from "./profile";
import { ROLE_REFUSED } from "../../shared/operatorRoles";
import { memberList } from "./lists";
import { addNote } from "./notes";
import { NOTE_MAX_LENGTH, isMemberList, type MemberProfile } from "../../shared/contracts/members";

/** Who may read members and write notes: support, payouts and moderation (and the owner). */
const READERS = requireRole("payouts", "support", "moderation");

/**
 * An operator's own account — their member page, its sessions and addresses, the notes on it, their
 * risk links — is for the owner alone (issue 42): any other operator asking for the account of an
 * operator (any role, their own included) gets 403 with the role refusal. Members' accounts stay
 * open to every reader. Called after the role check, with the member's id in the path.
 */
export async function refuseOperatorAccount(c: Context<ApiEnv>): Promise<void> {
  if (c.var.member.operatorRoles.includes("owner")) return;
  if (await isOperatorAccount(c.var.deps.db, c.req.param("id") ?? "")) throw new ApiError(403, ROLE_REFUSED);
}

/** refuseOperatorAccount as a route's middleware, for every route under /members/:id. */
export const ownerForOperatorAccounts: MiddlewareHandler<ApiEnv> = async (c, next) => {
  await refuseOperatorAccount(c);
  await next();
};

const NoteSchema = z
  .object({
    body: z
      .string({ required_error: "body is required.", invalid_type_error: "body must be text." })
      .trim()
      .min(1, "Please write the note.")
      .max(NOTE_MAX_LENGTH, `A note must be at most ${NOTE_MAX_LENGTH} characters.`),
  })
  .strict();

/** `?page=`: absent is page 1; anything but a whole number from 1 is refused. */
function strictPage(c: Context): number {
  const raw = c.req.query("page");
  if (raw === undefined || raw === "") return 1;
  if (!/^[1-9]\d{0,8}$/.test(raw)) throw new ApiError(400, "page must be a whole number from 1.");
  return Number(raw);
}

function searchText(c: Context): string {
  const q = c.req.query("q") ?? "";
  if (q.length > SEARCH_MAX_LENGTH)
    throw new ApiError(400, `The search must be at most ${SEARCH_MAX_LENGTH} characters.`);
  return q;
}

function searchField(c: Context): SearchField {
  const by = c.req.query("by");
  if (by === undefined || by === "") return "any";
  const found = SEARCH_FIELDS.find((f) => f === by);
  if (!found) throw new ApiError(400, `by must be one of ${SEARCH_FIELDS.join(", ")}.`);
  return found;
}

function wallFilter(c: Context): string | undefined {
  const wall = c.req.query("wall");
  if (wall === undefined || wall === "") return undefined;
  if (wall.length > 100) throw new ApiError(400, "wall must be a task wall's id.");
  return wall;
}

/** Operator routes: member search, a member's page and its lists, operator notes. */
export function adminMembersRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();

  r.get("/members", requireMember, READERS, async (c) => {
    const page = strictPage(c);
    return okRead(
      c,
      "/adminRoute/members",
      await searchMembers(c.var.deps.db, searchText(c), page, searchField(c)),
    );
  });

  const profile = async (c: Context<ApiEnv>) =>
    ok(
      c,
      (await memberProfile(c.var.deps.db, c.req.param("id")!, c.var.deps.clock())) satisfies MemberProfile,
    );
  r.get("/members/:id", requireMember, READERS, ownerForOperatorAccounts, profile);
  r.get("/members/:id/profile", requireMember, READERS, ownerForOperatorAccounts, profile);

  r.post("/members/:id/notes", requireMember, READERS, ownerForOperatorAccounts, async (c) => {
    const { db } = c.var.deps;
    const member = await memberOr404(db, c.req.param("id"));
    const body = await readBodyAt(c, "/adminRoute/members/:id/notes", NoteSchema);
    const note = await addNote(db, {
      actorUserId: c.var.member.id,
      actorUserName: c.var.member.userName,
      userId: member.id,
      body: body.body,
    });
    return okWrite(c, "/adminRoute/members/:id/notes", { message: MEMBER_MESSAGES.noteAdded, note });
  });

  // A path that names none of the lists is left to the routes mounted after these (the member
  // actions), and answers 404 when none takes it.
  r.get("/members/:id/:list", requireMember, READERS, async (c, next) => {
    const list = c.req.param("list");
    if (!isMemberList(list)) return next();
    await refuseOperatorAccount(c);
    const { db, clock } = c.var.deps;
    const member = await memberOr404(db, c.req.param("id"));
    const page = strictPage(c);
    return ok(c, await memberList(db, list, member.id, { page, now: clock(), wall: wallFilter(c) }));
  });

  return r;
}
