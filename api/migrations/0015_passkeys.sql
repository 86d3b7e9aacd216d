-- Passkeys (WebAuthn) of the travelers (modules/passkeys). Only what the relying party must keep is stored:
-- the credential id and its public key (COSE), the signature counter and the backup flags; nothing secret.
-- Every row goes with its traveler (on delete cascade): deleting the account removes its passkeys.

-- The WebAuthn user handle of a traveler: a random id, the same for all their passkeys (an authenticator keeps one
-- passkey per user handle and site), and not the row id, which would tell how many accounts exist.
create table passkey_user (
  traveler_id integer primary key references traveler (id) on delete cascade,
  -- base64url of 32 random bytes.
  user_handle text not null unique
);

create table passkey (
  id integer generated always as identity primary key,
  traveler_id integer not null references traveler (id) on delete cascade,
  -- base64url of the credential id the authenticator chose (at most 1023 bytes by the WebAuthn spec).
  credential_id text not null unique,
  -- The COSE public key.
  public_key bytea not null,
  -- The last signature counter seen (0 for authenticators that keep none, such as synced passkeys).
  counter bigint not null default 0 check (counter >= 0),
  -- singleDevice or multiDevice (backup eligible), and whether it is backed up now (it may change).
  device_type text not null check (device_type in ('singleDevice', 'multiDevice')),
  backed_up boolean not null,
  -- The transports the browser reported (usb, nfc, ble, internal, hybrid...), offered back as hints.
  transports text[] not null default '{}',
  -- The traveler's name for it ("Work laptop").
  name text not null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);

create index passkey_traveler_idx on passkey (traveler_id, created_at);

-- A ceremony in flight: the challenge the api gave and must see signed back, once, within minutes, by the browser that
-- asked. The browser holds an opaque random id in an HttpOnly cookie; only its sha256 is kept here. A registration is
-- also bound to the signed-in session that asked (and dies with it).
create table webauthn_challenge (
  id_hash char(64) primary key,
  purpose text not null check (purpose in ('REGISTRATION', 'AUTHENTICATION')),
  -- base64url of the random challenge.
  challenge text not null,
  session_token_hash char(64) references session (token_hash) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);

create index webauthn_challenge_expires_idx on webauthn_challenge (expires_at);
-- A session's registration challenges, for the cascade when it ends.
create index webauthn_challenge_session_idx on webauthn_challenge (session_token_hash) where session_token_hash is not null;
