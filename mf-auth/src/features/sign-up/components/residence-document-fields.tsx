import { useEffect, useMemo } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toServerLanguage, type Lookup, type RegistrationPayload } from '@varco/contracts';
import { SelectField, TextField, type SelectOption } from '@varco/ui/form';
import { NS } from '../../../i18n/namespace';
import { useCountries } from '../api/get-countries';
import { useDocumentTypes } from '../api/get-document-types';
import { useFreeZones } from '../api/get-free-zones';
import { useTaxFreeCountries } from '../api/get-tax-free-countries';

/**
 * Where the traveler lives and the travel document they shop with (docs/domain.md registration form fields): the invoices
 * are matched to an account through that document. The registration asks them, and so does the completion of a
 * digital identity registration, whose provider gives neither. Their rules are the contracts' (registrationSchema).
 */
export interface ResidenceDocumentValues {
  country: string;
  countryZone: string;
  documentType: string;
  documentCountry: string;
  documentNumber: string;
}

export const EMPTY_RESIDENCE_DOCUMENT: ResidenceDocumentValues = {
  country: '',
  countryZone: '',
  documentType: '',
  documentCountry: '',
  documentNumber: '',
};

/** Where the server's per-field messages on these fields (docs/calls.md, keyed by payload field) go on the form. */
export const RESIDENCE_DOCUMENT_FIELD_OF_EXTRA: Readonly<Record<string, keyof ResidenceDocumentValues>> = {
  paeseResidenzaCodice: 'country',
  zonaResidenzaCodice: 'countryZone',
  tipoDocumentoCodice: 'documentType',
  paeseDocumentoCodice: 'documentCountry',
  numeroDocumento: 'documentNumber',
};

export type ResidenceDocumentPayload = Pick<
  RegistrationPayload,
  'paeseResidenzaCodice' | 'zonaResidenzaCodice' | 'tipoDocumentoCodice' | 'paeseDocumentoCodice' | 'numeroDocumento'
>;

export function toResidenceDocumentPayload(values: ResidenceDocumentValues): ResidenceDocumentPayload {
  return {
    paeseResidenzaCodice: values.country,
    zonaResidenzaCodice: values.countryZone,
    tipoDocumentoCodice: values.documentType,
    paeseDocumentoCodice: values.documentCountry,
    numeroDocumento: values.documentNumber.trim(),
  };
}

const toOptions = (lookups: ReadonlyArray<Lookup> | undefined): SelectOption[] =>
  (lookups ?? []).map((item) => ({ value: item.code, label: item.description }));

/**
 * The residence row (country of residence among the tax-free ones, and its zone), then the travel document under its
 * own heading, in the surrounding form (FormProvider). The zone select appears only when the chosen country has
 * zones; otherwise the zone is reset (docs/screens.md).
 */
export function ResidenceDocumentFields() {
  const { t, i18n } = useTranslation(NS);
  const language = toServerLanguage(i18n.language);
  const { setValue } = useFormContext<ResidenceDocumentValues>();
  const [country, countryZone] = useWatch<ResidenceDocumentValues, ['country', 'countryZone']>({
    name: ['country', 'countryZone'],
  });
  const taxFreeCountries = useTaxFreeCountries(language);
  const countries = useCountries(language);
  const documentTypes = useDocumentTypes(language);
  const zones = useFreeZones(country, language);

  const zoneOptions = useMemo(() => (country ? (zones.data ?? []) : []), [country, zones.data]);
  const hasZones = zoneOptions.length > 0;

  // docs/screens.md: a zone that the chosen country does not have is reset to empty (a new country, a new zones answer).
  useEffect(() => {
    if (countryZone && (!country || (zones.isSuccess && !zoneOptions.some((zone) => zone.code === countryZone))))
      setValue('countryZone', '');
  }, [country, countryZone, zones.isSuccess, zoneOptions, setValue]);

  return (
    <>
      <div className="row">
        <div className="col-md-6">
          <SelectField<ResidenceDocumentValues>
            name="country"
            label={t('signUp.country')}
            options={toOptions(taxFreeCountries.data)}
            required
          />
        </div>
        {hasZones ? (
          <div className="col-md-6">
            <SelectField<ResidenceDocumentValues>
              name="countryZone"
              label={t('signUp.countryZone')}
              options={toOptions(zoneOptions)}
            />
          </div>
        ) : null}
      </div>

      <h2 className="h4 mt-3 mb-5">{t('signUp.documentTitle')}</h2>
      <div className="row">
        <div className="col-md-6">
          <SelectField<ResidenceDocumentValues>
            name="documentType"
            label={t('signUp.documentType')}
            options={toOptions(documentTypes.data)}
            required
          />
        </div>
        <div className="col-md-6">
          <SelectField<ResidenceDocumentValues>
            name="documentCountry"
            label={t('signUp.documentCountry')}
            options={toOptions(countries.data)}
            required
          />
        </div>
        <div className="col-md-6">
          <TextField<ResidenceDocumentValues>
            name="documentNumber"
            label={t('signUp.documentNumber')}
            required
            autoComplete="off"
          />
        </div>
      </div>
    </>
  );
}
