import { createStore, useStore } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { ClientError, SessionUser, UserInfo } from '@varco/contracts';
import { forgetOfflineCopies } from './offline-copy';
import { forgetPersonalStorage } from './personal-storage';

export const DEFAULT_AREA = 'free';

/** The session state of docs/domain.md, one store for the whole page (a federation singleton). */
export interface SessionState {
  user: SessionUser;
  /**
   * The OTP of the credentials sign-in, sent in a header while held: held in memory only, while it is being presented,
   * and never saved. Its expiry (no secret) is saved, so that a reload of the OTP page keeps the code already mailed.
   */
  otp: string | null;
  otpExpiration: string | null;
  area: string;
  loading: boolean;
  error: ClientError | null;
  /** True when no visa request is pending, so a new one may be created. */
  visaCreationEnabled: boolean;
  /** How many items the home's widgets will list (user-info's counts), so that it keeps their place; null if unknown. */
  homeCounts: HomeCounts | null;
  /** False until the saved state has been read back; the app shows nothing before. */
  hydrated: boolean;
}

/** How many invoices and visa requests the home lists (at most four each), and how many of the invoices are available. */
export interface HomeCounts {
  invoices: number;
  availableInvoices: number;
  visaRequests: number;
}

export interface SessionActions {
  setUser: (user: SessionUser) => void;
  /**
   * The api answered user-info on a full session (after the OTP, or the digital identity): the traveler is signed in,
   * the visa flag and the home's counts follow the answer, and nothing of the OTP step is kept.
   */
  signIn: (
    info: Pick<UserInfo, 'numeroDocumento' | 'nome' | 'cognome' | 'visaCreationEnabled' | HomeCountFields>,
  ) => void;
  setOtp: (otp: string | null, expiration?: string | null) => void;
  setArea: (area: string) => void;
  setLoading: (loading: boolean) => void;
  setError: (error: ClientError | null) => void;
  setVisaCreationEnabled: (enabled: boolean) => void;
  /**
   * Signs the user out locally: on logout and on any 401 or 403 (docs/domain.md). Loading stops; offline copies and
   * every app's personal data in local storage are forgotten.
   */
  clearSession: () => void;
}

export type SessionStore = SessionState & SessionActions;

type HomeCountFields = 'homeInvoiceCount' | 'homeAvailableInvoiceCount' | 'homeVisaRequestCount';

const initialState: Omit<SessionState, 'hydrated'> = {
  user: {},
  otp: null,
  otpExpiration: null,
  area: DEFAULT_AREA,
  loading: false,
  error: null,
  visaCreationEnabled: false,
  homeCounts: null,
};

export const SESSION_STORAGE_KEY = 'varco-session';
/** 1: the OTP itself is no longer saved. */
const SESSION_STORAGE_VERSION = 1;

/** What survives a reload: what the session user needs, nothing secret (no code, token or password). */
// visaCreationEnabled and homeCounts too: the home sizes its slots from the first paint (refreshed by user-info, as the user).
type SavedSession = Pick<SessionState, 'user' | 'area' | 'otpExpiration' | 'visaCreationEnabled' | 'homeCounts'>;

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isHomeCounts = (value: unknown): value is HomeCounts =>
  value !== null &&
  typeof value === 'object' &&
  (['invoices', 'availableInvoices', 'visaRequests'] as const).every((key) => isCount((value as HomeCounts)[key]));

/** The home's counts of a user-info answer; null from an answer without them (the registration's completion). */
function homeCountsOf({
  homeInvoiceCount,
  homeAvailableInvoiceCount = 0,
  homeVisaRequestCount,
}: Pick<UserInfo, HomeCountFields>): HomeCounts | null {
  if (homeInvoiceCount === undefined || homeVisaRequestCount === undefined) return null;
  return {
    invoices: homeInvoiceCount,
    availableInvoices: homeAvailableInvoiceCount,
    visaRequests: homeVisaRequestCount,
  };
}

/** The saved fields of a state, or of whatever storage holds (an older version, an edited value): those fields only. */
function savedPart(state: Partial<SavedSession> | null | undefined): Partial<SavedSession> {
  const saved: Partial<SavedSession> = {};
  if (state?.user !== undefined) saved.user = state.user;
  if (state?.area !== undefined) saved.area = state.area;
  if (state?.otpExpiration !== undefined) saved.otpExpiration = state.otpExpiration;
  if (typeof state?.visaCreationEnabled === 'boolean') saved.visaCreationEnabled = state.visaCreationEnabled;
  if (state?.homeCounts === null || isHomeCounts(state?.homeCounts)) saved.homeCounts = state.homeCounts;
  return saved;
}

export const sessionStore = createStore<SessionStore>()(
  persist(
    (set) => ({
      ...initialState,
      hydrated: false,
      setUser: (user) => set({ user }),
      signIn: ({ numeroDocumento, nome, cognome, visaCreationEnabled, ...counts }) =>
        set({
          user: { numeroDocumento, nome, cognome },
          visaCreationEnabled,
          homeCounts: homeCountsOf(counts),
          otp: null,
          otpExpiration: null,
        }),
      setOtp: (otp, otpExpiration = null) => set({ otp, otpExpiration }),
      setArea: (area) => set({ area }),
      setLoading: (loading) => set({ loading }),
      setError: (error) => set({ error }),
      setVisaCreationEnabled: (visaCreationEnabled) => set({ visaCreationEnabled }),
      clearSession: () => {
        // Nothing the traveler saw stays on the device for the next one.
        forgetOfflineCopies();
        forgetPersonalStorage();
        set({
          user: {},
          otp: null,
          otpExpiration: null,
          area: DEFAULT_AREA,
          loading: false,
          visaCreationEnabled: false,
          homeCounts: null,
        });
      },
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      version: SESSION_STORAGE_VERSION,
      // Only what must survive a reload; flags of the moment (loading, error) start fresh, and the OTP stays in memory.
      partialize: (state) => savedPart(state),
      // An older version saved the OTP in clear: it is dropped, and the storage written again without it.
      migrate: (saved) => savedPart(saved as Partial<SavedSession>),
      merge: (saved, current) => ({ ...current, ...savedPart(saved as Partial<SavedSession>) }),
    },
  ),
);

// Local storage is read synchronously while the store is created, so hydration is usually over by now;
// the listener covers an asynchronous storage. Where there is no storage at all (the shell's build renders its pages
// in Node), zustand leaves the store without its persist API: nothing is saved, there is nothing to read.
const persistence = sessionStore.persist as typeof sessionStore.persist | undefined;
if (!persistence || persistence.hasHydrated()) sessionStore.setState({ hydrated: true });
else persistence.onFinishHydration(() => sessionStore.setState({ hydrated: true }));

export function useSession<T>(selector: (state: SessionStore) => T): T {
  return useStore(sessionStore, selector);
}

export function isSignedIn(user: SessionUser): boolean {
  return Boolean(user.numeroDocumento);
}

export function useIsSignedIn(): boolean {
  return useSession((state) => isSignedIn(state.user));
}

export function initialsOf(user: SessionUser): string {
  return `${user.nome?.trim().charAt(0) ?? ''}${user.cognome?.trim().charAt(0) ?? ''}`.toUpperCase();
}
