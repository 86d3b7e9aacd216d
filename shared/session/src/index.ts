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
} from './store';
