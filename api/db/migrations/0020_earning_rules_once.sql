-- Each rule of an earning written once (migration 0019 wrote two of them twice):
-- referral_share is the referrer's share of an earning, and earning_repayments answers the member's
-- withdrawable balance after it. credit_earning and claim_ad_view call both, and otherwise do what
-- migration 0019 has them do. earning_repayments' answer changes, so it is dropped and made again.

-- referral_share: p_rate basis points of a base (none of a negative one), rounded half up.
CREATE OR REPLACE FUNCTION referral_share(p_base bigint, p_rate integer) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT (greatest(0, p_base) * p_rate + 5000) / 10000
$$;
--> statement-breakpoint
DROP FUNCTION earning_repayments(text, text, text, bigint, bigint, jsonb, timestamptz);
--> statement-breakpoint
-- earning_repayments: a debt (ADR 0008) repaid from what an earning keyed p_key just credited, the
-- member's (from p_amount) then the referrer's (from p_share), by the balances p_locked read under
-- their locks (kind debt_repayment, keys 'debt_repayment:' || p_key and
-- 'debt_repayment:referral:' || p_key). Answers the member's withdrawable balance after the earning
-- (p_amount) and the repayment: the balance was read with its lock, which the caller still holds.
CREATE FUNCTION earning_repayments(
  p_key text,
  p_user_id text,
  p_referred_by text,
  p_amount bigint,
  p_share bigint,
  p_locked jsonb,
  p_created_at timestamptz,
  OUT withdrawable bigint,
  OUT failure text,
  OUT failed_account text
) LANGUAGE plpgsql AS $$
DECLARE
  v_own text := 'member:' || p_user_id || ':withdrawable';
  v_own_debt text := 'member:' || p_user_id || ':debt';
  v_ref text := 'member:' || p_referred_by || ':withdrawable';
  v_ref_debt text := 'member:' || p_referred_by || ':debt';
  v_post record;
  v_repay bigint;
  v_own_repaid bigint;
BEGIN
  v_own_repaid := least(p_amount, greatest(0, -coalesce((p_locked->>v_own_debt)::bigint, 0)));
  IF v_own_repaid > 0 THEN
    SELECT * INTO v_post FROM ledger_post('debt_repayment:' || p_key, 'debt_repayment', p_user_id, NULL, NULL,
      p_created_at, jsonb_build_array(
        jsonb_build_object('account', v_own, 'amount', -v_own_repaid),
        jsonb_build_object('account', v_own_debt, 'amount', v_own_repaid)), false, NULL);
    IF v_post.failure = 'duplicate' THEN
      v_own_repaid := 0;
    ELSIF v_post.failure IS NOT NULL THEN
      failure := v_post.failure;
      failed_account := v_post.failed_account;
      RETURN;
    END IF;
  END IF;
  withdrawable := coalesce((p_locked->>v_own)::bigint, 0) + p_amount - v_own_repaid;

  v_repay := least(p_share, greatest(0, -coalesce((p_locked->>v_ref_debt)::bigint, 0)));
  IF v_repay > 0 THEN
    SELECT * INTO v_post FROM ledger_post('debt_repayment:referral:' || p_key, 'debt_repayment', p_referred_by,
      NULL, NULL, p_created_at, jsonb_build_array(
        jsonb_build_object('account', v_ref, 'amount', -v_repay),
        jsonb_build_object('account', v_ref_debt, 'amount', v_repay)), false, NULL);
    IF v_post.failure IS NOT NULL AND v_post.failure <> 'duplicate' THEN
      failure := v_post.failure;
      failed_account := v_post.failed_account;
    END IF;
  END IF;
END;
$$;
--> statement-breakpoint
-- credit_earning: as in migration 0019, the share by referral_share and the balance from
-- earning_repayments.
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
  v_share bigint := 0;
  v_locked jsonb;
  v_post record;
  v_side record;
  v_repaid record;
BEGIN
  posted := false;
  referral_amount := 0;
  IF p_referred_by IS NOT NULL THEN
    v_share := referral_share(coalesce(p_referral_base, p_amount), p_rate_bp);
  END IF;
  v_locked := earning_locks(p_user_id, p_referred_by, v_share, p_lines);

  SELECT * INTO v_post FROM ledger_post(p_key, p_kind, p_user_id, NULL, p_memo, p_created_at, p_lines, true, NULL);
  IF v_post.failure = 'duplicate' THEN
    RETURN;
  ELSIF v_post.failure IS NOT NULL THEN
    failure := v_post.failure;
    failed_account := v_post.failed_account;
    RETURN;
  END IF;
  posted := true;

  SELECT * INTO v_side FROM earning_referral_share(p_key, p_user_id, p_referred_by, v_share, p_created_at);
  IF v_side.failure IS NOT NULL THEN
    failure := v_side.failure;
    failed_account := v_side.failed_account;
    RETURN;
  END IF;
  referral_amount := greatest(v_share, 0);

  SELECT * INTO v_repaid FROM earning_repayments(p_key, p_user_id, p_referred_by, p_amount, v_share, v_locked,
    p_created_at);
  IF v_repaid.failure IS NOT NULL THEN
    failure := v_repaid.failure;
    failed_account := v_repaid.failed_account;
    RETURN;
  END IF;
  withdrawable := v_repaid.withdrawable;
END;
$$;
--> statement-breakpoint
-- claim_ad_view: as in migration 0019 (its steps and its order of locks are described there), the
-- share by referral_share and the balance from earning_repayments.
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
  v_key text;
  v_share bigint := 0;
  v_locked jsonb;
  v_views integer;
  v_post record;
  v_side record;
  v_repaid record;
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

  UPDATE ad_views v
  SET consumed_at = p_now, amount = c.member_amount
  FROM campaigns c
  WHERE c.id = v.campaign_id AND v.token = p_token AND v.user_id = p_user_id
    AND (p_campaign_id IS NULL OR v.campaign_id = p_campaign_id)
    AND v.consumed_at IS NULL AND v.claimable_at <= p_now AND v.expires_at > p_now
  RETURNING v.id AS view_id, c.id, c.advertiser_id, c.interval_hours, c.daily_limit, c.price, c.member_amount
  INTO v_c;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'ad_claim_refused:not_counted:';
  END IF;
  IF v_c.advertiser_id = p_user_id THEN
    RAISE EXCEPTION 'ad_claim_refused:own_campaign:%', v_c.id;
  END IF;
  v_key := 'ptc:view:' || v_c.view_id;
  IF v_referred_by IS NOT NULL THEN
    v_share := referral_share(v_c.member_amount, coalesce(v_rate, p_default_rate_bp));
  END IF;

  v_locked := earning_locks(p_user_id, v_referred_by, v_share, NULL);
  IF EXISTS (
    SELECT 1 FROM ad_views v
    WHERE v.user_id = p_user_id AND v.campaign_id = v_c.id AND v.id <> v_c.view_id
      AND v.consumed_at > p_now - v_c.interval_hours * interval '1 hour'
  ) THEN
    RAISE EXCEPTION 'ad_claim_refused:interval:%', v_c.id;
  END IF;

  UPDATE campaigns c
  SET delivered_views = c.delivered_views + 1,
    status = CASE WHEN c.delivered_views + 1 = c.total_views THEN 'completed' ELSE c.status END,
    ended_at = CASE WHEN c.delivered_views + 1 = c.total_views THEN p_now ELSE c.ended_at END
  WHERE c.id = v_c.id AND c.status = 'active' AND c.delivered_views < c.total_views;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'ad_claim_refused:not_counted:';
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

  SELECT * INTO v_post FROM ledger_post(v_key, 'ptc_ads', p_user_id, NULL, v_c.id, p_now, (
    SELECT jsonb_agg(l ORDER BY n) FROM jsonb_array_elements(jsonb_build_array(
      jsonb_build_object('account', 'campaign:' || v_c.id || ':escrow', 'amount', -v_c.price),
      jsonb_build_object('account', 'platform:revenue', 'amount', v_c.price - v_c.member_amount),
      jsonb_build_object('account', 'member:' || p_user_id || ':withdrawable', 'amount', v_c.member_amount)
    )) WITH ORDINALITY AS e(l, n)
    WHERE (l->>'amount')::bigint <> 0
  ), true, NULL);
  -- The escrow holds exactly the undelivered views' price: this means the books are off.
  IF v_post.failure = 'insufficient' THEN
    RAISE EXCEPTION 'ad_claim_refused:escrow_empty:%', v_c.id;
  ELSIF v_post.failure = 'duplicate' THEN
    -- The view was consumed just now, so its key is new.
    RAISE EXCEPTION 'ledger: ad view % credited twice', v_c.view_id;
  ELSIF v_post.failure IS NOT NULL THEN
    RAISE EXCEPTION 'ledger: % account %', v_post.failure, v_post.failed_account;
  END IF;

  SELECT * INTO v_side FROM earning_referral_share(v_key, p_user_id, v_referred_by, v_share, p_now);
  IF v_side.failure IS NOT NULL THEN
    RAISE EXCEPTION 'ledger: % account %', v_side.failure, v_side.failed_account;
  END IF;

  SELECT * INTO v_repaid FROM earning_repayments(v_key, p_user_id, v_referred_by, v_c.member_amount, v_share,
    v_locked, p_now);
  IF v_repaid.failure IS NOT NULL THEN
    RAISE EXCEPTION 'ledger: % account %', v_repaid.failure, v_repaid.failed_account;
  END IF;

  campaign_id := v_c.id;
  amount := v_c.member_amount;
  withdrawable := v_repaid.withdrawable;
  SELECT m.amount INTO income_today FROM member_daily_earnings m
  WHERE m.user_id = p_user_id AND m.day = v_day AND m.kind = 'ptc_ads';
  income_today := coalesce(income_today, 0);
END;
$$;
