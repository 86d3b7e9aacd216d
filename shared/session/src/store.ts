import { createStore, useStore } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { ClientError, SessionUser } from '@varco/contracts';

export const DEFAULT_AREA = 'free';

/** The session state of SPEC §3, one store for the whole page (a federation singleton). */
export interface SessionState {
  user: SessionUser;
  /** The OTP of the credentials sign-in, sent in a header while held, and when it stops being valid. */
  otp: string | null;
  otpExpiration: string | null;
  area: string;
  loading: boolean;
  error: ClientError | null;
  /** Flipped to ask the notification widgets to refresh at once. */
  notificationsToggle: boolean;
  /** True when no visa request is pending, so a new one may be created. */
  visaCreationEnabled: boolean;
  /** False until the saved state has been read back; the app shows nothing before. */
  hydrated: boolean;
}

export interface SessionActions {
  setUser: (user: SessionUser) => void;
  setOtp: (otp: string | null, expiration?: string | null) => void;
  setArea: (area: string) => void;
  setLoading: (loading: boolean) => void;
  setError: (error: ClientError | null) => void;
  toggleNotifications: () => void;
  setVisaCreationEnabled: (enabled: boolean) => void;
  /** Signs the user out locally: on logout and on any 401 or 403 (SPEC §4). Loading stops. */
  clearSession: () => void;
}

export type SessionStore = SessionState & SessionActions;

const initialState: Omit<SessionState, 'hydrated'> = {
  user: {},
  otp: null,
  otpExpiration: null,
  area: DEFAULT_AREA,
  loading: false,
  error: null,
  notificationsToggle: false,
  visaCreationEnabled: false,
};

export const SESSION_STORAGE_KEY = 'varco-session';

export const sessionStore = createStore<SessionStore>()(
  persist(
    (set) => ({
      ...initialState,
      hydrated: false,
      setUser: (user) => set({ user }),
      setOtp: (otp, otpExpiration = null) => set({ otp, otpExpiration }),
      setArea: (area) => set({ area }),
      setLoading: (loading) => set({ loading }),
      setError: (error) => set({ error }),
      toggleNotifications: () => set((state) => ({ notificationsToggle: !state.notificationsToggle })),
      setVisaCreationEnabled: (visaCreationEnabled) => set({ visaCreationEnabled }),
      clearSession: () => set({ user: {}, otp: null, otpExpiration: null, area: DEFAULT_AREA, loading: false, visaCreationEnabled: false }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      // Only what must survive a reload; flags of the moment (loading, error) start fresh.
      partialize: (state) => ({ user: state.user, otp: state.otp, otpExpiration: state.otpExpiration, area: state.area }),
    },
  ),
);

// Local storage is read synchronously while the store is created, so hydration is usually over by now;
// the listener covers an asynchronous storage.
if (sessionStore.persist.hasHydrated()) sessionStore.setState({ hydrated: true });
else sessionStore.persist.onFinishHydration(() => sessionStore.setState({ hydrated: true }));

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
