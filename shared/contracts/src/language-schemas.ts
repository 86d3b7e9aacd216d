import * as z from 'zod/mini';
import { LANGUAGES, SERVER_LANGUAGES } from '@varco/contracts/plain';

/** The languages of language.ts as schemas, for the api's calls and the bodies that carry one. */
export const languageSchema = z.enum(LANGUAGES);
export const serverLanguageSchema = z.enum(SERVER_LANGUAGES);
