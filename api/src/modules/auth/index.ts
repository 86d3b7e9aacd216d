// The auth module's face (api/README.md, "Modules"): sign-in, sessions and the traveler as user-info shows it.
export { identityRoutes, travelerSessionRoutes, type TravelerSessionRoutesOptions } from './routes';
export {
  ACTIVATION_PENDING_ROUTES,
  guardedPath,
  OTP_PENDING_ROUTES,
  OTP_VERIFICATION_ROUTE,
  PRIVATE_PREFIX,
  requireSession,
  SESSION_COOKIE,
  sessionPlugin,
} from './session-plugin';
export { createAuthService, SESSION_IDLE_MS, type AuthService } from './service';
export { createAuthRepository, type SessionRecord, type TravelerRecord } from './repository';
export { toTraveler, toUserInfo } from './user-info';
export { DEMO_TRAVELER, DEMO_TRAVELER_WITHOUT_INVOICES, seedDemoTraveler, type DemoTraveler } from './demo-traveler';
