import { useTranslation } from 'react-i18next';
import type { DetailPageTexts } from '@varco/ui';
import { NS } from '../../../i18n/namespace';

/** The words of a page about one invoice (its detail, its claim): its title, and when the invoice is not found or failed to load. */
export function useInvoicePageTexts(title: string): DetailPageTexts {
  const { t } = useTranslation(NS);
  return {
    title,
    notFoundTitle: t('detail.notFoundTitle'),
    notFoundText: t('detail.notFoundText'),
    homepage: t('detail.homepage'),
    loadErrorTitle: t('detail.loadErrorTitle'),
    loadErrorText: t('detail.loadErrorText'),
    back: t('detail.back'),
  };
}
