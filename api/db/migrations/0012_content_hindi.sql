ALTER TABLE "announcements" ADD COLUMN "message_hi" text;--> statement-breakpoint
ALTER TABLE "faqs" ADD COLUMN "question_hi" text;--> statement-breakpoint
ALTER TABLE "faqs" ADD COLUMN "answer_hi" text;--> statement-breakpoint
ALTER TABLE "home_sections" ADD COLUMN "title_hi" text;--> statement-breakpoint
ALTER TABLE "home_sections" ADD COLUMN "message_hi" text;--> statement-breakpoint
ALTER TABLE "policy_pages" ADD COLUMN "html_hi" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "value_hi" jsonb;