-- Issue 42: a withdrawal marked paid by hand is an attempt on the `manual` channel carrying the
-- bank's reference (UTR) the operator gave. One bank transfer settles one withdrawal: a UTR marks
-- one withdrawal paid by hand, whoever marks it, however many operators try at once.
CREATE UNIQUE INDEX "payouts_manual_utr_key" ON "payouts" USING btree ("utr") WHERE "payouts"."channel" = 'manual';
