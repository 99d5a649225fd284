-- Consent time is the server's receipt time. consent_at and sms_consent_at now hold
-- when the function received the consent; the browser's own clock is kept beside them, only when it can
-- be right (a real instant after 2020-01-01 and at most a day after receipt, _shared/client-time.ts):
-- otherwise null, and the lead is flagged time_out_of_range. RLS is unchanged: the functions write these.
alter table public.leads add column if not exists consent_client_at timestamptz;
alter table public.leads add column if not exists sms_consent_client_at timestamptz;
alter table public.contact_messages add column if not exists consent_client_at timestamptz;
alter table public.contact_messages add column if not exists sms_consent_client_at timestamptz;
