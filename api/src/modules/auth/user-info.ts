import type { Traveler, UserInfo } from '@varco/contracts';
import type { TravelerRecord } from './repository';

/** The traveler as the browser sees it (docs/domain.md). */
export function toTraveler(record: TravelerRecord): Traveler {
  return {
    nome: record.nome,
    cognome: record.cognome,
    dataNascita: record.data_nascita,
    email: record.email,
    // Empty for a traveler who came through the digital identity provider (no residence or document asked).
    paeseResidenzaCodice: record.paese_residenza ?? '',
    zonaResidenzaCodice: record.zona_residenza ?? '',
    tipoDocumentoCodice: record.tipo_documento ?? '',
    paeseDocumentoCodice: record.paese_documento ?? '',
    numeroDocumento: record.numero_documento,
    privacy: record.privacy,
  };
}

/** How many items the home's widgets list (user-info only: other answers of the traveler leave them out). */
export type HomeCounts = Pick<UserInfo, 'homeInvoiceCount' | 'homeAvailableInvoiceCount' | 'homeVisaRequestCount'>;

/**
 * The traveler as user-info answers it. For a digital identity traveler still completing the registration, the
 * provider's names, birthday and suggested e-mail, and no travel document yet: the browser holds a traveler as signed
 * in only once numeroDocumento is there (docs/domain.md), so an empty one tells it the registration must be completed.
 */
export function toUserInfo(
  traveler: TravelerRecord,
  visaCreationEnabled = true,
  homeCounts: HomeCounts = {},
): UserInfo {
  const info: UserInfo = {
    ...toTraveler(traveler),
    visaCreationEnabled,
    identityProvider: traveler.identity_provider,
    ...homeCounts,
  };
  return traveler.status === 'PENDING_IDENTITY' ? { ...info, numeroDocumento: '' } : info;
}
