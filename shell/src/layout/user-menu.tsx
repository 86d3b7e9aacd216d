import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { initialsOf, useSession } from '@varco/session';
import { logout } from './logout';

/** The round avatar with the initials of the signed-in traveler and the Profile / Logout menu. */
export function UserMenu() {
  const { t } = useTranslation('common');
  const user = useSession((state) => state.user);
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const container = useRef<HTMLDivElement>(null);
  const name = `${user.nome ?? ''} ${user.cognome ?? ''}`.trim();

  useEffect(() => {
    if (!open) return undefined;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  return (
    <div className="dropdown" ref={container}>
      <button
        type="button"
        className="btn btn-dropdown p-0"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        data-testid="avatar"
      >
        <span className="avatar size-lg bg-white text-primary fw-bold">{initialsOf(user)}</span>
        <span className="visually-hidden">{t('user.menu', { name })}</span>
      </button>
      <div className={`dropdown-menu dropdown-menu-end${open ? ' show' : ''}`} role="menu">
        <div className="link-list-wrapper">
          <ul className="link-list">
            <li>
              <Link className="dropdown-item list-item" to="/protected/edit-user" role="menuitem" onClick={() => setOpen(false)}>
                <span>{t('user.profile')}</span>
              </Link>
            </li>
            <li>
              <button
                type="button"
                className="dropdown-item list-item btn btn-link text-start w-100"
                role="menuitem"
                onClick={() => {
                  setOpen(false);
                  void logout().then((providerLogout) => (providerLogout ? window.location.assign(providerLogout) : navigate('/')));
                }}
              >
                <span>{t('user.logout')}</span>
              </button>
            </li>
          </ul>
        </div>
      </div>
    </div>
  );
}
