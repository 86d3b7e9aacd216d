import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_NUMBER_MAX_LENGTH, textIssue, toServerLanguage, type RegistrationPayload } from '@varco/contracts';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import type { FieldBinding, FormRules } from '../../../hooks/use-form';
import { NS } from '../../../i18n/namespace';
import { accountRule, minTextLength, notEmpty } from '../../../lib/validation';
import { useCountries } from '../api/get-countries';
import { useDocumentTypes } from '../api/get-document-types';
import { useFreeZones } from '../api/get-free-zones';
import { useTaxFreeCountries } from '../api/get-tax-free-countries';

/**
 * Where the traveler lives and the travel document they shop with (SPEC §3 registration form fields): the invoices
 * are matched to an account through that document. The registration asks them, and so does the completion of a
 * digital identity registration, whose provider gives neither.
 */
export interface ResidenceDocumentValues extends Record<string, string> {
  country: string;
  countryZone: string;
  documentType: string;
  documentCountry: string;
  documentNumber: string;
}

export const EMPTY_RESIDENCE_DOCUMENT: ResidenceDocumentValues = { country: '', countryZone: '', documentType: '', documentCountry: '', documentNumber: '' };

const chosen = [notEmpty, minTextLength];

/** Each is required but the zone; the document number under the api's own rule (`@varco/contracts`). */
export const RESIDENCE_DOCUMENT_RULES: FormRules<ResidenceDocumentValues> = {
  country: chosen,
  documentType: chosen,
  documentCountry: chosen,
  documentNumber: [accountRule((value) => textIssue(value, DOCUMENT_NUMBER_MAX_LENGTH))],
};

/** Where the server's per-field messages on these fields (SPEC §8, keyed by payload field) go on the form. */
export const RESIDENCE_DOCUMENT_FIELD_OF_EXTRA: Readonly<Record<string, keyof ResidenceDocumentValues>> = {
  paeseResidenzaCodice: 'country',
  zonaResidenzaCodice: 'countryZone',
  tipoDocumentoCodice: 'documentType',
  paeseDocumentoCodice: 'documentCountry',
  numeroDocumento: 'documentNumber',
};

export type ResidenceDocumentPayload = Pick<RegistrationPayload, 'paeseResidenzaCodice' | 'zonaResidenzaCodice' | 'tipoDocumentoCodice' | 'paeseDocumentoCodice' | 'numeroDocumento'>;

export function toResidenceDocumentPayload(values: ResidenceDocumentValues): ResidenceDocumentPayload {
  return {
    paeseResidenzaCodice: values.country,
    zonaResidenzaCodice: values.countryZone,
    tipoDocumentoCodice: values.documentType,
    paeseDocumentoCodice: values.documentCountry,
    numeroDocumento: values.documentNumber.trim(),
  };
}

/** What these fields need of the form that holds them (`useForm`). */
interface ResidenceDocumentForm {
  values: ResidenceDocumentValues;
  field: (name: keyof ResidenceDocumentValues & string) => FieldBinding;
  setFieldValues: (changes: Partial<ResidenceDocumentValues>) => void;
}

/**
 * The residence row (country of residence among the tax-free ones, and its zone), then the travel document under its
 * own heading. The zone select appears only when the chosen country has zones; otherwise the zone is reset (SPEC §2).
 */
export function ResidenceDocumentFields({ form }: { form: ResidenceDocumentForm }) {
  const { t, i18n } = useTranslation(NS);
  const language = toServerLanguage(i18n.language);
  const { values, setFieldValues } = form;
  const taxFreeCountries = useTaxFreeCountries(language);
  const countries = useCountries(language);
  const documentTypes = useDocumentTypes(language);
  const zones = useFreeZones(values.country, language);

  const zoneOptions = values.country ? (zones.data ?? []) : [];
  const hasZones = zoneOptions.length > 0;

  // SPEC §2: without zones for the chosen country, the zone is reset to empty (also when the zones answer changes).
  useEffect(() => {
    if (zones.isSuccess && values.countryZone && !zoneOptions.some((zone) => zone.code === values.countryZone)) setFieldValues({ countryZone: '' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the zones or the chosen zone change
  }, [zones.isSuccess, zoneOptions, values.countryZone]);

  const countryBinding = form.field('country');
  const onCountryChange: typeof countryBinding.onChange = (event) => {
    countryBinding.onChange(event);
    setFieldValues({ countryZone: '' });
  };

  return (
    <>
      <div className="row">
        <div className="col-md-6">
          <SelectField {...countryBinding} onChange={onCountryChange} label={t('signUp.country')} options={taxFreeCountries.data ?? []} required />
        </div>
        {hasZones ? (
          <div className="col-md-6">
            <SelectField {...form.field('countryZone')} label={t('signUp.countryZone')} options={zoneOptions} />
          </div>
        ) : null}
      </div>

      <h2 className="h4 mt-3 mb-5">{t('signUp.documentTitle')}</h2>
      <div className="row">
        <div className="col-md-6">
          <SelectField {...form.field('documentType')} label={t('signUp.documentType')} options={documentTypes.data ?? []} required />
        </div>
        <div className="col-md-6">
          <SelectField {...form.field('documentCountry')} label={t('signUp.documentCountry')} options={countries.data ?? []} required />
        </div>
        <div className="col-md-6">
          <TextField {...form.field('documentNumber')} label={t('signUp.documentNumber')} required autoComplete="off" />
        </div>
      </div>
    </>
  );
}
