import { useTranslation } from 'react-i18next';
import { toLocale, toServerLanguage, type Lookup } from '@varco/contracts';
import { PageLoader } from '@varco/ui';
import { ErrorAlert } from '../../../components/error-alert';
import { NS } from '../../../i18n/namespace';
import { PasskeysSection } from '../../passkeys';
import { useCountries, useDocumentTypes, useFreeZones } from '../../sign-up';
import { useUserInfo } from '../api/get-user-info';
import { DeleteAccount } from './delete-account';

function ReadOnlyField({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className="form-group">
      <label htmlFor={id} className="active">
        {label}
      </label>
      <input id={id} type="text" className="form-control" value={value} readOnly />
    </div>
  );
}

/** An ISO day (1990-05-17) in the reader's language; other text is shown as it is. */
function formatDay(value: string, locale: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`));
}

/** The label of a code in a lookup list, or the code itself when the list could not be read or does not hold it. */
function labelOf(code: string, list: Lookup[] | undefined): string {
  return list?.find((item) => item.code === code)?.description ?? code;
}

/** docs/screens.md /protected/edit-user: the traveler's profile, read-only (docs/domain.md Edit-user, docs/domain.md). */
export function ProfilePage() {
  const { t, i18n } = useTranslation(NS);
  const query = useUserInfo();
  const language = toServerLanguage(i18n.language);
  const countries = useCountries(language);
  const documentTypes = useDocumentTypes(language);
  const zone = query.data?.zonaResidenzaCodice ?? '';
  const zones = useFreeZones(zone === '' ? '' : (query.data?.paeseResidenzaCodice ?? ''), language);
  // The fields name their codes: they show once the lists that name them have answered (or failed), never a code first.
  const namesLoading = countries.isLoading || documentTypes.isLoading || zones.isLoading;

  let body;
  if (query.isPending || namesLoading) body = <PageLoader />;
  else if (query.isError) body = <ErrorAlert error={undefined} />;
  else {
    const user = query.data;
    body = (
      <form className="mt-5" aria-labelledby="profile-title" data-testid="profile">
        <div className="row">
          <div className="col-md-6">
            <ReadOnlyField id="profile-name" label={t('profile.name')} value={user.nome} />
          </div>
          <div className="col-md-6">
            <ReadOnlyField id="profile-surname" label={t('profile.surname')} value={user.cognome} />
          </div>
          <div className="col-md-6">
            <ReadOnlyField
              id="profile-birthday"
              label={t('profile.birthday')}
              value={formatDay(user.dataNascita, toLocale(i18n.language))}
            />
          </div>
          <div className="col-md-6">
            <ReadOnlyField id="profile-email" label={t('profile.email')} value={user.email} />
          </div>
          <div className="col-md-6">
            <ReadOnlyField
              id="profile-country"
              label={t('profile.country')}
              value={labelOf(user.paeseResidenzaCodice, countries.data)}
            />
          </div>
          {zone ? (
            <div className="col-md-6">
              <ReadOnlyField id="profile-zone" label={t('profile.countryZone')} value={labelOf(zone, zones.data)} />
            </div>
          ) : null}
          <div className="col-md-6">
            <ReadOnlyField
              id="profile-document-type"
              label={t('profile.documentType')}
              value={labelOf(user.tipoDocumentoCodice, documentTypes.data)}
            />
          </div>
          <div className="col-md-6">
            <ReadOnlyField
              id="profile-document-country"
              label={t('profile.documentCountry')}
              value={labelOf(user.paeseDocumentoCodice, countries.data)}
            />
          </div>
          <div className="col-md-6">
            <ReadOnlyField
              id="profile-document-number"
              label={t('profile.documentNumber')}
              value={user.numeroDocumento}
            />
          </div>
        </div>
      </form>
    );
  }
  const canDelete = query.isSuccess;

  return (
    <div className="container py-4">
      <h1 id="profile-title">{t('profile.title')}</h1>
      {body}
      {canDelete ? (
        <>
          <PasskeysSection />
          <div className="mt-5">
            <DeleteAccount />
          </div>
        </>
      ) : null}
    </div>
  );
}
