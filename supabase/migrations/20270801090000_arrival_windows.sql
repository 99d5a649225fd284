-- Arrival windows: the windows a visitor picked, kept with the request as they stood when it
-- came in, and how many visits each window has taken. A window is named by its local date and start
-- ("2026-12-01@08:00", supabase/functions/_shared/kernel/arrival-windows.ts); its capacity is the data's.
alter table public.leads add column if not exists preferred_windows jsonb;

-- One row per window that has taken a visit: confirming takes one in a single statement, never past the
-- window's capacity, whatever the order or concurrency of confirmations.
create table if not exists public.window_bookings (
  window_id text primary key,
  starts_at timestamptz not null,
  booked integer not null default 0 check (booked >= 0)
);
create index if not exists window_bookings_starts_at_idx on public.window_bookings (starts_at);

select private.lock_down('public.window_bookings');
