import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { VisaState, type Visa } from '@varco/contracts';
import { sessionStore } from '@varco/session';
import { ActionButton, announcedWith, DeleteWithConfirmation } from '@varco/ui';
import { DownloadButton } from '@varco/ui/download';
import { NS } from '../../../i18n/namespace';
import { useDeleteVisa } from '../api/delete-visa';
import { downloadVisa } from '../api/download-visa';
import { useStartRiskAnalysis } from '../api/start-risk-analysis';

/** docs/domain.md: the request as a PDF with its QR code; a failure shows the detail read from the blob body (docs/calls.md). */
export function DownloadVisaButton({ visa }: { visa: Visa }) {
  const { t } = useTranslation(NS);
  const texts = {
    label: t('detail.download'),
    busyLabel: t('detail.downloading'),
    errorText: t('detail.downloadError'),
  };
  const fetchFile = () => downloadVisa(visa.idRichiesta, visa.requestCode);
  return <DownloadButton fetchFile={fetchFile} texts={texts} errorTestId="visa-download-error" />;
}

/** docs/domain.md: the traveler completes a pending request; the request is loaded again, and a refusal shows its detail (docs/calls.md). */
function StartRiskAnalysisButton({ visa }: { visa: Visa }) {
  const { t } = useTranslation(NS);
  const analysis = useStartRiskAnalysis(visa.idRichiesta);
  return (
    <ActionButton
      mutation={analysis}
      className="btn btn-primary"
      label={t('detail.startRisk')}
      busyLabel={t('detail.riskRunning')}
      errorText={t('detail.riskError')}
      errorTestId="risk-error"
    />
  );
}

/** Delete with a confirmation first; on success the traveler goes home (docs/domain.md, docs/calls.md); errors are generic (docs/calls.md). */
function DeleteVisa({ visa }: { visa: Visa }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const deletion = useDeleteVisa(visa.idRichiesta);
  return (
    <DeleteWithConfirmation
      id="visa-delete"
      className="w-100"
      label={t('detail.delete')}
      title={t('detail.deleteConfirmTitle')}
      text={t('detail.deleteConfirmText', { code: visa.requestCode })}
      confirmLabel={t('detail.deleteConfirm')}
      cancelLabel={t('detail.deleteCancel')}
      onConfirm={() =>
        deletion.mutate(undefined, {
          onSuccess: () => {
            // The pending request is gone: a new one may be created (docs/domain.md).
            sessionStore.getState().setVisaCreationEnabled(true);
            navigate('/protected', { state: announcedWith(t('detail.deleted', { code: visa.requestCode })) });
          },
        })
      }
      pending={deletion.isPending}
      error={
        deletion.isError ? (
          <div className="alert alert-danger" role="alert" data-testid="delete-error">
            {t('detail.deleteError')}
          </div>
        ) : null
      }
    />
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
