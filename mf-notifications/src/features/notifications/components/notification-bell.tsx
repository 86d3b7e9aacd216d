import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { NS } from '../../../i18n/namespace';
import { useNotificationCount, useRefreshOnNewNotifications } from '../api/get-notification-count';

/** Above this the badge shows "99+". */
export const BADGE_MAX = 99;

/**
 * docs/screens.md Header bell: links to the notifications, with a red badge of the unread count when above 0. The link's
 * accessible name carries the count; the badge itself is hidden from screen readers to avoid saying it twice.
 */
export function NotificationBell() {
  const { t } = useTranslation(NS);
  const { data } = useNotificationCount();
  useRefreshOnNewNotifications(data?.counter);
  const count = data?.counter ?? 0;
  let label = t('bell.label');
  if (count > BADGE_MAX) label = t('bell.unreadMany', { max: BADGE_MAX });
  else if (count > 0) label = t('bell.unread', { count });
  const announcement = useCountChange(data?.counter, count > 0 ? label : t('bell.noneUnread'));

  return (
    <>
      <Link
        to="/protected/notifications"
        className="text-white position-relative d-inline-flex p-1"
        aria-label={label}
        title={label}
        data-testid="bell"
      >
        <svg width="28" height="28" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
          <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z" />
        </svg>
        {count > 0 ? (
          <span
            className="position-absolute top-0 start-100 translate-middle badge rounded-pill bg-danger"
            aria-hidden="true"
            data-testid="bell-count"
          >
            {count > BADGE_MAX ? `${BADGE_MAX}+` : count}
          </span>
        ) : null}
      </Link>
      {/* The count as it changes, announced politely (not the first one: the link's name says it). */}
      <span className="visually-hidden" role="status" data-testid="bell-announcer">
        {announcement}
      </span>
    </>
  );
}

/** `text` once `count` has changed from an earlier known value; empty until then. */
function useCountChange(count: number | undefined, text: string): string {
  const known = useRef(count);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (count === undefined) return;
    if (known.current !== undefined && known.current !== count) setAnnouncement(text);
    known.current = count;
  }, [count, text]);
  return announcement;
}
