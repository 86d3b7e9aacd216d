-- The passkey a session was opened with (null: the password and its OTP, or the digital identity provider). Removing
-- a passkey (a lost phone) ends the sessions it opened, by cascade; the deletion fires the `session_ended` trigger of
-- migration 0012, so every api instance forgets them from its session cache when it commits.
alter table session add column passkey_id integer references passkey (id) on delete cascade;

-- The cascade looks the passkey's sessions up by it.
create index session_passkey_idx on session (passkey_id) where passkey_id is not null;
