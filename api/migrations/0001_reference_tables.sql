-- Reference data of the public typology calls (SPEC §3 "Lookup records", §7). Every label is stored in both
-- interface languages; the api picks one per request and sorts by it. The rows come with 0002 (generated).

create table country (
  code text primary key check (code ~ '^[A-Z]{2}$'),  -- ISO 3166-1 alpha-2
  description_it text not null,
  description_en text not null,
  eu_member boolean not null default false               -- residents of the 27 member states cannot use tax-free
);

create table document_type (
  code text primary key,
  description_it text not null,
  description_en text not null
);

create table ticket_type (
  code text primary key,
  description_it text not null,
  description_en text not null
);

create table transport_type (
  code text primary key,
  description_it text not null,
  description_en text not null
);

-- Territories of a member state outside the EU VAT area (Directive 2006/112/EC art. 6).
create table free_zone (
  code text primary key,
  country_code text not null references country (code),
  description_it text not null,
  description_en text not null,
  residential boolean not null default true              -- false: offered as a destination, never as a residence
);
create index free_zone_country_code_idx on free_zone (country_code);

create table airport (
  code text primary key check (code ~ '^[A-Z]{3}$'),  -- IATA location identifier
  country_code text not null references country (code),
  description_it text not null,
  description_en text not null
);
create index airport_country_code_idx on airport (country_code);
