-- credit_earning and claim_ad_view: an earning, and an ad claim end to end, in one round trip each
-- (docs/decisions/0019-ad-claims-in-one-statement.md). Both run inside the caller's statement, so
-- an ad claim is one statement with no BEGIN or COMMIT of its own: a refusal after a write raises,
-- and the statement's work is undone with it.

-- credit_earning: creditEarning (api/ledger/earnings.ts) in one call. The caller has checked the
-- lines (ledger.ts checkedLines: non-zero integers summing to zero; the member's credit among
-- them) and read the referrer and the rate. In order:
--   1. the locks of every tracked account the entries touch (funding, the member's withdrawable
--      and debt, the referrer's and promotions'), in the ledger's order, with their balances;
--   2. the earning (ledger_post); a duplicate key: posted false, and nothing else happens;
--   3. the referrer's share, round(base × rate / 10000) as shared/money.ts percentOf, from
--      promotions (kind referral_income, key 'referral:' || key);
--   4. a debt (ADR 0008) repaid from what was just credited, the member's then the referrer's
--      (kind debt_repayment, key 'debt_repayment:' || the entry's key).
-- A refused line answers failure ('insufficient' or 'unknown') and the account; the caller rolls back.
CREATE OR REPLACE FUNCTION credit_earning(
  p_key text,
  p_kind text,
  p_user_id text,
  p_amount bigint,
  p_memo text,
  p_created_at timestamptz,
  p_lines jsonb,
  p_referred_by text,
  p_rate_bp integer,
  p_referral_base bigint,
  OUT posted boolean,
  OUT referral_amount bigint,
  OUT withdrawable bigint,
  OUT failure text,
  OUT failed_account text
) LANGUAGE plpgsql AS $$
DECLARE
  v_own text := 'member:' || p_user_id || ':withdrawable';
  v_own_debt text := 'member:' || p_user_id || ':debt';
  v_ref text := 'member:' || p_referred_by || ':withdrawable';
  v_ref_debt text := 'member:' || p_referred_by || ':debt';
  v_share bigint := 0;
  v_locked jsonb;
  v_post record;
  v_repay bigint;
BEGIN
  posted := false;
  referral_amount := 0;
  IF p_referred_by IS NOT NULL THEN
    v_share := (greatest(0, coalesce(p_referral_base, p_amount)) * p_rate_bp + 5000) / 10000;
  END IF;

  SELECT coalesce(jsonb_object_agg(s.id, s.balance), '{}'::jsonb) INTO v_locked
  FROM (
    SELECT a.id, a.balance FROM ledger_accounts a
    WHERE a.tracked AND a.id IN (
      SELECT l->>'account' FROM jsonb_array_elements(p_lines) l
      UNION ALL SELECT unnest(ARRAY[v_own, v_own_debt])
      UNION ALL SELECT unnest(ARRAY['platform:promotions', v_ref, v_ref_debt]) WHERE v_share > 0
    )
    ORDER BY a.id COLLATE "C"
    FOR UPDATE
  ) s;

  SELECT * INTO v_post FROM ledger_post(p_key, p_kind, p_user_id, NULL, p_memo, p_created_at, p_lines, true, NULL);
  IF v_post.failure = 'duplicate' THEN
    RETURN;
  ELSIF v_post.failure IS NOT NULL THEN
    failure := v_post.failure;
    failed_account := v_post.failed_account;
    RETURN;
  END IF;
  posted := true;

  IF v_share > 0 THEN
    SELECT * INTO v_post FROM ledger_post('referral:' || p_key, 'referral_income', p_referred_by, p_user_id, NULL,
      p_created_at, jsonb_build_array(
        jsonb_build_object('account', 'platform:promotions', 'amount', -v_share),
        jsonb_build_object('account', v_ref, 'amount', v_share)), true, NULL);
    IF v_post.failure IS NOT NULL AND v_post.failure <> 'duplicate' THEN
      failure := v_post.failure;
      failed_account := v_post.failed_account;
      RETURN;
    END IF;
    referral_amount := v_share;
  END IF;

  v_repay := least(p_amount, greatest(0, -coalesce((v_locked->>v_own_debt)::bigint, 0)));
  IF v_repay > 0 THEN
    SELECT * INTO v_post FROM ledger_post('debt_repayment:' || p_key, 'debt_repayment', p_user_id, NULL, NULL,
      p_created_at, jsonb_build_array(
        jsonb_build_object('account', v_own, 'amount', -v_repay),
        jsonb_build_object('account', v_own_debt, 'amount', v_repay)), false, NULL);
    IF v_post.failure = 'duplicate' THEN
      v_repay := 0;
    ELSIF v_post.failure IS NOT NULL THEN
      failure := v_post.failure;
      failed_account := v_post.failed_account;
      RETURN;
    END IF;
  END IF;
  -- The balance was read with its lock, which the caller's transaction still holds.
  withdrawable := coalesce((v_locked->>v_own)::bigint, 0) + p_amount - v_repay;

  v_repay := least(v_share, greatest(0, -coalesce((v_locked->>v_ref_debt)::bigint, 0)));
  IF v_repay > 0 THEN
    SELECT * INTO v_post FROM ledger_post('debt_repayment:referral:' || p_key, 'debt_repayment', p_referred_by,
      NULL, NULL, p_created_at, jsonb_build_array(
        jsonb_build_object('account', v_ref, 'amount', -v_repay),
        jsonb_build_object('account', v_ref_debt, 'amount', v_repay)), false, NULL);
    IF v_post.failure IS NOT NULL AND v_post.failure <> 'duplicate' THEN
      failure := v_post.failure;
      failed_account := v_post.failed_account;
      RETURN;
    END IF;
  END IF;
END;
$$;
--> statement-breakpoint
-- claim_ad_view: api/ads/views.ts claimView's transaction in one call. In order:
--   1. the member's row FOR SHARE (a suspension or ban committed before is seen, one committing
--      after waits), with the referrer; a member who may not earn is answered (refused 'earning',
--      with the row's fields) before anything is written;
--   2. the token consumed and the view counted on its campaign in one statement (of many parallel
--      claims one wins; the campaign's row locked, only while active with views left);
--   3. the campaign's rules under that lock: not the advertiser's own, not viewed within its
--      interval, under its per-day limit (counted per IST day only where a limit reads it);
--   4. the earning: credit_earning with the campaign's escrow −price and revenue +the rest;
--   5. the member's ad income of the day, from the roll-up the entry just updated.
-- A refusal after a write raises 'ad_claim_refused:<reason>:<campaign id>', undoing the statement;
-- 'not_counted' (no token consumed or no campaign counted) is explained by the caller after.
CREATE OR REPLACE FUNCTION claim_ad_view(
  p_user_id text,
  p_token text,
  p_campaign_id text,
  p_now timestamptz,
  p_default_rate_bp integer,
  OUT refused text,
  OUT suspended_at timestamptz,
  OUT suspended_reason text,
  OUT banned_at timestamptz,
  OUT campaign_id text,
  OUT amount bigint,
  OUT withdrawable bigint,
  OUT income_today bigint
) LANGUAGE plpgsql AS $$
DECLARE
  v_day date := ((p_now AT TIME ZONE 'UTC') + interval '5 hours 30 minutes')::date;
  v_referred_by text;
  v_rate integer;
  v_c record;
  v_views integer;
  v_credit record;
BEGIN
  SELECT u.earning_suspended_at, u.earning_suspended_reason, u.banned_at, u.referred_by,
    (SELECT CASE WHEN jsonb_typeof(s.value) = 'number' THEN (s.value #>> '{}')::numeric::integer END
     FROM settings s WHERE s.key = 'referral_rate_bp')
  INTO suspended_at, suspended_reason, banned_at, v_referred_by, v_rate
  FROM users u WHERE u.id = p_user_id
  FOR SHARE OF u;
  IF banned_at IS NOT NULL OR suspended_at IS NOT NULL THEN
    refused := 'earning';
    RETURN;
  END IF;

  WITH consumed AS (
    UPDATE ad_views v
    SET consumed_at = p_now,
      amount = (SELECT c.member_amount FROM campaigns c WHERE c.id = v.campaign_id)
    WHERE v.token = p_token AND v.user_id = p_user_id
      AND (p_campaign_id IS NULL OR v.campaign_id = p_campaign_id)
      AND v.consumed_at IS NULL AND v.claimable_at <= p_now AND v.expires_at > p_now
    RETURNING v.id, v.campaign_id
  )
  UPDATE campaigns c
  SET delivered_views = c.delivered_views + 1,
    status = CASE WHEN c.delivered_views + 1 = c.total_views THEN 'completed' ELSE c.status END,
    ended_at = CASE WHEN c.delivered_views + 1 = c.total_views THEN p_now ELSE c.ended_at END
  FROM consumed
  WHERE c.id = consumed.campaign_id AND c.status = 'active' AND c.delivered_views < c.total_views
  RETURNING consumed.id AS view_id, c.id, c.advertiser_id, c.interval_hours, c.daily_limit, c.price,
    c.member_amount
  INTO v_c;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'ad_claim_refused:not_counted:';
  END IF;
  IF v_c.advertiser_id = p_user_id THEN
    RAISE EXCEPTION 'ad_claim_refused:own_campaign:%', v_c.id;
  END IF;
  -- Read after the campaign's lock: a parallel claim of the campaign has committed or waits.
  IF EXISTS (
    SELECT 1 FROM ad_views v
    WHERE v.user_id = p_user_id AND v.campaign_id = v_c.id AND v.id <> v_c.view_id
      AND v.consumed_at > p_now - v_c.interval_hours * interval '1 hour'
  ) THEN
    RAISE EXCEPTION 'ad_claim_refused:interval:%', v_c.id;
  END IF;
  IF v_c.daily_limit IS NOT NULL THEN
    INSERT INTO campaign_daily_views AS d (campaign_id, day, views) VALUES (v_c.id, v_day, 1)
    -- By the constraint's name: campaign_id is also this function's OUT column.
    ON CONFLICT ON CONSTRAINT campaign_daily_views_campaign_id_day_pk DO UPDATE SET views = d.views + 1
    RETURNING d.views INTO v_views;
    IF v_views > v_c.daily_limit THEN
      RAISE EXCEPTION 'ad_claim_refused:daily_limit:%', v_c.id;
    END IF;
  END IF;

  SELECT * INTO v_credit FROM credit_earning('ptc:view:' || v_c.view_id, 'ptc_ads', p_user_id, v_c.member_amount,
    v_c.id, p_now, (
      SELECT jsonb_agg(l ORDER BY n) FROM jsonb_array_elements(jsonb_build_array(
        jsonb_build_object('account', 'campaign:' || v_c.id || ':escrow', 'amount', -v_c.price),
        jsonb_build_object('account', 'platform:revenue', 'amount', v_c.price - v_c.member_amount),
        jsonb_build_object('account', 'member:' || p_user_id || ':withdrawable', 'amount', v_c.member_amount)
      )) WITH ORDINALITY AS e(l, n)
      WHERE (l->>'amount')::bigint <> 0
    ), v_referred_by, coalesce(v_rate, p_default_rate_bp), NULL);
  -- The escrow holds exactly the undelivered views' price: this means the books are off.
  IF v_credit.failure = 'insufficient' THEN
    RAISE EXCEPTION 'ad_claim_refused:escrow_empty:%', v_c.id;
  ELSIF v_credit.failure IS NOT NULL THEN
    RAISE EXCEPTION 'ledger: % account %', v_credit.failure, v_credit.failed_account;
  ELSIF NOT v_credit.posted THEN
    -- The view was consumed just now, so its key is new.
    RAISE EXCEPTION 'ledger: ad view % credited twice', v_c.view_id;
  END IF;

  campaign_id := v_c.id;
  amount := v_c.member_amount;
  withdrawable := v_credit.withdrawable;
  SELECT m.amount INTO income_today FROM member_daily_earnings m
  WHERE m.user_id = p_user_id AND m.day = v_day AND m.kind = 'ptc_ads';
  income_today := coalesce(income_today, 0);
END;
$$;
