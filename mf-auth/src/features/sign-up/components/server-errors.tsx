import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isClientError } from '@varco/http';
import { NS } from '../../../i18n/namespace';

/**
 * docs/calls.md registration: the list of alerts above the form — the server's detail and extra.generic, plus any
 * per-field message that has no field on the form, each message once. Focusable, so a failed submit can move the focus here.
 */
export const ServerErrors = forwardRef<HTMLDivElement, { error: unknown; unplaced: ReadonlyArray<string> }>(
  function ServerErrors({ error, unplaced }, ref) {
    const { t } = useTranslation(NS);
    const clientError = isClientError(error) ? error : undefined;
    const messages: string[] = [];
    if (clientError?.type === 'network-error') messages.push(t('signUp.networkError'));
    else {
      if (clientError?.detail && clientError.type !== 'invalid-response') messages.push(clientError.detail);
      if (clientError?.extra.generic) messages.push(clientError.extra.generic);
      messages.push(...unplaced);
      if (messages.length === 0) messages.push(t('signUp.genericError'));
    }
    // The api may say the same thing as detail and as extra.generic (a wrong captcha): one line is enough.
    const lines = [...new Set(messages)];
    return (
      <div
        ref={ref}
        tabIndex={-1}
        className="alert alert-danger"
        role="alert"
        aria-labelledby="sign-up-errors-title"
        data-testid="server-errors"
      >
        <p id="sign-up-errors-title" className="fw-semibold mb-1">
          {t('signUp.errorsTitle')}
        </p>
        <ul className="mb-0">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
    );
  },
);
