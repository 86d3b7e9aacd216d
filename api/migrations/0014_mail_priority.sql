-- Mails someone waits for at the screen (a sign-in code, a password reset, an activation link) leave before bulk mail
-- (notifications), whatever was queued first: 0 is urgent, 1 is bulk. The dispatcher claims by priority, then due time.
alter table mail_outbox add column priority smallint not null default 1 check (priority in (0, 1));
update mail_outbox set priority = 0 where template in ('otp', 'password-reset', 'activation');

drop index mail_outbox_due_idx;
create index mail_outbox_due_idx on mail_outbox (priority, next_attempt_at, id) where sent_at is null and failed_at is null;
