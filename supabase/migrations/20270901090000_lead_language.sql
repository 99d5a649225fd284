-- The language the visitor used the site in: their e-mails and texts are written in it, and the
-- office is told to call back in it. One of supabase/functions/_shared/kernel/languages.ts' LANGUAGES (an
-- unknown code is stored as English); a request stored before it is English.
alter table public.leads add column if not exists language text not null default 'en';
alter table public.contact_messages add column if not exists language text not null default 'en';

alter table public.leads drop constraint if exists leads_language_check;
alter table public.leads add constraint leads_language_check check (language in ('en', 'es'));
alter table public.contact_messages drop constraint if exists contact_messages_language_check;
alter table public.contact_messages add constraint contact_messages_language_check check (language in ('en', 'es'));
