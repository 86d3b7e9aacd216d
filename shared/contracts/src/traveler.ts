import * as z from 'zod/mini';
import { HOME_INVOICES_LIMIT, HOME_VISAS_LIMIT } from '@varco/contracts/plain';
import { serverLanguageSchema } from './language-schemas';
import { text } from './text';

/** Session user (docs/domain.md): the user is signed in if and only if numeroDocumento is present. */
export const sessionUserSchema = z.object({
  numeroDocumento: z.optional(z.string()),
  nome: z.optional(z.string()),
  cognome: z.optional(z.string()),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const travelerSchema = z.object({
  nome: text(),
  cognome: text(),
  dataNascita: text(),
  email: text(),
  paeseResidenzaCodice: text(),
  zonaResidenzaCodice: text(),
  tipoDocumentoCodice: text(),
  paeseDocumentoCodice: text(),
  numeroDocumento: text(),
  privacy: z.boolean(),
});
export type Traveler = z.infer<typeof travelerSchema>;

/**
 * GET /private/traveler/user-info: the traveler, whether a new visa request may be created, and how many items each
 * widget of the home will list (the traveler's invoices and visa requests, counted up to what the home shows; of those
 * invoices, how many are available, a line taller with the days left to leave the EU), so that the home keeps their
 * place at that size while they load. The counts are absent from the answer of POST /private/traveler/finalize.
 */
export const userInfoSchema = z.extend(travelerSchema, {
  visaCreationEnabled: z.boolean(),
  identityProvider: z.optional(z.enum(['CREDENTIALS', 'SPID'])),
  homeInvoiceCount: z.optional(z.int().check(z.gte(0), z.lte(HOME_INVOICES_LIMIT))),
  homeAvailableInvoiceCount: z.optional(z.int().check(z.gte(0), z.lte(HOME_INVOICES_LIMIT))),
  homeVisaRequestCount: z.optional(z.int().check(z.gte(0), z.lte(HOME_VISAS_LIMIT))),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** POST /public/traveler body (docs/domain.md); the captcha value and token travel in headers. */
export const registrationPayloadSchema = z.object({
  lan: serverLanguageSchema,
  email: text(),
  privacy: z.boolean(),
  nome: text(),
  cognome: text(),
  secret: text(),
  dataNascita: text(),
  tipoDocumentoCodice: text(),
  paeseResidenzaCodice: text(),
  numeroDocumento: text(),
  zonaResidenzaCodice: text(),
  paeseDocumentoCodice: text(),
});
export type RegistrationPayload = z.infer<typeof registrationPayloadSchema>;

export const captchaResponseSchema = z.object({
  captcha: z.object({
    token: z.string(),
    imageB64: z.string(),
    audioB64: z.string(),
  }),
});
export type CaptchaResponse = z.infer<typeof captchaResponseSchema>;

export const activationQuerySchema = z.object({ key1: text(), key2: text() });
export const otpValidateQuerySchema = z.extend(activationQuerySchema, { type: z.literal('PWD_REMEMBER_TOKEN') });
export const otpValidateResponseSchema = z.object({ valid: z.boolean() });
export const sendOtpResponseSchema = z.object({ expirationDate: z.string() });
export const changePasswordBodySchema = z.object({ newPwd: text() });
export const recoverPasswordBodySchema = z.object({ email: text(), lan: z.optional(serverLanguageSchema) });
export const loginCustomBodySchema = z.object({ username: text(), password: text() });
/**
 * POST /private/traveler/finalize body: completes a digital identity registration with what the identity provider does
 * not give and the invoices are matched by, the residence and the travel document (the registration's fields and
 * rules); zonaResidenzaCodice is empty, or left out, when the country has no zones.
 */
export const finalizeBodySchema = z.object({
  email: text(),
  privacy: z.boolean(),
  lan: z.optional(serverLanguageSchema),
  paeseResidenzaCodice: text(),
  zonaResidenzaCodice: z.optional(text()),
  tipoDocumentoCodice: text(),
  paeseDocumentoCodice: text(),
  numeroDocumento: text(),
});
export type FinalizeBody = z.infer<typeof finalizeBodySchema>;

/** Request headers of the calls (docs/calls.md). */
export const HEADERS = {
  otp: 'x-otp',
  area: 'x-area',
  captchaValue: 'x-captcha-value',
  captchaToken: 'x-captcha-token',
  /** Sent by the portal's http client on every call: a page of another origin cannot send it without the api's consent. */
  client: 'x-varco-client',
} as const;
