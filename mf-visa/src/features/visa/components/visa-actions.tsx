import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { VisaState, type Visa } from '@varco/contracts';
import { isClientError } from '@varco/http';
import { sessionStore } from '@varco/session';
import { NS } from '../../../i18n/namespace';
import { useDeleteVisa } from '../api/delete-visa';
import { useDownloadVisa } from '../api/download-visa';
import { useStartRiskAnalysis } from '../api/start-risk-analysis';

/** The server's detail of a failed call when it answered one; '' otherwise (network, broken answer). */
function serverDetail(error: unknown): string {
  return isClientError(error) && error.type === 'http-error' ? error.detail : '';
}

/** docs/domain.md: the request as a PDF with its QR code; a failure shows the detail read from the blob body (docs/calls.md). */
export function DownloadVisaButton({ visa }: { visa: Visa }) {
  const { t } = useTranslation(NS);
  const download = useDownloadVisa(visa.idRichiesta, visa.requestCode);
  return (
    <div>
      <button type="button" className="btn btn-outline-primary" onClick={() => download.mutate()} disabled={download.isPending} aria-busy={download.isPending}>
        {download.isPending ? t('detail.downloading') : t('detail.download')}
      </button>
      {download.isError ? (
        <div className="alert alert-danger mt-2 mb-0" role="alert" data-testid="visa-download-error">
          {serverDetail(download.error) || t('detail.downloadError')}
        </div>
      ) : null}
    </div>
  );
}

/** docs/domain.md: the traveler completes a pending request; the request is loaded again, and a refusal shows its detail (docs/calls.md). */
function StartRiskAnalysisButton({ visa }: { visa: Visa }) {
  const { t } = useTranslation(NS);
  const analysis = useStartRiskAnalysis(visa.idRichiesta);
  return (
    <div>
      <button type="button" className="btn btn-primary" onClick={() => analysis.mutate()} disabled={analysis.isPending} aria-busy={analysis.isPending}>
        {analysis.isPending ? t('detail.riskRunning') : t('detail.startRisk')}
      </button>
      {analysis.isError ? (
        <div className="alert alert-danger mt-2 mb-0" role="alert" data-testid="risk-error">
          {serverDetail(analysis.error) || t('detail.riskError')}
        </div>
      ) : null}
    </div>
  );
}

/** Delete with a confirmation first; on success the traveler goes home (docs/domain.md, docs/calls.md); errors are generic (docs/calls.md). */
function DeleteVisa({ visa }: { visa: Visa }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const deletion = useDeleteVisa(visa.idRichiesta);

  if (!confirming)
    return (
      <button type="button" className="btn btn-outline-danger" onClick={() => setConfirming(true)}>
        {t('detail.delete')}
      </button>
    );
  return (
    <section className="callout danger w-100" role="alertdialog" aria-labelledby="visa-delete-title" aria-describedby="visa-delete-text" data-testid="delete-confirmation">
      <div className="callout-inner">
        <h2 className="h5" id="visa-delete-title">
          {t('detail.deleteConfirmTitle')}
        </h2>
        <p id="visa-delete-text">{t('detail.deleteConfirmText', { code: visa.requestCode })}</p>
        {deletion.isError ? (
          <div className="alert alert-danger" role="alert" data-testid="delete-error">
            {t('detail.deleteError')}
          </div>
        ) : null}
        <div className="d-flex flex-wrap gap-3">
          <button
            type="button"
            className="btn btn-danger"
            disabled={deletion.isPending}
            onClick={() =>
              deletion.mutate(undefined, {
                onSuccess: () => {
                  // The pending request is gone: a new one may be created (docs/domain.md).
                  sessionStore.getState().setVisaCreationEnabled(true);
                  navigate('/protected');
                },
              })
            }
          >
            {t('detail.deleteConfirm')}
          </button>
          {/* The safe choice has the focus when the question appears. */}
          <button type="button" className="btn btn-outline-primary" disabled={deletion.isPending} onClick={() => setConfirming(false)} autoFocus>
            {t('detail.deleteCancel')}
          </button>
        </div>
      </div>
    </section>
  );
}

/** What the traveler can do with the request: download always; modify, delete and start the risk analysis only while pending. */
export function VisaActions({ visa }: { visa: Visa }) {
  const { t } = useTranslation(NS);
  const pending = visa.stateCode === VisaState.PENDING;
  return (
    <div className="d-flex flex-wrap gap-2 align-items-start mt-4" data-testid="visa-actions">
      <DownloadVisaButton visa={visa} />
      {pending ? (
        <>
          <StartRiskAnalysisButton visa={visa} />
          <Link to={`/protected/visa/update/${visa.idRichiesta}`} className="btn btn-outline-primary">
            {t('detail.modify')}
          </Link>
          <DeleteVisa visa={visa} />
        </>
      ) : null}
    </div>
  );
}
