-- Where each lead came from and what it agreed to, on leads and contact messages alike.
-- 1. attribution: the first and last campaign touch as the function received and validated them
--    (attribution.ts), null for a lead sent before forms carried it.
-- 2. consent_*: the version of the consent sentence shown next to the submit button and when it was
--    agreed to; sms_consent_*: the SMS opt-in's, null unless the visitor ticked it.
-- RLS is unchanged: these tables are still written by the functions only.
do $$
declare
  t text;
begin
  foreach t in array array['leads', 'contact_messages'] loop
    execute format('alter table public.%I
      add column if not exists attribution jsonb,
      add column if not exists consent_version text,
      add column if not exists consent_at timestamptz,
      add column if not exists sms_consent_version text,
      add column if not exists sms_consent_at timestamptz', t);
  end loop;
end
$$;
