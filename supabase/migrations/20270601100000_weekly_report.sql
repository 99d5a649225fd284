-- The owner's weekly report: a job per week, due Monday at opening time, that queues the
-- report's e-mail (supabase/functions/_shared/report/). Every existing kind, plus 'weekly_report'.
alter table public.outbox_jobs drop constraint if exists outbox_jobs_kind_check;
alter table public.outbox_jobs add constraint outbox_jobs_kind_check check (kind in (
  'customer_email', 'customer_sms', 'company_email', 'crm_forward',
  'alert_sms', 'alert_chat', 'alert_email', 'alert_step', 'morning_summary', 'spam_digest', 'weekly_report'));

-- The report counts dead deliveries and released spam by when they happened in the week.
create index if not exists outbox_jobs_dead_updated_at_idx on public.outbox_jobs (updated_at) where status = 'dead';
create index if not exists spam_attempts_released_at_idx on public.spam_attempts (released_at) where released_at is not null;
create index if not exists leads_missed_at_idx on public.leads (missed_at) where missed_at is not null;
create index if not exists contact_messages_missed_at_idx on public.contact_messages (missed_at) where missed_at is not null;
