-- Turnstile fails open: a token Cloudflare calls a bot's is filed as spam for the
-- office's review (reason turnstile_failed) instead of refused; one it could not vouch for is stored as a
-- lead flagged turnstile_unverified (the flags column, 20270401090000_lead_flags.sql).
alter table public.spam_attempts drop constraint if exists spam_attempts_reason_check;
alter table public.spam_attempts add constraint spam_attempts_reason_check
  check (reason in ('honeypot', 'too_fast', 'impossible_fill_time', 'turnstile_failed'));
