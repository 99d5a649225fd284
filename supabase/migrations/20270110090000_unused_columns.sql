-- Columns no code ever wrote or read, dropped; and what every call records, required.
-- 1. contact_messages.page_url: no function body carries the page's address.
-- 2. contact_messages.is_spam and leads.is_spam: spam never reaches these tables; it is kept apart in
--    spam_attempts (20261201090000_spam_protection.sql), so the flag was false on every row.
alter table public.contact_messages drop column if exists page_url;
alter table public.contact_messages drop column if exists is_spam;
alter table public.leads drop column if exists is_spam;

-- 3. Every recorded call has its answer: the replay reads both, and a row without them could not be replayed.
alter table public.function_calls alter column status_code set not null;
alter table public.function_calls alter column response set not null;
