import type { WidgetProps } from '@varco/federation-contract';
import { LatestVisas as LatestVisasList } from '../features/visa';
import { registerTranslations } from '../i18n/namespace';

registerTranslations();

/** mf-visa/LatestVisas: the home widget with the latest 4 visa requests. */
export default function LatestVisas(_props: WidgetProps) {
  return <LatestVisasList />;
}
