import type { WidgetProps } from '@varco/federation-contract';
import { PageLoader } from '@varco/ui';
import { AddVisaButton as Button } from '../features/visa';
import { WhenTranslated } from '@varco/i18n';
import { NS, registerTranslations } from '../i18n/namespace';

registerTranslations();

/**
 * mf-visa/AddVisaButton: the add-new-request button, shown only while visa creation is enabled. While the invoices
 * load it shows the design system's loader, which the shell's slot hides and keeps the place for (what it held last
 * time: the button, or the line saying there is nothing to add).
 */
export default function AddVisaButton(_props: WidgetProps) {
  return (
    <WhenTranslated ns={NS}>
      <Button whilePending={<PageLoader />} />
    </WhenTranslated>
  );
}
