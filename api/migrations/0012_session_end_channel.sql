-- Every api instance keeps the signed-in sessions it has seen in memory (modules/auth/session-cache.ts) and forgets a
-- traveler's when told on the channel `varco_sessions` (payload `t:<travelerId>`). The database tells it when live
-- sessions are deleted, whatever deleted them (sign-out, password change, the account's deletion by cascade): NOTIFY is
-- transactional, so the message goes out exactly when the deletion commits. The purge of expired sessions tells
-- nothing (an expired session is refused anyway).
create function session_ended() returns trigger
language plpgsql as $$
begin
  perform pg_notify('varco_sessions', 't:' || ended.traveler_id)
  from (select distinct traveler_id from ended_sessions where expires_at > now()) ended;
  return null;
end
$$;

create trigger session_ended
  after delete on session
  referencing old table as ended_sessions
  for each statement execute function session_ended();
