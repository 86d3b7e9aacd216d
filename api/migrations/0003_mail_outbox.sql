-- The mail outbox (ARCHITECTURE "The api"): a mail is written here in the same transaction as the change that causes
-- it, and the dispatcher (src/modules/mail/dispatcher.ts) sends it over SMTP with retries. A mail is never deleted by
-- the api: sent ones keep sent_at, given-up ones keep failed_at and last_error for the operators.
create table mail_outbox (
  id integer generated always as identity primary key,
  recipient text not null,
  language text not null check (language in ('IT', 'EN')),
  template text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  created_at timestamptz not null default now(),
  -- Counted when a dispatcher claims the mail, so a mail that crashes its sender still runs out of attempts.
  attempts integer not null default 0 check (attempts >= 0),
  -- When the mail is due next; a claim also moves it forward (a lease), so no other instance takes it meanwhile.
  next_attempt_at timestamptz not null default now(),
  sent_at timestamptz,
  -- Set when the dispatcher gives up after its last attempt.
  failed_at timestamptz,
  last_error text
);

-- The dispatcher's query: pending mails by due time. Partial, so sent and failed mails cost it nothing.
create index mail_outbox_due_idx on mail_outbox (next_attempt_at, id) where sent_at is null and failed_at is null;

-- Support and operators: the mails of one address, newest first.
create index mail_outbox_recipient_idx on mail_outbox (recipient, created_at desc);
