import type { WidgetProps } from '@varco/federation-contract';
import { LatestVisas as LatestVisasList } from '../features/visa';
import { WhenTranslated } from '@varco/i18n';
import { NS, registerTranslations } from '../i18n/namespace';

registerTranslations();

/** mf-visa/LatestVisas: the home widget with the latest 4 visa requests. */
export default function LatestVisas(_props: WidgetProps) {
  return (
    <WhenTranslated ns={NS}>
      <LatestVisasList />
    </WhenTranslated>
  );
}
