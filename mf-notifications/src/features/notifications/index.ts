// The face of the notifications feature: what the app may use. Its other files are its own.
export { NotificationBell } from './components/notification-bell';
export { NotificationList } from './components/notification-list';
