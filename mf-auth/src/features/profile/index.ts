// The face of profile: its page, the notice that confirms a deletion on the page the traveler lands on (sign-in), and
// the traveler's user-info call, which a passkey sign-in reads into the session. Its other files are its own.
export { getUserInfo } from './api/get-user-info';
export { AccountDeletedNotice } from './components/account-deleted-notice';
export { ProfilePage } from './components/profile-page';
