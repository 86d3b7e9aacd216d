import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language, Notification } from '@varco/contracts';
import { formatDate, formatTime } from '@varco/ui';
import { NS } from '../../../i18n/namespace';
import { useMarkNotificationRead } from '../api/mark-notification-read';

/**
 * One notification: its message and when it arrived, in the reader's language. An unread one is marked (a left
 * border, bold text and an "Unread" badge that screen readers read before the message) and offers Mark as read.
 */
export function NotificationItem({
  notification,
  language,
  onRead,
}: {
  notification: Notification;
  language: Language;
  /** Told once the notification is marked as read. */
  onRead: () => void;
}) {
  const { t } = useTranslation(NS);
  const markRead = useMarkNotificationRead(notification.id);
  const item = useRef<HTMLLIElement>(null);
  const unread = !notification.dataLettura;
  const messageId = `notification-${notification.id}-message`;
  const received = {
    date: formatDate(notification.dataInserimento, language),
    time: formatTime(notification.dataInserimento, language),
  };

  return (
    <li
      ref={item}
      tabIndex={-1}
      className={`list-group-item d-flex flex-column flex-md-row gap-2 align-items-md-center${unread ? ' border-start border-4 border-primary' : ''}`}
      data-testid="notification-item"
      data-unread={unread}
    >
      <div className="flex-grow-1">
        {unread ? (
          <span className="badge bg-primary mb-1" data-testid="notification-unread">
            {t('list.unread')}
          </span>
        ) : (
          <span className="visually-hidden">{t('list.read')}</span>
        )}
        <p id={messageId} className={`mb-1${unread ? ' fw-bold' : ''}`}>
          {notification.tipoNotifica.messaggio}
        </p>
        <small className="text-muted">{t('list.receivedOn', received)}</small>
        {markRead.isError ? (
          <p className="text-danger small mb-0 mt-1" role="alert">
            {t('list.markError')}
          </p>
        ) : null}
      </div>
      {unread ? (
        <button
          type="button"
          className="btn btn-outline-primary btn-sm text-nowrap"
          aria-describedby={messageId}
          disabled={markRead.isPending}
          // The button goes away once read: keep the keyboard where it was, on the notification itself.
          onClick={() =>
            markRead.mutate(undefined, {
              onSuccess: () => {
                item.current?.focus();
                onRead();
              },
            })
          }
        >
          {t('list.markAsRead')}
        </button>
      ) : null}
    </li>
  );
}
