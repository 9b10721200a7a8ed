import type { Db } from "../db/client";
import type { MemberListAnswers, MemberListName } from "../../shared/contracts/members";
import { listNotes } from "./notes";
import { ledger, withdrawalList, conversionList, campaignList, gameList } from "./moneyLists";
import { referralList, signInList, sessionList, cheatList, postbackList, messageList } from "./accountLists";

/**
 * The lists of the operators' member page, each one page of PAGE_SIZE.operatorLists, newest
 * first, each read through the member's own index (journal_lines_account_idx, withdrawals_user_idx,
 * sign_ins_user_idx, …) so they stay fast however large the tables grow: the member's money
 * (moneyLists.ts), their account's trail (accountLists.ts) and the operators' notes (notes.ts).
 */

export interface ListOptions {
  page: number;
  now: Date;
  /** postbacks: one task wall's only. */
  wall?: string;
}

const LISTS: {
  [L in MemberListName]: (db: Db, userId: string, o: ListOptions) => Promise<MemberListAnswers[L]>;
} = {
  ledger,
  withdrawals: withdrawalList,
  conversions: conversionList,
  campaigns: campaignList,
  games: gameList,
  referrals: referralList,
  signins: signInList,
  sessions: sessionList,
  cheats: cheatList,
  postbacks: postbackList,
  messages: messageList,
  notes: (db, userId, o) => listNotes(db, userId, o.page),
};

/** One page of one of the member's lists (the member is known to exist). */
export function memberList<L extends MemberListName>(
  db: Db,
  list: L,
  userId: string,
  o: ListOptions,
): Promise<MemberListAnswers[L]> {
  return LISTS[list](db, userId, o);
}
