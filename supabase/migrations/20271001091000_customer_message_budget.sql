-- The customer messages' budget (supabase/functions/_shared/spam/customer-budget.ts): how many
-- confirmations and reminders went, per hour, to one number or e-mail address, from one client address
-- or network, and in all. Keys are salted hashes (never a number, an address or an IP); fixed windows,
-- one row per key and window, pruned as windows end.
create table if not exists public.customer_message_counts (
  key_hash text not null,
  window_start timestamptz not null,
  sent integer not null default 0,
  primary key (key_hash, window_start)
);
create index if not exists customer_message_counts_window_start_idx on public.customer_message_counts (window_start);

select private.lock_down('public.customer_message_counts');
