-- Alerts survive outages, slow providers and floods.

-- 1. Provider faults. A job remembers how long it has been rate-limited (a quota that never frees up
--    ends dead, with a notice), and when a try's outcome was first unknown (a timeout after Twilio may
--    have sent the SMS): the next try looks the message up before sending it again.
alter table public.outbox_jobs add column if not exists rate_limited_tries integer not null default 0;
alter table public.outbox_jobs add column if not exists rate_limited_since timestamptz;
alter table public.outbox_jobs add column if not exists outcome_unknown_at timestamptz;

-- Each channel's lane claims its own kinds of job (a hanging e-mail API does not hold up the SMS).
create index if not exists outbox_jobs_lane_due_idx
  on public.outbox_jobs (kind, next_attempt_at) where status in ('pending', 'sending');

-- 2. Nothing stored goes unannounced. The worker looks for leads and messages neither alerted nor
--    acknowledged whose alert jobs are all over (dead, or escalation ended) and announces them again:
--    the stored ones still waiting, and the jobs still under way for one.
create index if not exists leads_unannounced_idx
  on public.leads (created_at) where first_alerted_at is null and acknowledged_at is null;
create index if not exists contact_messages_unannounced_idx
  on public.contact_messages (created_at) where first_alerted_at is null and acknowledged_at is null;
create index if not exists outbox_jobs_open_lead_idx
  on public.outbox_jobs (lead_id) where status in ('pending', 'sending') and lead_id is not null;
create index if not exists outbox_jobs_open_message_idx
  on public.outbox_jobs (contact_message_id) where status in ('pending', 'sending') and contact_message_id is not null;

-- 3. The alert budget: SMS and chat messages sent per minute, summed over the last hour and day.
create table if not exists public.alert_spend (
  channel text not null check (channel in ('sms', 'chat')),
  minute timestamptz not null,
  used integer not null default 0,
  primary key (channel, minute)
);

-- 4. "I'm on all N": the leads one summary listed, named by one signed link.
create table if not exists public.alert_batches (
  id uuid primary key default gen_random_uuid(),
  targets jsonb not null,
  created_at timestamptz not null default now()
);
create index if not exists alert_batches_created_at_idx on public.alert_batches (created_at);

select private.lock_down('public.alert_spend');
select private.lock_down('public.alert_batches');
