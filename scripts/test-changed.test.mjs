import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { appsTouched, specsOf } from './test-changed.mjs';

describe('the checks of a change (npm run test:changed)', () => {
  it('finds the front-end apps a change touches: a shared package is every app', () => {
    expect(appsTouched(['mf-visa/src/bootstrap.tsx', 'api/src/app.ts', 'README.md'])).toEqual(['mf-visa']);
    expect(appsTouched(['shell/src/index.ts', 'mf-auth/README.md'])).toEqual(['shell', 'mf-auth']);
    expect(appsTouched(['shared/ui/src/index.ts'])).toEqual([
      'shell',
      'mf-auth',
      'mf-invoices',
      'mf-visa',
      'mf-notifications',
    ]);
    expect(appsTouched(['api/src/app.ts', 'docs/domain.md'])).toEqual([]);
  });

  it('runs the browser specs of those apps, each once', () => {
    const byApp = { 'mf-visa': ['visas', 'offline'], shell: ['offline', 'federation'] };
    expect(specsOf(['mf-visa', 'shell'], byApp)).toEqual([
      'tests/federation.spec.ts',
      'tests/offline.spec.ts',
      'tests/visas.spec.ts',
    ]);
    const listed = JSON.parse(readFileSync(join(__dirname, '..', 'e2e', 'specs-by-app.json'), 'utf8'));
    expect(specsOf(['mf-notifications'], listed)).toContain('tests/notifications.spec.ts');
  });
});
