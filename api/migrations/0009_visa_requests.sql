-- Visa requests, their invoices, and the exit point that scans their QR codes (ARCHITECTURE "Domain states").
--
-- A request (id = SPEC's idRichiesta) belongs to one traveler. State codes (SPEC §4): 1 pending, 10 expired,
-- 20 customs check, 50 completed 'in completion' (green light: go airside), 100 completed.
create table visa_request (
  id integer generated always as identity primary key,
  -- The public reference printed with the QR (SPEC's visaRequestId).
  public_id uuid not null default gen_random_uuid(),
  request_code text not null,
  traveler_id integer not null references traveler (id) on delete cascade,
  state_code smallint not null default 1 check (state_code in (1, 10, 20, 50, 100)),
  transport_type text not null references transport_type (code),
  crew_member boolean not null default false,
  -- The departure, an instant (sent by the browser as UTC ISO).
  travel_date timestamptz not null,
  travel_doc_type text references document_type (code),
  travel_doc_number text,
  destination_country text not null references country (code),
  destination_free_zone text references free_zone (code),
  destination_airport text references airport (code),
  flight_number text,
  -- The QR's token is signed over (public_id, traveler, this instant); a new one is issued at every change, which
  -- makes earlier QR codes of the request stale.
  qr_issued_at timestamptz not null default now(),
  -- Risk analysis: the traffic light (1 green, 5 yellow, 10 red), the reasons (catalogue keys with their values) and
  -- who started it (TRAVELER from the portal, KIOSK or OFFICER at the exit point).
  risk_result smallint check (risk_result in (1, 5, 10)),
  risk_reasons jsonb,
  risk_origin text check (risk_origin in ('TRAVELER', 'KIOSK', 'OFFICER')),
  risk_analysed_at timestamptz,
  -- The exit point that scanned the QR, and when; a scanned token of a completed request cannot be used again.
  scanned_at timestamptz,
  scanned_by integer,
  customs_office text,
  completed_at timestamptz,
  expired_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create unique index visa_request_public_id_key on visa_request (public_id);
create unique index visa_request_request_code_key on visa_request (request_code);
create index visa_request_traveler_idx on visa_request (traveler_id, created_at desc, id desc);
-- The expiry job: pending requests by departure.
create index visa_request_pending_travel_idx on visa_request (travel_date) where state_code = 1;

-- The invoices of a request. `released_at` is set when the invoice leaves the request (request deleted or expired):
-- the history stays, and an invoice is in at most one live request.
create table visa_request_invoice (
  visa_request_id integer not null references visa_request (id) on delete cascade,
  invoice_id integer not null references invoice (id),
  released_at timestamptz,
  primary key (visa_request_id, invoice_id)
);

create unique index visa_request_invoice_live_key on visa_request_invoice (invoice_id) where released_at is null;

-- Kiosks and customs officers at the exit points, each with its own API key (sha256, like the merchants').
create table exit_point_client (
  id integer generated always as identity primary key,
  kind text not null check (kind in ('KIOSK', 'OFFICER')),
  name text not null,
  -- The customs office the client works at (e.g. IT277100, Milano Malpensa): written on the invoices it releases.
  customs_office text not null,
  api_key_hash char(64) not null,
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);

create unique index exit_point_client_api_key_hash_key on exit_point_client (api_key_hash);

alter table visa_request add constraint visa_request_scanned_by_fkey foreign key (scanned_by) references exit_point_client (id);

-- What the exit point did: every scan and decision, for the agency's audit.
create table exit_point_event (
  id bigint generated always as identity primary key,
  client_id integer not null references exit_point_client (id),
  visa_request_id integer references visa_request (id) on delete set null,
  -- SCAN_REFUSED, RISK_ANALYSED, GRANTED, CUSTOMS_CHECK, DECIDED.
  kind text not null,
  detail jsonb,
  created_at timestamptz not null default now()
);

create index exit_point_event_request_idx on exit_point_event (visa_request_id);
