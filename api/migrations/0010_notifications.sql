-- Notifications (SPEC §3 Notification, ARCHITECTURE "Every change of state that a traveler should know about creates
-- a notification (and an e-mail)"). A notification stores its kind and the values of its message, not the text: the
-- text is rendered at read time in the language of the request, so the list follows the interface language.
create table notification (
  id integer generated always as identity primary key,
  traveler_id integer not null references traveler (id) on delete cascade,
  -- INVOICE_MATCHED, VISA_CREATED, RISK_GREEN, CUSTOMS_CHECK, VISA_GRANTED, VISA_DECIDED, VISA_EXPIRED,
  -- EXIT_DEADLINE_7, EXIT_DEADLINE_1 (modules/notifications/kinds.ts); the message is 'notification.<kind>'.
  kind text not null,
  -- The placeholder values of the message (request code, invoice number, amount, deadline...).
  params jsonb not null default '{}',
  visa_request_id integer references visa_request (id) on delete set null,
  invoice_id integer references invoice (id) on delete set null,
  -- Set for the notifications that must exist once (the exit deadline reminders: deadline7:<invoiceId>); a second
  -- insert with the same key does nothing, so several api instances may run the job that writes them.
  dedupe_key text,
  created_at timestamptz not null default now(),
  -- Null while unread (SPEC's dataLettura); set once, at the first "mark as read".
  read_at timestamptz
);

create unique index notification_dedupe_key on notification (dedupe_key);
-- The list: one traveler's notifications, newest first, straight off the index.
create index notification_traveler_idx on notification (traveler_id, created_at desc, id desc);
-- The unread count, polled every 15 s by every signed-in browser: an index-only scan of this small index.
create index notification_unread_idx on notification (traveler_id) where read_at is null;
-- Deleting a visa request sets its notifications' reference to null without scanning the table.
create index notification_visa_request_idx on notification (visa_request_id) where visa_request_id is not null;
-- The exit deadline job: the available invoices of one month of issue.
create index invoice_available_emission_idx on invoice (emission_date) where state_code in (1, 30) and cancelled_at is null;
