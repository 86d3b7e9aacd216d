import type { WidgetProps } from '@varco/contracts';
import { AddVisaButton as Button } from '../features/visa/components/add-visa-button';
import { registerTranslations } from '../i18n/namespace';

registerTranslations();

/** mf-visa/AddVisaButton: the add-new-request button, shown only while visa creation is enabled. */
export default function AddVisaButton(_props: WidgetProps) {
  return <Button />;
}
