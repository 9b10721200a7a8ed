import { bigserial, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/** Site content and settings: contact messages, settings, FAQs, home sections, announcements, policies, the mail outbox. */

export const contactMessages = pgTable("contact_messages", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  userId: text("user_id"),
  name: text("name").notNull(),
  email: text("email").notNull(),
  mobileNumber: text("mobile_number").notNull(),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
  createdAt: createdAt(),
});

/** Operator-editable settings and page texts, one JSON value per key. */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: createdAt(),
});

export const faqs = pgTable("faqs", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  question: text("question").notNull(),
  answer: text("answer").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const homeSections = pgTable("home_sections", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  title: text("title").notNull(),
  message: text("message").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const announcements = pgTable("announcements", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  message: text("message").notNull(),
  createdAt: createdAt(),
});

export const policyPages = pgTable("policy_pages", {
  slug: text("slug", { enum: ["privacy_policy", "terms_of_use", "dmca"] }).primaryKey(),
  html: text("html").notNull(),
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
