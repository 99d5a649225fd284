-- The pipeline check: once a day, after each deploy and on demand, a synthetic request goes
-- through a public function over HTTP, marked by a signed header. It is stored here, apart from real
-- leads (no notice, no alert, no customer message, no CRM forward), with the check's report, and purged
-- after 30 days. One check runs at a time: a second one started meanwhile is told so and does nothing.
create table if not exists public.pipeline_checks (
  id uuid primary key default gen_random_uuid(),
  trigger text not null check (trigger in ('daily', 'deploy', 'manual')),
  status text not null default 'running' check (status in ('running', 'passed', 'failed', 'timed_out')),
  started_at timestamptz not null,
  -- A running check whose lease has passed hung or was killed: the next check or the worker's sweep reports it.
  lease_until timestamptz not null,
  finished_at timestamptz,
  -- The synthetic request: its submission id (signed into its header), what the function stored of it, when.
  submission_id uuid not null unique,
  lead_function text,
  lead jsonb,
  reference text,
  lead_stored_at timestamptz,
  report jsonb,
  -- The outside dead-man's switch was pinged (only when the check passed).
  pinged_at timestamptz,
  -- The channels the failure was told through.
  notified text[] not null default '{}'
);
select private.lock_down('public.pipeline_checks');
create unique index if not exists pipeline_checks_one_running on public.pipeline_checks ((true)) where status = 'running';
create index if not exists pipeline_checks_started_at_idx on public.pipeline_checks (started_at);

-- The daily check's job (due at PIPELINE_CHECK_TIME) and the check's test e-mail to the office inbox.
alter table public.outbox_jobs drop constraint if exists outbox_jobs_kind_check;
alter table public.outbox_jobs add constraint outbox_jobs_kind_check check (kind in (
  'customer_email', 'customer_sms', 'company_email', 'crm_forward',
  'alert_sms', 'alert_chat', 'alert_email', 'alert_step', 'morning_summary', 'spam_digest', 'weekly_report',
  'pipeline_check', 'check_email'));

-- The check's own jobs are purged with it after 30 days (only they are in this index).
create index if not exists outbox_jobs_check_created_at_idx on public.outbox_jobs (created_at)
  where kind in ('pipeline_check', 'check_email');
