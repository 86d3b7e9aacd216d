import { useEffect, useRef, useState } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { serverDetail } from '@varco/contracts';
import { isClientError } from '@varco/http';
import { NS } from '../../../i18n/namespace';

/**
 * A refused claim, shown where the traveler looks: the api's per-field messages (`extra`, keyed by the body's fields) on
 * the form's fields, the keyboard sent to the first; a refusal that names no field (an open claim about the same invoice,
 * an invoice already the traveler's) above the form, focused. Nothing typed is lost.
 */
export function useClaimRefusal<Values extends FieldValues>(
  form: UseFormReturn<Values>,
  fieldOfExtra: Readonly<Record<string, FieldPath<Values>>>,
) {
  const { t } = useTranslation(NS);
  const [refusal, setRefusal] = useState<unknown>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refusal) alertRef.current?.focus();
  }, [refusal]);

  const show = (error: unknown) => {
    let placed = false;
    for (const [key, message] of Object.entries(isClientError(error) ? error.extra : {})) {
      const field = fieldOfExtra[key];
      if (!field || !message) continue;
      form.setError(field, { type: 'server', message }, { shouldFocus: !placed });
      placed = true;
    }
    if (!placed) setRefusal(error);
  };

  const alert = refusal ? (
    <div className="alert alert-danger" role="alert" tabIndex={-1} ref={alertRef} data-testid="claim-error">
      {serverDetail(refusal) || t('claims.sendError')}
    </div>
  ) : null;

  return { show, clear: () => setRefusal(null), alert };
}
