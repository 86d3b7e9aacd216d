/**
 * @jest-environment node
 */
// The layers of a remote and of the shell (docs/layers.md, "Layers of a remote", "Layers of the shell"), as the
// repository's lint configuration enforces them. ESLint loads its configuration with import(), which jest's module system does not run: it runs in a child.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const LINT_EACH = `
import { ESLint } from 'eslint';
const eslint = new ESLint();
const answers = [];
for (const [filePath, source] of JSON.parse(process.argv[1])) {
  const [result] = await eslint.lintText(source + '\\nexport const used = value;\\n', { filePath });
  answers.push(result.messages.filter((message) => message.ruleId === 'import-x/no-restricted-paths').length);
}
console.log(JSON.stringify(answers));
`;

/** How many layer errors each [file, import] gets. */
function layerErrors(cases) {
  const args = ['--input-type=module', '-e', LINT_EACH, JSON.stringify(cases)];
  const result = spawnSync(process.execPath, args, { cwd: join(__dirname, '..'), encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout);
}

const WIZARD = 'mf-visa/src/features/wizard/components/example.ts';
const PROFILE = 'mf-auth/src/features/profile/example.ts';
const EXPOSED = 'mf-visa/src/exposed/example.ts';
const REMOTE_CASES = [
  // A feature reaches another only through its face, with a static or a dynamic import; its own files are its own.
  [[WIZARD, "import { getVisa as value } from '../../visa/api/get-visa';"], 1],
  [[WIZARD, "const value = () => import('../../visa/api/get-visa');"], 1],
  [[WIZARD, "import { useVisa as value } from '../../visa';"], 0],
  [[WIZARD, "import { useWizardDraft as value } from '../hooks/use-wizard-draft';"], 0],
  [[PROFILE, "import { useCountries as value } from '../sign-up/api/get-countries';"], 1],
  // The app's top level also reaches a feature only through its face.
  [[EXPOSED, "import { VisaListPage as value } from '../features/visa/components/visa-list-page';"], 1],
  [[EXPOSED, "import { VisaListPage as value } from '../features/visa';"], 0],
  // A feature imports nothing of the app's top level; its tests may render it as the app mounts it.
  [[WIZARD, "import value from '../../../exposed/routes';"], 1],
  [[WIZARD.replace('.ts', '.test.ts'), "import value from '../../../exposed/routes';"], 0],
  [[WIZARD.replace('.ts', '.test.ts'), "import { getVisa as value } from '../../visa/api/get-visa';"], 1],
  // The app's components/ and lib/ import no feature, not even its face.
  [['mf-auth/src/components/example.ts', "import { SignInPage as value } from '../features/sign-in';"], 1],
  [['mf-visa/src/lib/example.ts', "import value from '../exposed/routes';"], 1],
  [['mf-auth/src/components/example.ts', "import { ErrorAlert as value } from './error-alert';"], 0],
];

/** Each case as [file, import, errors]: what the lint answers beside what it should. */
function expectLayerErrors(cases) {
  const errors = layerErrors(cases.map(([lintCase]) => lintCase));
  expect(cases.map(([lintCase], index) => [...lintCase, errors[index]])).toEqual(
    cases.map(([lintCase, count]) => [...lintCase, count]),
  );
}

describe('layers of a remote (lint)', () => {
  it('refuses what crosses a layer the wrong way, and admits the faces', () => expectLayerErrors(REMOTE_CASES));
});

const SHELL_CASES = [
  // Down the layers: the app composes the layout and the pages, federation calls the api, all of them read config/.
  [['shell/src/app/example.ts', "import { Header as value } from '../layout/header';"], 0],
  [['shell/src/federation/example.ts', "import { apiClient as value } from '../session/api-client';"], 0],
  [['shell/src/beacons/example.ts', "import { whenIdle as value } from '../lib/when-idle';"], 0],
  [['shell/src/index.ts', "const value = () => import('./bootstrap');"], 0],
  // Back up, with a static or a dynamic import, from any depth: refused.
  [['shell/src/lib/example.ts', "import { App as value } from '../app/app';"], 1],
  [['shell/src/config/example.ts', "import { preloadWhenIdle as value } from '../federation/preload';"], 1],
  [['shell/src/beacons/example.ts', "const value = () => import('../federation/remote-component');"], 1],
  [['shell/src/served-page/example.ts', "import { App as value } from '../app/app';"], 1],
  // Beside: two folders of one layer do not import each other.
  [
    ['shell/src/federation/example.ts', "import { tellServiceWorkerThePage as value } from '../offline/page-state';"],
    1,
  ],
  [['shell/src/layout/example.ts', "import { WelcomePage as value } from '../pages/welcome-page';"], 1],
  // Its own folder is its own; tests mount the parts as the app does.
  [['shell/src/federation/example.ts', "import { preloadWhenIdle as value } from './preload';"], 0],
  [['shell/src/layout/example.test.ts', "import { App as value } from '../app/app';"], 0],
];

describe('layers of the shell (lint)', () => {
  it('refuses an import that runs back up or across a layer, and admits the ones down', () =>
    expectLayerErrors(SHELL_CASES));
});
