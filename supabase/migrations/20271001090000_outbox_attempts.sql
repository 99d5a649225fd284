-- When a try of a job may have begun (outbox/claim.ts): written, and committed, before the try's call to
-- the provider. A job found still 'sending' with it set once its lease is over (its worker died, was killed
-- or lost the database mid-try) may have been delivered: its next try looks it up at the provider or sends
-- it under the same idempotency key, never blindly again.
alter table public.outbox_jobs add column if not exists attempt_started_at timestamptz;
