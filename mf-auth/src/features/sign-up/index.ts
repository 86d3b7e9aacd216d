// The face of sign-up: its page; the parts of the registration form that the completion of a digital-identity
// registration reuses (spid-activation); the lookups that name the residence and document codes (the profile shows
// them). Its other files are its own.
export { useCountries } from './api/get-countries';
export { useDocumentTypes } from './api/get-document-types';
export { useFreeZones } from './api/get-free-zones';
export { AccountFields, AccountFormActions } from './components/account-fields';
export {
  RESIDENCE_DOCUMENT_FIELD_OF_EXTRA,
  ResidenceDocumentFields,
  toResidenceDocumentPayload,
} from './components/residence-document-fields';
export { SignUpPage } from './components/sign-up-page';
export { useServerFieldIssues } from './hooks/use-server-field-issues';
