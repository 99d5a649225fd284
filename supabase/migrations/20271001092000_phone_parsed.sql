-- A visitor's phone number as the functions read it (supabase/functions/_shared/phone-number.ts, libphonenumber-js):
-- `phone` stays as typed; beside it its E.164 and its extension, apart ("914-555-0100 x123" is +19145550100 and 123).
-- Both are null for a number that could not be read (the lead is flagged `phone_unread`, never refused) and for a
-- request stored before the functions read numbers. An E.164 has at most 15 digits.
alter table public.leads add column if not exists phone_e164 text;
alter table public.leads add column if not exists phone_extension text;
alter table public.contact_messages add column if not exists phone_e164 text;
alter table public.contact_messages add column if not exists phone_extension text;

alter table public.leads drop constraint if exists leads_phone_e164_check;
alter table public.leads add constraint leads_phone_e164_check check (phone_e164 ~ '^\+[1-9][0-9]{1,14}$');
alter table public.contact_messages drop constraint if exists contact_messages_phone_e164_check;
alter table public.contact_messages add constraint contact_messages_phone_e164_check check (phone_e164 ~ '^\+[1-9][0-9]{1,14}$');
alter table public.leads drop constraint if exists leads_phone_extension_check;
alter table public.leads add constraint leads_phone_extension_check check (phone_extension ~ '^[0-9]{1,10}$');
alter table public.contact_messages drop constraint if exists contact_messages_phone_extension_check;
alter table public.contact_messages add constraint contact_messages_phone_extension_check check (phone_extension ~ '^[0-9]{1,10}$');
