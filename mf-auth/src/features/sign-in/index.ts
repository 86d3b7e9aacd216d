// The face of sign-in: what the app may use. Its other files are its own.
export { OtpPage } from './components/otp-page';
export { SignInPage } from './components/sign-in-page';
