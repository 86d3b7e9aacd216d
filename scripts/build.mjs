// Builds the five front-end apps (two at a time: the machine has two cores) and the api, then lays out the CDN.
// Usage: node scripts/build.mjs [app ...]   (only those, e.g. `mf-visa api`: the others keep their last build)
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const APPS = ['shell', 'mf-auth', 'mf-invoices', 'mf-visa', 'mf-notifications'];

function run(command, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(' ')} in ${cwd} exited with ${code}`)),
    );
  });
}

async function inParallel(tasks, width) {
  const queue = [...tasks];
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (queue.length) await queue.shift()();
    }),
  );
}

const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => ![...APPS, 'api'].includes(name));
if (unknown.length) throw new Error(`not an app: ${unknown.join(', ')} (apps: ${[...APPS, 'api'].join(', ')})`);
const built = (name) => chosen.length === 0 || chosen.includes(name);

const started = Date.now();
await inParallel(
  [
    ...APPS.filter(built).map(
      (app) => () =>
        run(
          process.execPath,
          [join(root, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production'],
          join(root, app),
        ),
    ),
    ...(built('api') ? [() => run(process.execPath, ['build.mjs'], join(root, 'api'))] : []),
  ],
  2,
);
await run(process.execPath, ['scripts/assemble.mjs'], join(root, 'deploy'));
console.log(
  `Built ${chosen.length ? chosen.join(', ') : 'everything'} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
