import { lazy, Suspense, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useFrameSignedIn, useHydrating } from '../served-page/served-page';
import { HeaderIcon } from './header-icon';
import { LanguageSelector } from './language-selector';
import { useHeaderMenu } from './use-header-menu';

// Loaded only for signed-in travelers: a first visit of / does not download them.
const SignedInTools = lazy(() => import('./signed-in-tools'));

const PUBLIC_LINKS = [
  { to: '/', key: 'nav.home', end: true },
  { to: '/howto', key: 'nav.howto', end: true },
] as const;

const PROTECTED_LINKS = [
  { to: '/protected', key: 'nav.protectedHome', end: true },
  { to: '/protected/invoice', key: 'nav.invoices', end: false },
  { to: '/protected/visa', key: 'nav.visas', end: false },
] as const;

const TOOLS_PLACEHOLDER = <div className="signed-in-tools-placeholder" aria-hidden="true" />;

/** One full-width row of the design system's header grid. */
function FullWidth({ children }: { children: ReactNode }) {
  return (
    <div className="container">
      <div className="row">
        <div className="col-12">{children}</div>
      </div>
    </div>
  );
}

/** docs/screens.md Header: agency banner, title and description, language, bell, avatar or sign-in, navigation. */
export function Header() {
  const { t } = useTranslation('common');
  const signedIn = useFrameSignedIn();
  const hydrating = useHydrating();
  const menu = useHeaderMenu();
  const links = signedIn ? PROTECTED_LINKS : PUBLIC_LINKS;

  return (
    <header className="it-header-wrapper" data-testid="header">
      <div className="it-header-slim-wrapper">
        <FullWidth>
          <div className="it-header-slim-wrapper-content">
            <span className="navbar-brand" data-testid="agency-banner">
              {t('app.agency')}
            </span>
            <div className="it-header-slim-right-zone">
              <LanguageSelector />
            </div>
          </div>
        </FullWidth>
      </div>
      <div className="it-nav-wrapper">
        <div className="it-header-center-wrapper">
          <FullWidth>
            <div className="it-header-center-content-wrapper">
              <div className="it-brand-wrapper">
                <Link to={signedIn ? '/protected' : '/'}>
                  <div className="it-brand-text">
                    <div className="it-brand-title">{t('app.title')}</div>
                    <div className="it-brand-tagline d-none d-md-block">{t('app.description')}</div>
                  </div>
                </Link>
              </div>
              <div className="it-right-zone gap-3">
                {signedIn ? (
                  // Until its code arrives (and in the HTML of the build), the tools' place is kept: on a phone the
                  // portal's name wraps around them.
                  hydrating ? (
                    TOOLS_PLACEHOLDER
                  ) : (
                    <Suspense fallback={TOOLS_PLACEHOLDER}>
                      <SignedInTools />
                    </Suspense>
                  )
                ) : (
                  <Link className="btn btn-outline-light btn-sm text-nowrap" to="/sign-in" data-testid="sign-in-link">
                    {t('user.signIn')}
                  </Link>
                )}
              </div>
            </div>
          </FullWidth>
        </div>
        <div className="it-header-navbar-wrapper">
          <FullWidth>
            <nav className="navbar navbar-expand-lg" aria-label={t('nav.label')}>
              <button
                ref={menu.button}
                className="custom-navbar-toggler"
                type="button"
                aria-controls="main-menu"
                aria-expanded={menu.open}
                aria-label={t('nav.openMenu')}
                onClick={() => menu.setOpen((open) => !open)}
              >
                <HeaderIcon name="it-burger" />
              </button>
              {/* On a phone the design system's side panel: the links on an opaque panel over a dimmed page. */}
              <div ref={menu.panel} className={`navbar-collapsable${menu.open ? ' expanded' : ''}`} id="main-menu">
                <div className="overlay" onClick={menu.dismiss} />
                <div className="close-div">
                  <button type="button" className="btn close-menu" onClick={menu.dismiss}>
                    <span className="visually-hidden">{t('nav.closeMenu')}</span>
                    <HeaderIcon name="it-close-big" />
                  </button>
                </div>
                <div className="menu-wrapper">
                  <ul className="navbar-nav">
                    {links.map((link) => (
                      <li className="nav-item" key={link.to}>
                        {hydrating ? (
                          // The frame's HTML fits every address: which link is the current one is said once hydrated.
                          <Link className="nav-link" to={link.to}>
                            <span>{t(link.key)}</span>
                          </Link>
                        ) : (
                          <NavLink
                            className={({ isActive }) => `nav-link${isActive ? ' active' : ''}`}
                            to={link.to}
                            end={link.end}
                            onClick={menu.close}
                          >
                            <span>{t(link.key)}</span>
                          </NavLink>
                        )}
                      </li>
                    ))}
                  </ul>
                </div>
              </div>
            </nav>
          </FullWidth>
        </div>
      </div>
    </header>
  );
}
