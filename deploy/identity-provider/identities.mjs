// The local test provider's client and identities, apart from the provider itself so that its tests, which cannot
// load oidc-provider (ESM only, under jest's CommonJS), sign in with the same ones.

export const DEFAULT_CLIENT = { clientId: 'varco-api', clientSecret: 'varco-local-identity-secret' };

/** The test identities; none of them has a Varco account until they complete their registration. */
export const TEST_IDENTITIES = [
  {
    sub: 'TINIT-VRDGPP80A01H501X',
    fiscal_number: 'TINIT-VRDGPP80A01H501X',
    given_name: 'Giuseppe',
    family_name: 'Verdi',
    birthdate: '1980-01-01',
    email: 'giuseppe.verdi@example.com',
  },
  {
    sub: 'TINIT-BNCLRA92M41F205Y',
    fiscal_number: 'TINIT-BNCLRA92M41F205Y',
    given_name: 'Laura',
    family_name: 'Bianchi',
    birthdate: '1992-08-01',
    email: 'laura.bianchi@example.com',
  },
  {
    sub: 'TINIT-NREANN75C55L219Z',
    fiscal_number: 'TINIT-NREANN75C55L219Z',
    given_name: 'Anna',
    family_name: 'Neri',
    birthdate: '1975-03-15',
    email: 'anna.neri@example.com',
  },
];
