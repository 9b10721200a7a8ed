-- Issue 45 §3: announcements and policy pages are written in Markdown (HTML allowed). The columns
-- keep their names and now hold the source as the operator typed it; every read renders it and
-- sanitises the result (api/lib/markdown.ts). HTML stored before stays valid Markdown.
COMMENT ON COLUMN "announcements"."message" IS 'Markdown source (HTML allowed), rendered and sanitised on read';
--> statement-breakpoint
COMMENT ON COLUMN "announcements"."message_hi" IS 'Hindi Markdown source; null or empty: the English is shown';
--> statement-breakpoint
COMMENT ON COLUMN "policy_pages"."html" IS 'Markdown source (HTML allowed), rendered and sanitised on read';
--> statement-breakpoint
COMMENT ON COLUMN "policy_pages"."html_hi" IS 'Hindi Markdown source; null or empty: the English is shown';
