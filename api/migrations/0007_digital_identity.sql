-- The digital identity sign-in (SPID, OpenID Connect; ARCHITECTURE "The api").
-- A traveler who came through the identity provider is linked to it by the provider's subject (and its fiscal
-- number). Until they complete their registration (POST /private/traveler/finalize) their row is PENDING_IDENTITY:
-- names and birthday come from the provider, the e-mail is the provider's suggestion (not yet theirs: it takes no
-- part in the uniqueness of e-mails), and there is no residence or identity document (the fiscal number stands for it).
alter table traveler add column identity_subject text;
alter table traveler add column fiscal_number text;
create unique index traveler_identity_subject_key on traveler (identity_subject);

alter table traveler drop constraint traveler_status_check;
alter table traveler add constraint traveler_status_check check (status in ('PENDING', 'ACTIVE', 'PENDING_IDENTITY'));
alter table traveler alter column paese_residenza drop not null;
alter table traveler alter column tipo_documento drop not null;
alter table traveler alter column paese_documento drop not null;

drop index traveler_email_key;
create unique index traveler_email_key on traveler (lower(email)) where status <> 'PENDING_IDENTITY';

-- ACTIVATION_PENDING: a first-time digital identity, which may only read its prefilled data, finalize or sign out.
alter table session drop constraint session_level_check;
alter table session add constraint session_level_check check (level in ('OTP_PENDING', 'FULL', 'ACTIVATION_PENDING'));

-- The sign-ins in flight: the PKCE verifier and nonce of each, by the hash of its state (also held by the browser in
-- an HttpOnly cookie), single-use and short-lived.
create table oidc_login (
  state_hash char(64) primary key,
  code_verifier text not null,
  nonce text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);

create index oidc_login_expires_at_idx on oidc_login (expires_at);
