// The face of recover-password: what the app may use. Its other files are its own.
export { RecoverPasswordPage } from './components/recover-password-page';
