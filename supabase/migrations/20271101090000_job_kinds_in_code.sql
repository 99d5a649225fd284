-- The outbox's job kinds and the alert budget's channels are checked in code, not here: a kind is
-- refused when a job is queued (supabase/functions/_shared/outbox/queue.ts, from the one list in
-- outbox/job-kinds.ts), and the budget counts only the channels registered in notify/registry.ts.
-- A new alert channel is then one file and one line, with no migration re-listing every kind
-- (docs/decisions.md).
alter table public.outbox_jobs drop constraint if exists outbox_jobs_kind_check;
alter table public.alert_spend drop constraint if exists alert_spend_channel_check;
