-- Hardening round two.
-- 1. A submission id may be reused only by the wizard's three calls with the same lead: each call
--    records the hash of its lead fields, so a later call to another function can be compared.
alter table public.function_calls add column if not exists lead_hash text;

-- 2. A time spent in the form that no browser can measure (negative, endless) is a bot's.
alter table public.spam_attempts drop constraint if exists spam_attempts_reason_check;
alter table public.spam_attempts add constraint spam_attempts_reason_check
  check (reason in ('honeypot', 'too_fast', 'impossible_fill_time'));
