import * as z from 'zod/mini';
import { totalItemsSchema } from './invoices';

export const notificationSchema = z.object({
  id: z.int(),
  dataInserimento: z.string(),
  dataLettura: z.nullable(z.string()),
  tipoNotifica: z.object({ messaggio: z.string() }),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListResponseSchema = z.object({
  notifications: z.array(notificationSchema),
  links: totalItemsSchema,
});
export const notificationCountResponseSchema = z.object({ counter: z.int() });
