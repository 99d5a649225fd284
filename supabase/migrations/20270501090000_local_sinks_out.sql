-- The local mailbox and alerts page are the local backend's own tables (server/local-sinks.ts creates
-- them after migrating). The migrations that first made them no longer do; a database they were made
-- in (production's among them, which never used them) drops them here.
drop table if exists public.dev_mailbox;
drop table if exists public.dev_alerts;
