// The notifications module's face (api/README.md, "Modules"): what others call to tell a traveler something.
export { notificationRoutes } from './routes';
export {
  notify,
  notifyVisaRequest,
  visaNotificationRows,
  type NotificationRecipient,
  type VisaNotificationRows,
} from './notify';
export type { VisaNotificationKind } from './kinds';
export { deadlineReminderPlugin, type DeadlineReminderOptions } from './deadline-job';
