import { useTranslation } from 'react-i18next';
import { toLocale } from '@varco/contracts';
import { EmptyState, LoadError, PageLoader } from '@varco/ui';
import { NS } from '../../../i18n/namespace';
import { useNotifications } from '../api/get-notifications';

/** SPEC §2 /protected/notifications: 30 a page, Show more, unread ones marked. */
export function NotificationList() {
  const { t, i18n } = useTranslation(NS);
  const query = useNotifications();
  const dateFormat = new Intl.DateTimeFormat(toLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });

  let body;
  if (query.isPending) body = <PageLoader />;
  else if (query.isError)
    body = <LoadError message={t('list.loadError')} />;
  else {
    const notifications = query.data.pages.flatMap((page) => page.notifications);
    body =
      notifications.length === 0 ? (
        <EmptyState kind="notifications" />
      ) : (
        <ul className="list-group" data-testid="notification-list">
          {notifications.map((notification) => (
            <li key={notification.id} className={`list-group-item${notification.dataLettura ? '' : ' fw-semibold'}`}>
              <p className="mb-1">{notification.tipoNotifica.messaggio}</p>
              <small>{t('list.receivedOn', { date: dateFormat.format(new Date(notification.dataInserimento)) })}</small>
              {notification.dataLettura ? null : <span className="badge bg-primary ms-2">{t('list.unread')}</span>}
            </li>
          ))}
        </ul>
      );
  }

  return (
    <section className="container py-4" aria-labelledby="notifications-title">
      <h1 id="notifications-title">{t('list.title')}</h1>
      {body}
      {query.hasNextPage ? (
        <button type="button" className="btn btn-outline-primary mt-3" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {t('list.showMore')}
        </button>
      ) : null}
    </section>
  );
}
