import { useCallback, useState } from 'react';
import { travelSchema, type Travel, type Visa } from '@varco/contracts';
import { personalStorageKey } from '@varco/session';

/** The wizard draft of docs/domain.md: the selected invoices (refund ids) and the travel detail. */
export interface WizardDraft {
  invoices: number[];
  travel: Travel | null;
  /** The request being modified (/protected/visa/update/{id}); absent for a new request. */
  requestId?: number;
}

/** Where the draft is kept between visits (docs/domain.md: local storage), until the request is sent or sign-out. */
export const DRAFT_STORAGE_KEY = personalStorageKey('visa-draft');
/** Where an earlier version kept it, past sign-out: it may be another traveler's, and is removed unread. */
const UNOWNED_DRAFT_STORAGE_KEY = 'varco-visa-draft';

export const EMPTY_DRAFT: WizardDraft = { invoices: [], travel: null };

/** Reads the saved draft; anything unreadable or of another shape counts as no draft. */
export function readDraft(): WizardDraft {
  try {
    localStorage.removeItem(UNOWNED_DRAFT_STORAGE_KEY);
    const saved: unknown = JSON.parse(localStorage.getItem(DRAFT_STORAGE_KEY) ?? 'null');
    if (typeof saved !== 'object' || saved === null) return EMPTY_DRAFT;
    const { invoices, travel, requestId } = saved as Record<string, unknown>;
    const travelResult = travelSchema.safeParse(travel);
    const draft: WizardDraft = {
      invoices: Array.isArray(invoices) ? invoices.filter((id): id is number => Number.isSafeInteger(id)) : [],
      travel: travelResult.success ? travelResult.data : null,
    };
    if (typeof requestId === 'number' && Number.isSafeInteger(requestId)) draft.requestId = requestId;
    return draft;
  } catch {
    return EMPTY_DRAFT;
  }
}

/** The draft of the page, saved in local storage at every change. */
export function useWizardDraft() {
  const [draft, setDraft] = useState(readDraft);
  const save = useCallback((next: WizardDraft) => {
    setDraft(next);
    try {
      localStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Storage full or refused (private mode): the draft lives on in the page.
    }
  }, []);
  const clear = useCallback(() => {
    setDraft(EMPTY_DRAFT);
    try {
      localStorage.removeItem(DRAFT_STORAGE_KEY);
    } catch {
      // Nothing saved to remove.
    }
  }, []);
  return { draft, save, clear };
}

/** The draft of a request being modified: its invoices and its travel as saved (docs/screens.md /protected/visa/update/{id}). */
export function draftFromVisa(visa: Visa): WizardDraft {
  const travel: Travel | null =
    visa.meansOfTransport && visa.travelDate && visa.destinationCountry
      ? {
          transportType: visa.meansOfTransport.code,
          crewMember: visa.crewMember ?? false,
          travelDate: visa.travelDate,
          travelDocType: visa.travelDocType?.code ?? null,
          travelDocNumber: visa.travelDocNumber ?? null,
          destinationCountry: visa.destinationCountry.code,
          destinationFreeZone: visa.destinationFreeZone?.code ?? null,
          flightNumber: visa.flightNumber ?? null,
          destinationAirport: visa.destinationAirport?.code ?? null,
        }
      : null;
  return {
    invoices: (visa.invoices ?? []).map((invoice) => invoice.idRichiestaRimborso),
    travel,
    requestId: visa.idRichiesta,
  };
}
