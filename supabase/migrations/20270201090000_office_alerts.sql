-- The office acts on every lead within minutes: alerts, escalation, acknowledgement and spam review.

-- 1. Each lead and contact message keeps when the office was first alerted, and who acknowledged it when.
alter table public.leads add column if not exists first_alerted_at timestamptz;
alter table public.leads add column if not exists acknowledged_at timestamptz;
alter table public.leads add column if not exists acknowledged_by text;
alter table public.contact_messages add column if not exists first_alerted_at timestamptz;
alter table public.contact_messages add column if not exists acknowledged_at timestamptz;
alter table public.contact_messages add column if not exists acknowledged_by text;

-- 2. New kinds of outbox job: one delivery per channel and contact (SMS, chat, e-mail), the escalation
--    step that decides who is next, the morning summary and the daily spam digest.
alter table public.outbox_jobs drop constraint if exists outbox_jobs_kind_check;
alter table public.outbox_jobs add constraint outbox_jobs_kind_check check (kind in (
  'customer_email', 'company_email', 'crm_forward',
  'alert_sms', 'alert_chat', 'alert_email', 'alert_step', 'morning_summary', 'spam_digest'));

-- 3. Spam stays reviewable for 30 days: every call's body (the wizard makes three), when it was listed
--    in a digest, and when the office released it as a real lead.
alter table public.spam_attempts add column if not exists calls jsonb not null default '{}'::jsonb;
alter table public.spam_attempts add column if not exists digested_at timestamptz;
alter table public.spam_attempts add column if not exists released_at timestamptz;
alter table public.spam_attempts add column if not exists released_reference uuid;
update public.spam_attempts set calls = jsonb_build_object(function_name, body) where calls = '{}'::jsonb;

-- 4. The local alerts page is the local backend's own table (server/local-sinks.ts), never production's.

select private.lock_down(format('public.%I', tablename)::regclass) from pg_tables where schemaname = 'public';
