-- Change notifications scoped to the tenant a write touched (issue 24 §1, db/change-notifications.ts):
-- the unscoped statement trigger `portal_data_changed` of every table goes; migrate() then installs
-- the per-event triggers `portal_data_insert/update/delete/truncate`, whose functions read the
-- statement's rows from transition tables and name each organization and dealership they touched.
DO $$
DECLARE t record;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_trigger g
    JOIN pg_class c ON c.oid = g.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND g.tgname = 'portal_data_changed'
  LOOP
    EXECUTE format('DROP TRIGGER %I ON public.%I', 'portal_data_changed', t.relname);
  END LOOP;
END $$;
