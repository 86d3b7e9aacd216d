import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACCOUNT_RULE_CODES } from '@varco/contracts/plain';
import { flattenKeys } from './keys';

// Every translation key must be used by the code: keys are written whole (`t('ns:key')`, or `t('key')` in the
// namespace of the component), so a key that appears nowhere as a quoted string is dead text. The few keys built at run
// time are derived below from the same constants the code builds them from.

const root = join(__dirname, '..', '..', '..');
const plural = /_(zero|one|two|few|many|other)$/;

/** Keys the code builds from a constant rather than writes whole, by namespace. */
const BUILT_KEYS: Record<string, string[]> = {
  // The account rules' messages: t(`common:accountRule.${issue.code}`) (@varco/ui's FieldIssue, and the api).
  common: ACCOUNT_RULE_CODES.map((code) => `accountRule.${code}`),
};

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx|mjs|cjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });

const apps = readdirSync(root).filter((name) => name === 'shell' || name.startsWith('mf-'));
const sourceDirs = [...apps, ...readdirSync(join(root, 'shared')).map((name) => join('shared', name))].map((dir) =>
  join(root, dir, 'src'),
);
const code = sourceDirs
  .flatMap((dir) => sourceFiles(dir))
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');

/** The translation sets: the common texts, and each remote's under the namespace its `namespace.ts` declares. */
const sets = [
  { namespace: 'common', dir: join(root, 'shared', 'i18n', 'src', 'locales') },
  ...apps
    .filter((app) => app.startsWith('mf-'))
    .map((app) => {
      const dir = join(root, app, 'src', 'i18n');
      const namespace = /export const NS = '([\w-]+)'/.exec(readFileSync(join(dir, 'namespace.ts'), 'utf8'))?.[1];
      if (!namespace) throw new Error(`${app}/src/i18n/namespace.ts declares no NS`);
      return { namespace, dir };
    }),
];

const quoted = (text: string) => [`'${text}'`, `"${text}"`, `\`${text}\``];

describe.each(sets)('the $namespace translations', ({ namespace, dir }) => {
  it('are all used by the code', () => {
    const keys = flattenKeys(JSON.parse(readFileSync(join(dir, 'en.json'), 'utf8')));
    const built = new Set(BUILT_KEYS[namespace] ?? []);
    const unused = keys.filter((key) => {
      const base = key.replace(plural, '');
      return (
        !built.has(base) &&
        ![base, `${namespace}:${base}`].some((written) => quoted(written).some((text) => code.includes(text)))
      );
    });
    expect(unused).toEqual([]);
  });
});
