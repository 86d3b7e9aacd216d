import type { KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { initialsOf, useSession } from '@varco/session';
import { logout } from './logout';
import { useHeaderMenu } from './use-header-menu';

const MENU_ID = 'user-menu';

/** Arrow keys, Home and End move between the items of an open menu, as in any menu of the operating system. */
function moveFocus(event: KeyboardEvent<HTMLElement>): void {
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  const current = items.indexOf(document.activeElement as HTMLElement);
  const next = { ArrowDown: current + 1, ArrowUp: current - 1, Home: 0, End: items.length - 1 }[event.key];
  if (next === undefined) return;
  event.preventDefault();
  items[(next + items.length) % items.length]?.focus();
}

/** The round avatar with the initials of the signed-in traveler and the Profile / Logout menu. */
export function UserMenu() {
  const { t } = useTranslation('common');
  const user = useSession((state) => state.user);
  const menu = useHeaderMenu();
  const navigate = useNavigate();
  const name = `${user.nome ?? ''} ${user.cognome ?? ''}`.trim();

  return (
    <div className="dropdown" ref={menu.panel}>
      <button
        ref={menu.button}
        type="button"
        className="btn btn-dropdown p-0"
        aria-haspopup="menu"
        aria-controls={MENU_ID}
        aria-expanded={menu.open}
        onClick={() => menu.setOpen((open) => !open)}
        data-testid="avatar"
      >
        <span className="avatar size-lg bg-white text-primary fw-bold">{initialsOf(user)}</span>
        <span className="visually-hidden">{t('user.menu', { name })}</span>
      </button>
      {/* Placed by the design system's static dropdown rules (no Popper): under the avatar, aligned to its right edge. */}
      <div
        id={MENU_ID}
        className={`dropdown-menu dropdown-menu-end${menu.open ? ' show' : ''}`}
        data-bs-popper="static"
        data-popper-placement="bottom-end"
        role="menu"
        aria-label={t('user.menu', { name })}
        onKeyDown={moveFocus}
      >
        <div className="link-list-wrapper">
          <ul className="link-list" role="none">
            <li role="none">
              <Link className="dropdown-item list-item" to="/protected/edit-user" role="menuitem" onClick={menu.close}>
                <span>{t('user.profile')}</span>
              </Link>
            </li>
            <li role="none">
              <button
                type="button"
                className="dropdown-item list-item btn btn-link text-start w-100"
                role="menuitem"
                onClick={() => {
                  menu.close();
                  void logout().then((providerLogout) =>
                    providerLogout ? window.location.assign(providerLogout) : navigate('/'),
                  );
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
