-- Texts both ways (supabase/functions/_shared/texts/): what customers text to the company's numbers, and their
-- consent to our texts as they last said it.
--
-- A number's consent history: each STOP (or another opt-out word) and each START, in the order received, never
-- overwritten: the number's state is its newest event; a number with none has only the consent its requests
-- stored (leads.sms_consent_at). Every text we send to a customer or an on-call number is checked against it when
-- it is sent (texts/opt-outs.ts).
create table if not exists public.sms_consent_events (
  id bigint generated always as identity primary key,
  phone_e164 text not null check (phone_e164 ~ '^\+[1-9][0-9]{1,14}$'),
  event text not null check (event in ('opt_out', 'opt_in')),
  -- The word as matched (STOP, PARAR, START…), and the text that said it.
  word text not null,
  message_sid text,
  at timestamptz not null
);
create index if not exists sms_consent_events_phone_idx on public.sms_consent_events (phone_e164, at desc, id desc);

-- Each text Twilio posted to the inbound webhook, once: its MessageSid is the key, so a retry of the same text
-- stores nothing twice and is answered with the answer the first got (Twilio retries a webhook it got no answer
-- from). The request it was stored on, when it is a reply (null for a keyword, or a number we know nothing of).
create table if not exists public.inbound_texts (
  message_sid text primary key,
  from_e164 text not null,
  to_e164 text not null,
  body text not null,
  kind text not null check (kind in ('opt_out', 'opt_in', 'help', 'reply')),
  lead_id uuid references public.leads (id) on delete set null,
  contact_message_id uuid references public.contact_messages (id) on delete set null,
  -- The TwiML the webhook answered, replayed to a retry.
  answer text not null,
  received_at timestamptz not null
);
create index if not exists inbound_texts_from_idx on public.inbound_texts (from_e164, received_at desc);

-- A reply reaches the office as a request of its own, a message that came by text (channel 'sms'), alerted and
-- escalated as a contact message is: its row is kept beside the text (inbound_texts.message_id), and the text stays
-- linked to the request it answers (lead_id, contact_message_id).
alter table public.contact_messages add column if not exists channel text not null default 'web';
alter table public.contact_messages drop constraint if exists contact_messages_channel_check;
alter table public.contact_messages add constraint contact_messages_channel_check check (channel in ('web', 'sms'));
alter table public.inbound_texts add column if not exists message_id uuid references public.contact_messages (id) on delete set null;

select private.lock_down('public.sms_consent_events');
select private.lock_down('public.inbound_texts');
