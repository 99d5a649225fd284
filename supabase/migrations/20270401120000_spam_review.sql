-- Spam review that never purges a record the office has not seen, and a spam store bounded per address
-- (_shared/alerts/spam-review.ts, _shared/spam/spam-store.ts).

-- 1. A record keeps each call's body once: `body` is the first call's, `calls` the later calls' (the
--    wizard's second and third). Rows written before kept the first call in both.
update public.spam_attempts set calls = calls - function_name where calls -> function_name is not null;

-- 2. `digested_at` is when a digest listing the record was delivered (it was: queued). A record is
--    purged 30 days after it was shown (or released), never before: the ones not shown yet are found here.
create index if not exists spam_attempts_unseen_idx on public.spam_attempts (coalesce(ip_hash, ''), reason, created_at)
  where digested_at is null and released_at is null;

-- 3. What each address filed as spam per day and reason: the budget of what is kept in full (records and
--    their bytes), and the requests past it, only counted (`counted`), until a delivered digest reported
--    them (`shown_counted`). `ip_key` is the address's salted hash ('' when no address was known);
--    `kept_call` is the number of the last call kept, so the one statement that counts a call says
--    whether it was kept.
create table if not exists public.spam_daily_counts (
  ip_key text not null,
  day date not null,
  reason text not null,
  calls integer not null default 0,
  kept_call integer not null default 0,
  records integer not null default 0,
  bytes integer not null default 0,
  counted integer not null default 0,
  shown_counted integer not null default 0,
  first_at timestamptz not null,
  last_at timestamptz not null,
  shown_at timestamptz,
  primary key (ip_key, day, reason)
);
create index if not exists spam_daily_counts_unshown_idx on public.spam_daily_counts (ip_key, reason)
  where counted > shown_counted;

select private.lock_down('public.spam_daily_counts');
