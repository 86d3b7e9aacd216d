import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_TITLE_ATTRIBUTE } from '@varco/ui';

/** The page's heading: the first h1 of the main region (the header and footer have none). */
export function pageHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('#main h1');
}

/** What names the page shown: its h1's page-title attribute, else the h1's text; empty while it has no h1. */
export function pageName(): string {
  const heading = pageHeading();
  if (!heading) return '';
  return (heading.getAttribute(PAGE_TITLE_ATTRIBUTE) ?? heading.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * The tab's title, "page – Varco" in the page's language (WCAG 2.4.2), kept in step with the page's heading: a
 * remote's page names itself by its h1, so the title follows a page that loads, a wizard's step, a record shown or not
 * found, and a change of language. The portal's name alone while no page is shown.
 */
export function usePageTitle(): void {
  const { t } = useTranslation('common');
  useEffect(() => {
    const main = document.getElementById('main');
    const retitle = () => {
      const name = pageName();
      const title = name ? t('app.pageTitle', { page: name }) : t('app.title');
      if (document.title !== title) document.title = title;
    };
    retitle();
    if (!main) return;
    const observer = new MutationObserver(retitle);
    observer.observe(main, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: [PAGE_TITLE_ATTRIBUTE],
    });
    return () => observer.disconnect();
  }, [t]);
}
