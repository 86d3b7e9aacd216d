import { useTranslation } from 'react-i18next';
import { FOOTER_LOGO_HEIGHT, FOOTER_LOGO_WIDTH, toShortLanguage } from '@varco/contracts/plain';
import { useBuildOrBrowser } from '../served-page/served-page';
import { AGENCY_LINKS } from '../config/agency-links';
import { startupConfig } from '../config/startup-config';
import logoUrl from '../assets/agency-logo.svg';

/** The environment's links in the browser; the agency's published ones in the HTML of the build (and its hydration). */
function useFooterLinks() {
  return useBuildOrBrowser(
    () => startupConfig().config.links,
    () => AGENCY_LINKS,
  );
}

/**
 * docs/screens.md Footer: the logo and four links in a new tab; three of them have an address per language. `pending`
 * while the page frame waits for its page: hidden, so that it does not move in sight when the page comes.
 */
export function Footer({ pending = false }: { pending?: boolean }) {
  const { t, i18n } = useTranslation('common');
  const links = useFooterLinks();
  // The agency publishes these pages in Italian and English: every other language links the English ones.
  const language = toShortLanguage(i18n.language) === 'it' ? 'it' : 'en';
  const items = [
    { key: 'footer.assistance', href: links.assistance, id: 'assistance' },
    { key: 'footer.accessibility', href: links.accessibility[language], id: 'accessibility' },
    { key: 'footer.privacy', href: links.privacy[language], id: 'privacy' },
    { key: 'footer.contacts', href: links.contacts[language], id: 'contacts' },
  ];
  return (
    <footer className={pending ? 'it-footer invisible' : 'it-footer'} data-testid="footer">
      <div className="it-footer-main">
        <div className="container py-4">
          <div className="row align-items-center gy-3">
            <div className="col-lg-4">
              <img src={logoUrl} width={FOOTER_LOGO_WIDTH} height={FOOTER_LOGO_HEIGHT} alt={t('footer.logoAlt')} />
            </div>
            <nav className="col-lg-8" aria-label={t('footer.links')}>
              <ul className="list-inline mb-0 d-flex flex-wrap gap-3 justify-content-lg-end">
                {items.map((item) => (
                  <li className="list-inline-item" key={item.id}>
                    <a
                      className="text-white"
                      href={item.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      data-testid={`footer-${item.id}`}
                    >
                      {t(item.key)}
                      <span className="visually-hidden"> {t('footer.newTab')}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
        </div>
      </div>
    </footer>
  );
}
