import {
  accountRuleParams,
  BIRTH_DATE_MIN,
  DOCUMENT_NUMBER_MAX_LENGTH,
  isIsoDay,
  normaliseDocumentNumber,
  passwordIssue,
  textIssue,
  type AccountRuleIssue,
} from '@varco/contracts';
import type { Kysely } from 'kysely';
import type { Message } from '../../app-error';
import type { Database } from '../../db/types';
import { referenceQueries } from '../typology';

/**
 * The account rules that the registration, the profile and the digital identity's completion (spid) share: the
 * field rules of `@varco/contracts` as catalogue messages, and the residence and document checks that need the lookup
 * lists.
 */

export type FieldProblems = Record<string, Message>;

/** An issue of the account forms' shared rules as a catalogue message (the text the form shows for it on blur). */
export const accountRuleProblem = (issue: AccountRuleIssue): Message => ({
  key: `account.${issue.code}`,
  params: accountRuleParams(issue),
});

/** The new password of a reset or a registration; undefined when it follows the rules. */
export function passwordProblem(password: string): Message | undefined {
  const issue = passwordIssue(password);
  return issue ? accountRuleProblem(issue) : undefined;
}

/** A real calendar day from 1900 on (a birth date given by the identity provider). */
export const isRealIsoDay = (value: string) => isIsoDay(value) && value >= BIRTH_DATE_MIN;

interface UniqueViolation {
  code: string;
  constraint?: string;
}
const isUniqueViolation = (error: unknown): error is UniqueViolation =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** The refusal of a unique index on the traveler's e-mail or document (two registrations racing), as a 409's fields. */
export function duplicateFields(error: unknown): FieldProblems | undefined {
  if (!isUniqueViolation(error)) return undefined;
  const constraint = error.constraint ?? '';
  return constraint.includes('document')
    ? { numeroDocumento: { key: 'traveler.documentTaken' } }
    : { email: { key: 'traveler.emailTaken' } };
}

/** Where a traveler lives and the travel document they shop with: what their tax-free invoices are matched by. */
export interface ResidenceAndDocument {
  paeseResidenzaCodice: string;
  /** A free zone of the residence country, or '' for none. */
  zonaResidenzaCodice: string;
  tipoDocumentoCodice: string;
  paeseDocumentoCodice: string;
  numeroDocumento: string;
}

/** Residence country and zone (docs/domain.md): a member state's resident must live in one of its free zones. */
export async function residenceProblems(
  executor: Kysely<Database>,
  country: string,
  zone: string,
  problems: FieldProblems,
): Promise<void> {
  if (country.trim() === '') {
    problems.paeseResidenzaCodice = accountRuleProblem({ code: 'empty' });
    return;
  }
  const row = await referenceQueries.country(executor, country);
  if (!row) {
    problems.paeseResidenzaCodice = { key: 'field.unknownCountry' };
    return;
  }
  if (zone !== '') {
    if (!(await referenceQueries.residentialZoneExists(executor, zone, country)))
      problems.zonaResidenzaCodice = { key: 'field.unknownZone' };
  } else if (row.eu_member) {
    problems.paeseResidenzaCodice = { key: 'field.residenceNotTaxFree' };
  }
}

/**
 * The registration's rules for the residence and the travel document, keyed by the payload's field names (docs/calls.md).
 * The digital identity's completion applies them too: its travelers need a document for their invoices to be found.
 */
export async function residenceAndDocumentProblems(
  executor: Kysely<Database>,
  values: ResidenceAndDocument,
  problems: FieldProblems,
): Promise<void> {
  const number = textIssue(values.numeroDocumento, DOCUMENT_NUMBER_MAX_LENGTH);
  if (number) problems.numeroDocumento = accountRuleProblem(number);
  if (values.tipoDocumentoCodice === '') problems.tipoDocumentoCodice = accountRuleProblem({ code: 'empty' });
  else if (!(await referenceQueries.documentTypeExists(executor, values.tipoDocumentoCodice))) {
    problems.tipoDocumentoCodice = { key: 'field.unknownDocumentType' };
  }
  if (values.paeseDocumentoCodice === '') problems.paeseDocumentoCodice = accountRuleProblem({ code: 'empty' });
  else if (!(await referenceQueries.country(executor, values.paeseDocumentoCodice))) {
    problems.paeseDocumentoCodice = { key: 'field.unknownCountry' };
  }
  await residenceProblems(executor, values.paeseResidenzaCodice, values.zonaResidenzaCodice, problems);
}

/** The traveler's columns of a valid residence and document, as they are stored (and matched with invoices). */
export function residenceAndDocumentColumns(values: ResidenceAndDocument) {
  return {
    paese_residenza: values.paeseResidenzaCodice,
    zona_residenza: values.zonaResidenzaCodice === '' ? null : values.zonaResidenzaCodice,
    tipo_documento: values.tipoDocumentoCodice,
    paese_documento: values.paeseDocumentoCodice,
    numero_documento: normaliseDocumentNumber(values.numeroDocumento),
  };
}
