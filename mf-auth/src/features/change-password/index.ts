// The face of change-password: what the app may use. Its other files are its own.
export { ChangePasswordPage } from './components/change-password-page';
