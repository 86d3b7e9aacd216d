/** The traveler of this remote's component tests: the signed-in session user and the profile the api answers. */
export const SIGNED_IN = { numeroDocumento: 'YA1234567', nome: 'Mario', cognome: 'Rossi' };

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
