// The face of passkeys: the section the profile shows. Its other files are its own.
export { PasskeysSection } from './components/passkeys-section';
