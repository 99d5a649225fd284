-- A body of another site version is stored, not refused (validate.ts): what the functions could not read of it
-- (an unknown field, a value of another type) is kept as sent beside the request, by its path, so the office
-- loses nothing. Bounded by the body's own size (64 KB) and at most 20 paths.
alter table public.leads add column if not exists unread_fields jsonb not null default '{}'::jsonb;
alter table public.contact_messages add column if not exists unread_fields jsonb not null default '{}'::jsonb;

-- One request per reference (reference-claim.ts), across leads and messages: the first to claim it keeps it.
create table if not exists public.visitor_references (
  reference text primary key,
  submission_id uuid not null unique,
  claimed_at timestamptz not null default now()
);

-- References given twice before this: the earliest request keeps its own, each later one is told apart by a
-- suffix ("WEB123456-2"), so the office can still find it by the number its visitor was shown.
with refs as (
  select 'lead' as record, id, reference, created_at from public.leads where reference is not null
  union all
  select 'message', id, reference, created_at from public.contact_messages where reference is not null
), numbered as (
  select record, id, reference,
         row_number() over (partition by reference order by created_at, record, id) as n
  from refs
), leads_renamed as (
  update public.leads l set reference = l.reference || '-' || n.n
  from numbered n where n.record = 'lead' and n.id = l.id and n.n > 1
  returning l.id
)
update public.contact_messages m set reference = m.reference || '-' || n.n
from numbered n where n.record = 'message' and n.id = m.id and n.n > 1;

insert into public.visitor_references (reference, submission_id, claimed_at)
select reference, submission_id, created_at from public.leads where reference is not null
union all
select reference, submission_id, created_at from public.contact_messages where reference is not null
on conflict do nothing;

drop index if exists public.leads_reference_idx;
drop index if exists public.contact_messages_reference_idx;
create unique index if not exists leads_reference_key on public.leads (reference);
create unique index if not exists contact_messages_reference_key on public.contact_messages (reference);

-- Each Turnstile token's first submission (spam/turnstile-pass.ts): a token replayed on another one is flagged.
-- Only the token's hash is kept, as long as the passes are.
create table if not exists public.turnstile_tokens (
  token_hash text primary key,
  submission_id uuid not null,
  used_at timestamptz not null
);
create index if not exists turnstile_tokens_used_at_idx on public.turnstile_tokens (used_at);

select private.lock_down('public.visitor_references');
select private.lock_down('public.turnstile_tokens');
