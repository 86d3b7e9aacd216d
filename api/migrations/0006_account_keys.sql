-- One-time key pairs of the account links sent by mail (ARCHITECTURE "The api"): the activation of a new account and
-- the password reset. A link carries key1 (a random id) and key2 (a random secret); only their sha256 is stored (both
-- are random and high-entropy, so a fast hash suffices: a copy of this table cannot be replayed). A key is single-use
-- (consumed_at) and expires.
create table account_key (
  id integer generated always as identity primary key,
  traveler_id integer not null references traveler (id) on delete cascade,
  -- ACTIVATION (48 hours) or PASSWORD_RESET (1 hour).
  kind text not null check (kind in ('ACTIVATION', 'PASSWORD_RESET')),
  -- sha256 (hex) of key1, the id of the pair.
  key1_hash char(64) not null,
  -- sha256 (hex) of key2, the secret of the pair.
  key2_hash char(64) not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  -- Set when the key is used, or replaced by a newer key of the same kind.
  consumed_at timestamptz
);

create unique index account_key_key1_idx on account_key (key1_hash);
create index account_key_traveler_idx on account_key (traveler_id, kind);
