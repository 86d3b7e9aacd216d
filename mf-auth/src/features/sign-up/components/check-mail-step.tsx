import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { NS } from '../../../i18n/namespace';

/**
 * docs/screens.md, docs/domain.md: after a successful registration, the traveler is told to open the activation mail. The api has
 * no call that sends the mail again, so "send again" goes back to the form with the details kept: the
 * traveler may correct the address, types a new security code and confirms, which registers (and mails) again.
 */
export function CheckMailStep({ email, onSendAgain }: { email: string; onSendAgain: () => void }) {
  const { t } = useTranslation(NS);
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  return (
    <section aria-labelledby="check-mail-title" data-testid="check-mail">
      <h2 className="h3 mt-4" id="check-mail-title" ref={title} tabIndex={-1}>
        {t('signUp.checkMailTitle')}
      </h2>
      <p>{t('signUp.checkMailText', { email })}</p>
      <p className="small">{t('signUp.checkMailSpam')}</p>
      <div className="d-flex flex-wrap gap-3 align-items-center">
        <Link to="/sign-in" className="btn btn-primary">
          {t('signUp.signIn')}
        </Link>
        <span>{t('signUp.noMail')}</span>
        <button type="button" className="btn btn-outline-primary" onClick={onSendAgain}>
          {t('signUp.sendAgain')}
        </button>
      </div>
    </section>
  );
}
