export {
  sessionStore,
  useSession,
  useIsSignedIn,
  isSignedIn,
  initialsOf,
  DEFAULT_AREA,
  SESSION_STORAGE_KEY,
  type SessionState,
  type SessionActions,
  type SessionStore,
  type HomeCounts,
} from './store';
export {
  keepOfflineCopy,
  offlineCopy,
  dropOfflineCopy,
  forgetOfflineCopies,
  OFFLINE_COPY_STORAGE_KEY,
  type OfflineCopy,
} from './offline-copy';
export { personalStorageKey, PERSONAL_STORAGE_PREFIX } from './personal-storage';
export { followOtherTabs } from './other-tabs';
