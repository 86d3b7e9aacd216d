import type { WidgetProps } from '@varco/contracts';
import { VisaStatusLegend as Legend } from '../features/visa/components/visa-status-legend';
import { registerTranslations } from '../i18n/namespace';

registerTranslations();

/** mf-visa/VisaStatusLegend: the visa request states of SPEC §4 with their badges. */
export default function VisaStatusLegend(_props: WidgetProps) {
  return <Legend />;
}
