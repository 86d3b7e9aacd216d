import type { WidgetProps } from '@varco/federation-contract';
import { NotificationBell } from '../features/notifications';
import { WhenTranslated } from '@varco/i18n';
import { NS, registerTranslations } from '../i18n/namespace';

registerTranslations();

/** mf-notifications/Bell: the header bell, mounted by the shell only when signed in. */
export default function Bell(_props: WidgetProps) {
  return (
    <WhenTranslated ns={NS}>
      <NotificationBell />
    </WhenTranslated>
  );
}
