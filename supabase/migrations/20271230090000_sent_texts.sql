-- Each text we sent through Twilio, by the Message SID Twilio answered with, and what Twilio last told the
-- status webhook of it (sms-status, texts/delivery-status.ts): queued, sent, delivered, undelivered, failed.
-- status_rank orders the states (a final one is never overwritten by an earlier one posted late or retried);
-- error_code is Twilio's (30007 carrier filtering, 30034 an unregistered sender, 21610 a number that texted STOP).
-- job_id is the outbox job that sent it (null for the pipeline check's failure report, sent straight).
create table if not exists public.sent_texts (
  message_sid text primary key,
  job_id uuid references public.outbox_jobs (id) on delete set null,
  kind text not null,
  status text not null,
  status_rank integer not null,
  error_code text,
  sent_at timestamptz not null,
  status_at timestamptz not null
);
create index if not exists sent_texts_sent_at_idx on public.sent_texts (sent_at desc);
create index if not exists sent_texts_job_idx on public.sent_texts (job_id);

select private.lock_down('public.sent_texts');
