-- Travelers, their sign-in sessions and the one-time codes of the credentials sign-in (ARCHITECTURE "The api").
-- Secrets are never stored in clear: the password as an argon2id hash, session tokens and OTP codes as sha256 (they
-- are random and short-lived, so a fast hash suffices: a copy of these tables cannot be replayed).
create table traveler (
  id integer generated always as identity primary key,
  email text not null,
  -- argon2id (PHC string); null for a traveler who signs in only through the digital identity provider.
  password_hash text,
  nome text not null,
  cognome text not null,
  data_nascita date not null,
  paese_residenza text not null references country (code),
  -- A free zone of the residence country, or null.
  zona_residenza text references free_zone (code),
  tipo_documento text not null references document_type (code),
  paese_documento text not null references country (code),
  numero_documento text not null,
  privacy boolean not null default false,
  language text not null default 'EN' check (language in ('IT', 'EN')),
  status text not null default 'PENDING' check (status in ('PENDING', 'ACTIVE')),
  identity_provider text not null default 'CREDENTIALS' check (identity_provider in ('CREDENTIALS', 'SPID')),
  created_at timestamptz not null default now(),
  activated_at timestamptz,
  updated_at timestamptz not null default now()
);

-- One account per e-mail, whatever its case.
create unique index traveler_email_key on traveler (lower(email));
-- One account per identity document.
create unique index traveler_document_key on traveler (tipo_documento, paese_documento, upper(numero_documento));

create table session (
  -- sha256 (hex) of the opaque token held by the browser's cookie.
  token_hash char(64) primary key,
  traveler_id integer not null references traveler (id) on delete cascade,
  -- OTP_PENDING: credentials accepted, only the OTP calls are allowed; FULL: signed in.
  level text not null check (level in ('OTP_PENDING', 'FULL')),
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null
);

create index session_traveler_idx on session (traveler_id);
create index session_expires_at_idx on session (expires_at);

create table otp (
  id integer generated always as identity primary key,
  session_token_hash char(64) not null references session (token_hash) on delete cascade,
  -- sha256 (hex) of "<session token hash>:<code>".
  code_hash char(64) not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  -- Wrong codes presented; the code is dead at the limit.
  attempts integer not null default 0 check (attempts >= 0),
  -- Set when the code is used, or replaced by a newer one.
  consumed_at timestamptz
);

create index otp_session_idx on otp (session_token_hash, created_at desc);
