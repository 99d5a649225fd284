-- A $49 booking's arrival window, held at once: one visit of the window is taken (window_bookings) in
-- the transaction that stores the lead, and kept here until the office confirms it (it becomes the
-- appointment), moves it to another window or releases it (the visit is given back).
create table if not exists public.window_holds (
  lead_id uuid primary key references public.leads (id) on delete cascade,
  window_id text not null,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  held_at timestamptz not null
);
create index if not exists window_holds_window_id_idx on public.window_holds (window_id);

select private.lock_down('public.window_holds');
