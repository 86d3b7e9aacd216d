import { useTranslation } from 'react-i18next';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { isClientError } from '@varco/http';
import { NS } from '../../../i18n/namespace';

/**
 * Shows the server's per-field messages of a refused registration (docs/calls.md `extra`, keyed by payload field) on the
 * fields of the form, as the server wrote them; the message about the e-mail adds that it is also the username.
 * The returned function gives back the messages that have no field on the form.
 */
export function useServerFieldIssues<Values extends FieldValues>(
  form: UseFormReturn<Values>,
  fieldOfExtra: Readonly<Record<string, FieldPath<Values>>>,
) {
  const { t } = useTranslation(NS);
  return (error: unknown): string[] => {
    const elsewhere: string[] = [];
    for (const [key, message] of Object.entries(isClientError(error) ? error.extra : {})) {
      if (key === 'generic' || !message) continue;
      const field = fieldOfExtra[key];
      if (field)
        form.setError(field, {
          type: 'server',
          message: key === 'email' ? `${message} ${t('validation.usernameNote')}` : message,
        });
      else elsewhere.push(message);
    }
    return elsewhere;
  };
}
