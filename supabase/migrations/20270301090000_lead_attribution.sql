-- Where each lead came from and what it agreed to (issue 16), on leads and contact messages alike.
-- 1. attribution: the first and last campaign touch as the function received and validated them
--    (attribution.ts), null for a lead sent before forms carried it.
-- 2. consent_*: the version of the consent sentence shown next to the submit button and when it was
--    agreed to; sms_consent_*: the SMS opt-in's, null unless the visitor ticked it.
-- RLS is unchanged: these tables are still written by the functions only.
alter table public.leads add column if not exists attribution jsonb;
alter table public.leads add column if not exists consent_version text;
alter table public.leads add column if not exists consent_at timestamptz;
alter table public.leads add column if not exists sms_consent_version text;
alter table public.leads add column if not exists sms_consent_at timestamptz;
alter table public.contact_messages add column if not exists attribution jsonb;
alter table public.contact_messages add column if not exists consent_version text;
alter table public.contact_messages add column if not exists consent_at timestamptz;
alter table public.contact_messages add column if not exists sms_consent_version text;
alter table public.contact_messages add column if not exists sms_consent_at timestamptz;
