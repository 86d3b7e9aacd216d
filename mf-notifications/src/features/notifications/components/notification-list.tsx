import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@varco/i18n';
import { EmptyState, LoadError, PageLoader, ShowMoreButton } from '@varco/ui';
import { NS } from '../../../i18n/namespace';
import { useNotifications } from '../api/get-notifications';
import { NotificationItem } from './notification-item';

/** docs/screens.md /protected/notifications: 30 a page, Show more, unread ones marked, Mark as read. */
export function NotificationList() {
  // useTranslation renders again on a change of language, which changes the query (and its key) below.
  const { t } = useTranslation(NS);
  const language = currentLanguage();
  const query = useNotifications(language);
  // The result of a Mark as read, said politely: the focus stays where the item put it.
  const [status, setStatus] = useState('');

  let body;
  if (query.isPending) body = <PageLoader />;
  // A failed first load; a failed refresh keeps what is on screen (a network failure reaches the red bar).
  else if (!query.data) body = <LoadError message={t('list.loadError')} />;
  else {
    const notifications = query.data.pages.flatMap((page) => page.notifications);
    body =
      notifications.length === 0 ? (
        <EmptyState kind="notifications" />
      ) : (
        <ul className="list-group" aria-labelledby="notifications-title" data-testid="notification-list">
          {notifications.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              language={language}
              onRead={() => setStatus(t('list.markedAsRead', { message: notification.tipoNotifica.messaggio }))}
            />
          ))}
        </ul>
      );
  }

  return (
    <section className="container py-4" aria-labelledby="notifications-title">
      <h1 id="notifications-title">{t('list.title')}</h1>
      {body}
      <p className="visually-hidden" role="status" data-testid="read-announcer">
        {status}
      </p>
      {query.isFetchNextPageError ? (
        <p className="text-danger mt-3" role="alert">
          {t('list.loadMoreError')}
        </p>
      ) : null}
      <ShowMoreButton query={query} historyKey="shownNotificationPages" label={t('list.showMore')} />
    </section>
  );
}
