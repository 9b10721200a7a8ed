-- Issue 45 §2 (profile): a bank account is kept in its own fields — account number, IFSC, the
-- account holder's name — beside the member's payout text (which stays what every list, mail and
-- risk key reads, written from these fields). A withdrawal keeps a copy of them as it is made, so
-- the bank file and the provider's fund account read the fields, never a guess from text. Older
-- free-text accounts keep payout_bank NULL: they are read as before and the member is asked to
-- re-enter them on the profile page.
ALTER TABLE "users" ADD COLUMN "payout_bank" jsonb;
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_bank" jsonb;
--> statement-breakpoint
-- The copy is taken in the withdrawal's own insert, whichever path makes it (with or without tax),
-- and only when the row's account text is the one written from the member's fields: a profile
-- change between the request's look and its insert never pairs one account's text with another's
-- fields.
CREATE FUNCTION "withdrawals_copy_payout_bank"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.payout_bank IS NULL THEN
    SELECT u.payout_bank INTO NEW.payout_bank
      FROM users u
     WHERE u.id = NEW.user_id AND u.payout_bank IS NOT NULL AND u.payout_account_info = NEW.account_info;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "withdrawals_copy_payout_bank" BEFORE INSERT ON "withdrawals"
  FOR EACH ROW EXECUTE FUNCTION "withdrawals_copy_payout_bank"();
