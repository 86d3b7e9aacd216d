/** The api calls the tests of several files make, by their full path (docs/calls.md). */
export const LOGIN = '/api/v1/auth/login-custom';
export const LOGOUT = '/api/v1/private/v1/traveler/logout';
export const SEND_OTP = '/api/v1/private/traveler/send-otp';
export const USER_INFO = '/api/v1/private/traveler/user-info';
export const PROFILE = '/api/v1/private/traveler';
export const RECOVER = '/api/v1/public/traveler/send-change-pwd-token';
export const CHANGE_PWD = '/api/v1/public/traveler/change-pwd';
/** The keep-alive of the visa area: a polling call. */
export const HEARTBEAT = '/api/v1/private/visa/area';
