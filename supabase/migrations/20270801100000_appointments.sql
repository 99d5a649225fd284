-- Confirmed visits: one per request at most, in one of its arrival windows, with who confirmed
-- it and when. Confirming takes one of the window's visits (window_bookings) in the same transaction.
create table if not exists public.appointments (
  lead_id uuid primary key references public.leads (id) on delete cascade,
  window_id text not null,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  confirmed_by text not null,
  confirmed_at timestamptz not null
);
create index if not exists appointments_starts_at_idx on public.appointments (starts_at);

select private.lock_down('public.appointments');

-- The visitor's reminder the day before, between 8 am and 9 pm on the company's clock: a job of its own.
alter table public.outbox_jobs drop constraint if exists outbox_jobs_kind_check;
alter table public.outbox_jobs add constraint outbox_jobs_kind_check check (kind in (
  'customer_email', 'customer_sms', 'company_email', 'crm_forward',
  'alert_sms', 'alert_chat', 'alert_email', 'alert_step', 'morning_summary', 'spam_digest', 'weekly_report',
  'pipeline_check', 'check_email', 'appointment_reminder'));
