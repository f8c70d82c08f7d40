CREATE TABLE "dealership_monthly_metrics" (
	"dealership_id" integer NOT NULL,
	"month" date NOT NULL,
	"impressions" bigint[] NOT NULL,
	"clicks" bigint[] NOT NULL,
	"spend" numeric(16, 2)[] NOT NULL,
	"leads" bigint[] NOT NULL,
	"calls" bigint[] NOT NULL,
	"sales" bigint[] NOT NULL,
	CONSTRAINT "dealership_monthly_metrics_dealership_id_month_pk" PRIMARY KEY("dealership_id","month")
);
--> statement-breakpoint
-- dealership_monthly_metrics holds each dealership's month as running sums of dealership_daily_metrics
-- (src/db/schema/rollups.ts): element i of an array is the sum of the month's days 1..i. Statement
-- triggers on dealership_daily_metrics (written by the triggers of campaign_daily_metrics, in the same
-- statement) add each statement's difference (portal_rollup_monthly_add): the changed days grouped per
-- dealership and month, spread over every day of the month as running differences, added element by
-- element. Additive like the daily roll-up, so concurrent writers of one month serialize on its row
-- and lose nothing.
CREATE FUNCTION portal_add_arrays(a bigint[], b bigint[]) RETURNS bigint[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_agg(x + y ORDER BY i) FROM unnest(a, b) WITH ORDINALITY u(x, y, i)
$$;
--> statement-breakpoint
CREATE FUNCTION portal_add_arrays(a numeric[], b numeric[]) RETURNS numeric[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_agg(x + y ORDER BY i) FROM unnest(a, b) WITH ORDINALITY u(x, y, i)
$$;
--> statement-breakpoint
-- Adds the differences of days (parallel arrays: dealership, date, then each summed column) to the
-- months they fall in. Days of one dealership and date appear at most once.
CREATE FUNCTION portal_rollup_monthly_add(d_dealership integer[], d_date date[], d_impressions bigint[],
  d_clicks bigint[], d_spend numeric[], d_leads bigint[], d_calls bigint[], d_sales bigint[]) RETURNS void
LANGUAGE sql AS $$
  WITH d AS (
    SELECT * FROM unnest(d_dealership, d_date, d_impressions, d_clicks, d_spend, d_leads, d_calls, d_sales)
      AS u(dealership_id, date, impressions, clicks, spend, leads, calls, sales)
  ), k AS (
    SELECT DISTINCT dealership_id, date_trunc('month', date)::date AS month FROM d
  ), s AS (
    SELECT k.dealership_id, k.month, g.day,
      sum(coalesce(d.impressions, 0)) OVER w AS impressions, sum(coalesce(d.clicks, 0)) OVER w AS clicks,
      sum(coalesce(d.spend, 0)) OVER w AS spend, sum(coalesce(d.leads, 0)) OVER w AS leads,
      sum(coalesce(d.calls, 0)) OVER w AS calls, sum(coalesce(d.sales, 0)) OVER w AS sales
    FROM k
    CROSS JOIN generate_series(k.month, k.month + interval '1 month' - interval '1 day', interval '1 day') AS g(day)
    LEFT JOIN d ON d.dealership_id = k.dealership_id AND d.date = g.day::date
    WINDOW w AS (PARTITION BY k.dealership_id, k.month ORDER BY g.day)
  )
  INSERT INTO dealership_monthly_metrics AS t (dealership_id, month, impressions, clicks, spend, leads, calls, sales)
  SELECT dealership_id, month, array_agg(impressions::bigint ORDER BY day), array_agg(clicks::bigint ORDER BY day),
    array_agg(spend ORDER BY day), array_agg(leads::bigint ORDER BY day), array_agg(calls::bigint ORDER BY day),
    array_agg(sales::bigint ORDER BY day)
  FROM s GROUP BY dealership_id, month ORDER BY dealership_id, month
  ON CONFLICT (dealership_id, month) DO UPDATE SET impressions = portal_add_arrays(t.impressions, excluded.impressions),
    clicks = portal_add_arrays(t.clicks, excluded.clicks), spend = portal_add_arrays(t.spend, excluded.spend),
    leads = portal_add_arrays(t.leads, excluded.leads), calls = portal_add_arrays(t.calls, excluded.calls),
    sales = portal_add_arrays(t.sales, excluded.sales)
$$;
--> statement-breakpoint
CREATE FUNCTION portal_rollup_monthly_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM portal_rollup_monthly_add(array_agg(dealership_id), array_agg(date), array_agg(impressions), array_agg(clicks),
    array_agg(spend), array_agg(leads), array_agg(calls), array_agg(sales))
  FROM portal_daily_new WHERE (impressions, clicks, spend, leads, calls, sales) <> (0, 0, 0, 0, 0, 0);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION portal_rollup_monthly_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM portal_rollup_monthly_add(array_agg(n.dealership_id), array_agg(n.date), array_agg(n.impressions - o.impressions),
    array_agg(n.clicks - o.clicks), array_agg(n.spend - o.spend), array_agg(n.leads - o.leads),
    array_agg(n.calls - o.calls), array_agg(n.sales - o.sales))
  FROM portal_daily_new n JOIN portal_daily_old o USING (dealership_id, date)
  WHERE (n.impressions, n.clicks, n.spend, n.leads, n.calls, n.sales) <> (o.impressions, o.clicks, o.spend, o.leads, o.calls, o.sales);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION portal_rollup_monthly_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM portal_rollup_monthly_add(array_agg(dealership_id), array_agg(date), array_agg(-impressions), array_agg(-clicks),
    array_agg(-spend), array_agg(-leads), array_agg(-calls), array_agg(-sales))
  FROM portal_daily_old WHERE (impressions, clicks, spend, leads, calls, sales) <> (0, 0, 0, 0, 0, 0);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION portal_rollup_monthly_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE dealership_monthly_metrics;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER portal_monthly_insert AFTER INSERT ON dealership_daily_metrics REFERENCING NEW TABLE AS portal_daily_new
  FOR EACH STATEMENT EXECUTE FUNCTION portal_rollup_monthly_insert();
--> statement-breakpoint
CREATE TRIGGER portal_monthly_update AFTER UPDATE ON dealership_daily_metrics
  REFERENCING OLD TABLE AS portal_daily_old NEW TABLE AS portal_daily_new
  FOR EACH STATEMENT EXECUTE FUNCTION portal_rollup_monthly_update();
--> statement-breakpoint
CREATE TRIGGER portal_monthly_delete AFTER DELETE ON dealership_daily_metrics REFERENCING OLD TABLE AS portal_daily_old
  FOR EACH STATEMENT EXECUTE FUNCTION portal_rollup_monthly_delete();
--> statement-breakpoint
CREATE TRIGGER portal_monthly_truncate AFTER TRUNCATE ON dealership_daily_metrics
  FOR EACH STATEMENT EXECUTE FUNCTION portal_rollup_monthly_truncate();
--> statement-breakpoint
SELECT portal_rollup_monthly_add(array_agg(dealership_id), array_agg(date), array_agg(impressions), array_agg(clicks),
  array_agg(spend), array_agg(leads), array_agg(calls), array_agg(sales))
FROM dealership_daily_metrics;
