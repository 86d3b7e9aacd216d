// Every name the apps import from a narrowed shared library (shared/webpack/README.md) is one its narrowed file
// re-exports: otherwise the browser build would get `undefined` for it at run time, with no build error (a shared
// module's exports are not checked when it is built).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const repo = join(__dirname, '../../../..');
const SOURCE_ROOTS = ['shell/src', 'mf-auth/src', 'mf-invoices/src', 'mf-visa/src', 'mf-notifications/src', ...readdirSync(join(repo, 'shared')).map((name) => `shared/${name}/src`)];
const NARROWED = readdirSync(__dirname).filter((file) => file.endsWith('.mjs')).map((file) => file.replace(/\.mjs$/, ''));

function sources(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    // Tests run in jest, on the whole library.
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The names of `export { a, b } from '...'` in a narrowed file. */
function exported(library: string): Set<string> {
  const text = readFileSync(join(__dirname, `${library}.mjs`), 'utf8');
  const list = /export\s*\{([^}]*)\}\s*from/.exec(text)?.[1] ?? '';
  return new Set(list.split(',').map((name) => name.trim()).filter(Boolean));
}

/** Value imports of `library` in `text`: each name, or `*`/`default` for a namespace or default import. */
function imported(text: string, library: string): string[] {
  const names: string[] = [];
  const pattern = new RegExp(`import\\s+(?!type\\s)([^;]*?)\\s+from\\s+'${library}'`, 'g');
  for (const [, clause] of text.matchAll(pattern)) {
    const braces = /\{([^}]*)\}/.exec(clause);
    if (clause.replace(/\{[^}]*\}/, '').replace(/,/g, '').trim()) names.push(clause.includes('*') ? '*' : 'default');
    for (const name of braces?.[1].split(',') ?? []) {
      const trimmed = name.trim();
      if (trimmed && !trimmed.startsWith('type ')) names.push(trimmed.split(/\s+as\s+/)[0]);
    }
  }
  return names;
}

describe.each(NARROWED)('the narrowed %s', (library) => {
  const names = exported(library);
  const files = SOURCE_ROOTS.flatMap((root) => sources(join(repo, root)));

  it('is found in the apps', () => {
    expect(files.some((file) => imported(readFileSync(file, 'utf8'), library).length > 0)).toBe(true);
  });

  it('re-exports every name the apps import', () => {
    const missing = files.flatMap((file) =>
      imported(readFileSync(file, 'utf8'), library)
        .filter((name) => !names.has(name))
        .map((name) => `${name} (${file.slice(repo.length + 1)})`),
    );
    expect(missing).toEqual([]);
  });
});
