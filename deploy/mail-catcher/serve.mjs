// Runs the mail catcher alone: node mail-catcher/serve.mjs  (SMTP_PORT, INBOX_PORT may be set; 1025 and 8025 by default)
import { startMailCatcher } from './server.mjs';

const catcher = await startMailCatcher({
  smtpPort: Number(process.env.SMTP_PORT ?? 1025),
  httpPort: Number(process.env.INBOX_PORT ?? 8025),
});
console.log(`Mail catcher: SMTP at ${catcher.smtpUrl}, inbox at ${catcher.inboxUrl}`);
const stop = () => catcher.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
