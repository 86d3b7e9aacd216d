import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaptchaResponse } from '@varco/contracts';
import { CAPTCHA_IMAGE_HEIGHT, CAPTCHA_IMAGE_WIDTH } from '@varco/contracts/plain';
import { TextField } from '@varco/ui/form';
import { ErrorAlert } from '../../../components/error-alert';
import { NS } from '../../../i18n/namespace';

interface CaptchaFieldProps {
  captcha: CaptchaResponse['captcha'] | undefined;
  loading: boolean;
  error: unknown;
  onReload: () => void;
}

/** docs/screens.md: the captcha image, a button that reads it aloud (a base64 WAV), a reload link and the security-code input (the `captcha` field of the surrounding form). */
export function CaptchaField({ captcha, loading, error, onReload }: CaptchaFieldProps) {
  const { t } = useTranslation(NS);
  const audio = useRef<HTMLAudioElement | null>(null);

  const listen = () => {
    if (!captcha) return;
    audio.current?.pause();
    audio.current = new Audio(`data:audio/wav;base64,${captcha.audioB64}`);
    void audio.current.play().catch(() => undefined);
  };

  return (
    <fieldset className="mb-4" data-testid="captcha">
      <legend className="h5">{t('signUp.captchaTitle')}</legend>
      <p className="small">{t('signUp.captchaHint')}</p>
      {error ? <ErrorAlert error={error} fallback={t('signUp.captchaError')} /> : null}
      <div className="d-flex flex-wrap align-items-center gap-3 mb-5">
        <div
          className="border rounded bg-white d-flex align-items-center justify-content-center"
          style={{ minWidth: 200, minHeight: 70 }}
          aria-busy={loading}
        >
          {captcha ? (
            <img
              src={`data:image/png;base64,${captcha.imageB64}`}
              alt={t('signUp.captchaImage')}
              width={CAPTCHA_IMAGE_WIDTH}
              height={CAPTCHA_IMAGE_HEIGHT}
              data-testid="captcha-image"
            />
          ) : null}
        </div>
        <div className="d-flex flex-wrap gap-2">
          <button type="button" className="btn btn-outline-primary btn-sm" onClick={listen} disabled={!captcha}>
            {t('signUp.captchaListen')}
          </button>
          <button type="button" className="btn btn-link btn-sm" onClick={onReload} disabled={loading}>
            {t('signUp.captchaReload')}
          </button>
        </div>
      </div>
      <TextField name="captcha" label={t('signUp.captcha')} required autoComplete="off" />
    </fieldset>
  );
}
