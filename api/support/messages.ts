import { MISSING_CREDIT_DAYS, type MessageStatus } from "../../shared/contracts/support";

/** What support answers members and operators. */
export const SUPPORT_MESSAGES = {
  notFound: "Message not found.",
  cannedNotFound: "Canned reply not found.",
  replied: "Reply sent.",
  repliedMailFailed:
    "Reply saved, but the e-mail could not be sent; the member sees it on their support page.",
  followUp: "Your reply has been sent. We will answer on this page and by e-mail.",
  cannedSaved: "Canned reply saved.",
  cannedDeleted: "Canned reply deleted.",
  wallNotOpened: `Choose a task wall you opened in the last ${MISSING_CREDIT_DAYS} days.`,
  completedInFuture: "The completion time cannot be in the future.",
  completedTooOld: `Missing credits can be reported for offers completed in the last ${MISSING_CREDIT_DAYS} days.`,
  reportFiled: "Your missing-credit report has been received.",
} as const;

export const statusMessage = (status: MessageStatus) =>
  status === "closed"
    ? "Message closed."
    : status === "open"
      ? "Message reopened."
      : "Message marked answered.";
