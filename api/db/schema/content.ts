import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/** Site content and settings: contact messages, settings, FAQs, home sections, announcements, policies, the mail outbox. */

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    mobileNumber: text("mobile_number").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    /** open until an operator answers; closed by an operator (or a member's reply reopens it). */
    status: text("status", { enum: ["open", "answered", "closed"] })
      .notNull()
      .default("open"),
    /** A plain message, a member's missing-credit report for a task wall, or a grievance (issue 44). */
    kind: text("kind", { enum: ["message", "missing_credit", "grievance"] })
      .notNull()
      .default("message"),
    taskWallId: text("task_wall_id"),
    offerName: text("offer_name"),
    completedAt: timestamp("completed_at", { withTimezone: true, mode: "date" }),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index("contact_messages_status_idx").on(t.status, t.createdAt),
    index("contact_messages_user_idx").on(t.userId, t.createdAt),
  ],
);

/** The thread under a contact message: operators' replies (mailed to the sender) and members' follow-ups. */
export const contactReplies = pgTable(
  "contact_replies",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    messageId: bigint("message_id", { mode: "number" })
      .notNull()
      .references(() => contactMessages.id, { onDelete: "cascade" }),
    /** The operator who wrote it, or null when the member wrote it. */
    authorUserId: text("author_user_id"),
    fromOperator: boolean("from_operator").notNull().default(true),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("contact_replies_message_idx").on(t.messageId, t.createdAt)],
);

/** Operator-editable canned replies for the common questions. */
export const cannedReplies = pgTable("canned_replies", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  title: text("title").notNull(),
  body: text("body").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

/** Operator-editable settings and page texts, one JSON value per key. */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  /**
   * The Hindi version of an operator-written page text (a string) or instructions list (a list as
   * long as `value`, "" where an item has none); null when none. Members reading in Hindi see it,
   * else the English `value` (api/content/localized.ts).
   */
  valueHi: jsonb("value_hi"),
  updatedAt: createdAt(),
});

export const faqs = pgTable("faqs", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  question: text("question").notNull(),
  answer: text("answer").notNull(),
  /** Hindi versions (issue 23): null or empty means the English is shown. */
  questionHi: text("question_hi"),
  answerHi: text("answer_hi"),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const homeSections = pgTable("home_sections", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  title: text("title").notNull(),
  message: text("message").notNull(),
  /** Hindi versions (issue 23): null or empty means the English is shown. */
  titleHi: text("title_hi"),
  messageHi: text("message_hi"),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const announcements = pgTable("announcements", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  /** Markdown (HTML allowed) as the operator wrote it: rendered and sanitised on every read (migration 0031). */
  message: text("message").notNull(),
  /** The Hindi version (issue 23), Markdown: null or empty means the English is shown. */
  messageHi: text("message_hi"),
  /** Operators order announcements; equal orders fall back to newest first. */
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: createdAt(),
});

export const policyPages = pgTable("policy_pages", {
  slug: text("slug", { enum: ["privacy_policy", "terms_of_use", "dmca"] }).primaryKey(),
  /** The page's Markdown (HTML allowed) despite the column's name: rendered and sanitised on every read (migration 0031). */
  html: text("html").notNull(),
  /** The Hindi version (issue 23), Markdown: null or empty means the English is shown. */
  htmlHi: text("html_hi"),
  updatedAt: createdAt(),
});

/** Dev outbox: every mail is recorded here; with SMTP configured it is also sent. */
export const mailOutbox = pgTable("mail_outbox", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html"),
  sentVia: text("sent_via").notNull(),
  createdAt: createdAt(),
});
