/**
 * What lib/webauthn uses of @simplewebauthn/browser, faked for the component tests, whose jsdom has no WebAuthn dialog
 * (the e2e suite runs the real one with Chromium's virtual authenticator). A test file takes it with
 * `jest.mock('@simplewebauthn/browser', () => jest.requireActual('<path to>/testing/fake-webauthn'))`.
 */
export const startRegistration = jest.fn();
export const startAuthentication = jest.fn();
export const WebAuthnAbortService = { cancelCeremony: jest.fn() };
