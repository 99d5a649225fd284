-- Every lead followed to its outcome.
-- 1. One reference the visitor and the office both see: WEB + six digits (kernel/reference.ts), the one the
--    visitor's browser showed. Leads stored before this have none (the office reads their id instead).
alter table public.leads add column if not exists reference text;
alter table public.contact_messages add column if not exists reference text;
create index if not exists leads_reference_idx on public.leads (reference);
create index if not exists contact_messages_reference_idx on public.contact_messages (reference);

-- 2. What came of it, recorded from the "I'm on it" page and changeable there: the outcome, an optional
--    note, who recorded it and when. 3. When the owner was told nobody acknowledged it (the escalation
--    ended). 4. For a submission filed as spam and released: when the visitor really sent it.
do $$
declare
  t text;
begin
  foreach t in array array['leads', 'contact_messages'] loop
    execute format('alter table public.%I add column if not exists outcome text', t);
    execute format('alter table public.%I add column if not exists outcome_note text', t);
    execute format('alter table public.%I add column if not exists outcome_by text', t);
    execute format('alter table public.%I add column if not exists outcome_at timestamptz', t);
    execute format('alter table public.%I add column if not exists missed_at timestamptz', t);
    execute format('alter table public.%I add column if not exists sent_as_spam_at timestamptz', t);
    execute format('alter table public.%I drop constraint if exists %I', t, t || '_outcome_check');
    execute format($c$alter table public.%I add constraint %I check (outcome in
      ('reached', 'left_message', 'booked', 'not_interested', 'wrong_number', 'spam'))$c$, t, t || '_outcome_check');
    execute format('alter table public.%I drop constraint if exists %I', t, t || '_outcome_note_check');
    execute format('alter table public.%I add constraint %I check (char_length(outcome_note) <= 1000)', t, t || '_outcome_note_check');
    -- The day's board and the weekly report read a week of requests by time.
    execute format('create index if not exists %I on public.%I (created_at)', t || '_created_at_idx', t);
  end loop;
end
$$;

-- 5. The visitor's own confirmation by SMS (only with the SMS opt-in ticked).
alter table public.outbox_jobs drop constraint if exists outbox_jobs_kind_check;
alter table public.outbox_jobs add constraint outbox_jobs_kind_check check (kind in (
  'customer_email', 'customer_sms', 'company_email', 'crm_forward',
  'alert_sms', 'alert_chat', 'alert_email', 'alert_step', 'morning_summary', 'spam_digest'));

-- 6. A released spam record keeps the reference of the lead it became (WEB…, no longer the row's id).
alter table public.spam_attempts alter column released_reference type text using released_reference::text;
