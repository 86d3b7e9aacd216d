// Serves the assembled build: node local-cdn/serve.mjs  (SHELL_PORT, CDN_HOSTNAME, API_URL may be set)
import { startCdn } from './server.mjs';

const cdn = await startCdn({
  shellPort: Number(process.env.SHELL_PORT ?? 8080),
  hostname: process.env.CDN_HOSTNAME ?? 'localhost',
  apiUrl: process.env.API_URL ?? 'http://127.0.0.1:3000',
});
console.log(`Local CDN: shell at ${cdn.url}`);
for (const [name, origin] of Object.entries(cdn.origins)) console.log(`  ${name.padEnd(16)} ${origin}`);
const stop = () => cdn.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
