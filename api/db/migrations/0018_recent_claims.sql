-- recent_claims: the risk signals' read for an ad or short-link claim (api/risk/behaviour.ts), as
-- a function, so that an ad claim makes it in its own round trip (claim_ad_view_with_recent below,
-- docs/decisions/0023); a short-link claim calls it after its commit. Answers jsonb:
--   claims: the member's latest p_limit claims on the channel, newest first, each
--           [id, claimable_at, consumed_at] with the instants in epoch milliseconds;
--   inLastHour: claims of both channels consumed after p_hour_ago;
--   today: claims on the channel consumed at or after p_day_start (the IST day's start);
--   hourLimit: the operators' claims-per-hour limit (risk_policy), null when never saved.
-- PL/pgSQL rather than SQL: its statement's plan is kept for the session's later calls.
CREATE OR REPLACE FUNCTION recent_claims(
  p_user_id text,
  p_channel text,
  p_hour_ago timestamptz,
  p_day_start timestamptz,
  p_limit integer
) RETURNS jsonb LANGUAGE plpgsql AS $$
BEGIN
  RETURN (SELECT jsonb_build_object(
    'claims', coalesce((
      SELECT jsonb_agg(jsonb_build_array(c.id,
          floor(extract(epoch FROM c.claimable_at) * 1000)::bigint,
          floor(extract(epoch FROM c.consumed_at) * 1000)::bigint)
        ORDER BY c.consumed_at DESC, c.id DESC)
      FROM (
        (SELECT a.id, a.claimable_at, a.consumed_at FROM ad_views a
          WHERE p_channel = 'ptc_ads' AND a.user_id = p_user_id AND a.consumed_at IS NOT NULL
          ORDER BY a.consumed_at DESC, a.id DESC LIMIT p_limit)
        UNION ALL
        (SELECT s.id, s.claimable_at, s.consumed_at FROM short_link_tokens s
          WHERE p_channel = 'click_short_link' AND s.user_id = p_user_id AND s.consumed_at IS NOT NULL
          ORDER BY s.consumed_at DESC, s.id DESC LIMIT p_limit)
      ) c
    ), '[]'::jsonb),
    'inLastHour',
      (SELECT count(*) FROM ad_views a WHERE a.user_id = p_user_id AND a.consumed_at > p_hour_ago)
      + (SELECT count(*) FROM short_link_tokens s WHERE s.user_id = p_user_id AND s.consumed_at > p_hour_ago),
    'today', CASE p_channel
      WHEN 'ptc_ads' THEN (SELECT count(*) FROM ad_views a
        WHERE a.user_id = p_user_id AND a.consumed_at >= p_day_start)
      ELSE (SELECT count(*) FROM short_link_tokens s
        WHERE s.user_id = p_user_id AND s.consumed_at >= p_day_start)
    END,
    'hourLimit', (SELECT (value->>'claimsPerHourLimit')::int FROM settings WHERE key = 'risk_policy')
  ));
END;
$$;
--> statement-breakpoint
-- claim_ad_view_with_recent: claim_ad_view with the risk signals' read in the same round trip.
-- The reads run first, before claim_ad_view takes the campaign's lock (which the claim holds to its
-- commit, and which every claim of the campaign waits for): so they never lengthen that wait, and
-- the read does not include this claim. The caller adds this claim to it (api/ads/views.ts), from
-- the view's id and claimable_at, read by its token (neither changes when the view is consumed).
CREATE OR REPLACE FUNCTION claim_ad_view_with_recent(
  p_user_id text,
  p_token text,
  p_campaign_id text,
  p_now timestamptz,
  p_default_rate_bp integer,
  p_hour_ago timestamptz,
  p_day_start timestamptz,
  p_limit integer
) RETURNS TABLE (
  refused text,
  suspended_at timestamptz,
  suspended_reason text,
  banned_at timestamptz,
  campaign_id text,
  amount bigint,
  withdrawable bigint,
  income_today bigint,
  recent jsonb,
  view_id bigint,
  claimable_at timestamptz
) LANGUAGE plpgsql AS $$
DECLARE
  v_recent jsonb := recent_claims(p_user_id, 'ptc_ads', p_hour_ago, p_day_start, p_limit);
  v_view_id bigint;
  v_claimable_at timestamptz;
BEGIN
  SELECT v.id, v.claimable_at INTO v_view_id, v_claimable_at FROM ad_views v WHERE v.token = p_token;
  RETURN QUERY
  SELECT c.refused, c.suspended_at, c.suspended_reason, c.banned_at, c.campaign_id, c.amount,
    c.withdrawable, c.income_today, v_recent, v_view_id, v_claimable_at
  FROM claim_ad_view(p_user_id, p_token, p_campaign_id, p_now, p_default_rate_bp) c;
END;
$$;
