-- Why the office should look twice at a stored lead (_shared/lead-flags.ts): a value the
-- functions' data does not know, an origin or apikey that is not configured, a Turnstile check that could
-- not vouch for the visitor, a browser time out of range. The lead is stored either way; these say why.
alter table public.leads add column if not exists flags jsonb not null default '[]'::jsonb;
alter table public.contact_messages add column if not exists flags jsonb not null default '[]'::jsonb;
