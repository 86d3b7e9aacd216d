/** The profile the api answers for the signed-in traveler of the component tests (TEST_TRAVELER of @varco/ui/testing). */
export const PROFILE = {
  nome: 'Mario',
  cognome: 'Rossi',
  dataNascita: '1980-05-17',
  email: 'mario.rossi@example.org',
  paeseResidenzaCodice: 'US',
  zonaResidenzaCodice: '',
  tipoDocumentoCodice: 'PASSPORT',
  paeseDocumentoCodice: 'US',
  numeroDocumento: 'YA1234567',
  privacy: true,
  visaCreationEnabled: true,
};

/** user-info of a first-time digital identity: the provider's names and birthday, no residence and no travel document yet. */
export const FIRST_TIME_IDENTITY = {
  ...PROFILE,
  email: '',
  paeseResidenzaCodice: '',
  tipoDocumentoCodice: '',
  paeseDocumentoCodice: '',
  numeroDocumento: '',
  privacy: false,
  identityProvider: 'SPID',
};
