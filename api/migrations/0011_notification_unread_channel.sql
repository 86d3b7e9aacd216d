-- Every api instance keeps its travelers' unread notification counts in memory (SPEC §7: the bell asks every 15 s;
-- modules/notifications/unread-counts.ts) and drops a traveler's count when told on the channel `varco_unread`. The
-- database tells it, whatever code changed the notifications: NOTIFY is transactional (sent when the transaction
-- commits, never if it rolls back), and the messages of one transaction with the same payload are sent once.
create function notification_unread_changed() returns trigger
language plpgsql as $$
begin
  perform pg_notify('varco_unread', (case when tg_op = 'DELETE' then old.traveler_id else new.traveler_id end)::text);
  return null;
end
$$;

create trigger notification_unread_changed
  after insert or delete or update of read_at on notification
  for each row execute function notification_unread_changed();
