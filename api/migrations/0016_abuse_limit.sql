-- The counters of the abuse limits (sign-in attempts, mails per account, the per-address limits), shared by every api
-- instance on the database (api/src/plugins/limits). One row per key and window: `count` hits until `expires_at`; a hit
-- on an expired row starts a new window. Keys never hold an e-mail in clear (accounts are named by a hash). Expired rows
-- are deleted now and then; an expired row left behind is harmless.
create table abuse_limit (
  key text primary key,
  count integer not null check (count >= 0),
  expires_at timestamptz not null
);
create index abuse_limit_expires_idx on abuse_limit (expires_at);
