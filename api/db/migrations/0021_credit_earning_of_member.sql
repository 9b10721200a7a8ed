-- credit_earning_of_member: credit_earning (migration 0020) with the member's referrer and the
-- referral rate read in the same statement, for a caller that has not read them: an earning is
-- then one round trip, not two or three (the member, the rate, the credit). The referrer is read
-- as credit_earning's callers read it, without a lock; the rate is the setting when it is a
-- number, else p_default_rate_bp (the code's default, as claim_ad_view takes it).
CREATE FUNCTION credit_earning_of_member(
  p_key text,
  p_kind text,
  p_user_id text,
  p_amount bigint,
  p_memo text,
  p_created_at timestamptz,
  p_lines jsonb,
  p_default_rate_bp integer,
  p_referral_base bigint,
  OUT posted boolean,
  OUT referral_amount bigint,
  OUT withdrawable bigint,
  OUT failure text,
  OUT failed_account text
) LANGUAGE plpgsql AS $$
DECLARE
  v_referred_by text;
  v_rate integer;
BEGIN
  SELECT u.referred_by INTO v_referred_by FROM users u WHERE u.id = p_user_id;
  IF v_referred_by IS NOT NULL THEN
    SELECT CASE WHEN jsonb_typeof(s.value) = 'number' THEN (s.value #>> '{}')::numeric::integer END
    INTO v_rate FROM settings s WHERE s.key = 'referral_rate_bp';
  END IF;
  SELECT c.posted, c.referral_amount, c.withdrawable, c.failure, c.failed_account
  INTO posted, referral_amount, withdrawable, failure, failed_account
  FROM credit_earning(p_key, p_kind, p_user_id, p_amount, p_memo, p_created_at, p_lines, v_referred_by,
    coalesce(v_rate, p_default_rate_bp), p_referral_base) c;
END;
$$;
