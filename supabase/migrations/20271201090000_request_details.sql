-- A request's own fields without a column of their own (supabase/functions/_shared/kernel/request-fields.ts): one JSON
-- document per row, by the field's declared name, so a new optional field needs no migration. The columns every
-- request shares (name, phone, e-mail, language, reference, consent, attribution, outcome) and the fields that had
-- a column before stay where they are: whoever reads the tables from outside keeps reading them.
alter table public.leads add column if not exists details jsonb not null default '{}'::jsonb;
alter table public.contact_messages add column if not exists details jsonb not null default '{}'::jsonb;
