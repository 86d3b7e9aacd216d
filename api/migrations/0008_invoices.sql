-- Tax-free invoices and the merchants who issue them (ARCHITECTURE "The api": merchant intake, invoices).
--
-- A merchant is a vendor (a shop issuing its own invoices) or a broker (an intermediary issuing them on behalf of
-- vendors). Each has its own API key, stored as a sha256 hash: the key is random and long, so a fast hash suffices.
create table merchant (
  id integer generated always as identity primary key,
  kind text not null check (kind in ('VENDOR', 'BROKER')),
  name text not null,
  vat_number text not null,
  api_key_hash char(64) not null,
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);

create unique index merchant_vat_number_key on merchant (kind, vat_number);
create unique index merchant_api_key_hash_key on merchant (api_key_hash);

-- An invoice belongs to whoever holds the identity document written on it: it is matched to the traveler at query
-- time through the document (type, issuing country, number in upper case), so a traveler who registers after the
-- purchase sees it at once and nothing has to be copied when an account is created, changed or deleted. The id is
-- the refund id (idRichiestaRimborso) of SPEC §3.
create table invoice (
  id integer generated always as identity primary key,
  request_code text not null,
  -- The merchant whose key sent the invoice (the vendor itself, or its broker).
  merchant_id integer not null references merchant (id),
  vendor_vat_number text not null,
  vendor_name text not null,
  broker_name text,
  invoice_number text not null,
  emission_date date not null,
  total_amount numeric(12, 2) not null check (total_amount > 70),
  iva_amount numeric(12, 2) not null check (iva_amount >= 0 and iva_amount < total_amount),
  document_type text not null references document_type (code),
  document_country text not null references country (code),
  document_number text not null check (document_number = upper(document_number)),
  traveler_name text not null,
  -- SPEC §4: 1/30 available, 90 in a pending request, 100 granted, 40 customs check, 50 not selected, 10/20 denied.
  state_code smallint not null default 1,
  -- A granted invoice whose request is 'in completion': the traveler still has to go airside.
  in_completion boolean not null default false,
  customs_office text,
  release_date timestamptz,
  release_code text,
  -- Set by a credit note: the invoice no longer exists for the traveler.
  credit_note_number text,
  cancelled_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create unique index invoice_request_code_key on invoice (request_code);
-- No duplicate invoice per vendor: invoice numbers restart every year, so the year is part of the key.
create unique index invoice_vendor_number_key on invoice (vendor_vat_number, upper(invoice_number), (extract(year from emission_date)));
-- The traveler's invoices, newest first (every private invoice call).
create index invoice_holder_idx on invoice (document_type, document_country, document_number, emission_date desc, id desc)
  where cancelled_at is null;
