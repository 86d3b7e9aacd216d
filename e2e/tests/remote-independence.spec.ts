import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startCdn, type Cdn } from '../../deploy/local-cdn/server.mjs';
import { chooseLanguage, pageErrors } from '../support/fixtures';
import { E2E_API_URL, E2E_SPARE_SHELL_PORT } from '../support/ports';
import { addFile, addTexts, copyOfCdn, releaseVariant, watchRefusal } from '../support/remote-release';
import { signIn } from '../support/sign-in';

/**
 * What the invoices team adds in a release of its own: a breadcrumb that knows where it is with React Router's
 * `useMatch`, a sentence with markup through react-i18next's `<Trans>`, and the design system's breadcrumb and chip,
 * which no app of the portal used before. Nothing else is rebuilt.
 */
const BREADCRUMB = `import { Link, useMatch } from 'react-router-dom';
import { Trans, useTranslation } from 'react-i18next';
import { NS } from '../../../i18n/namespace';

export function InvoicesBreadcrumb() {
  const { t } = useTranslation(NS);
  const onList = useMatch('/protected/invoice');
  return (
    <nav className="breadcrumb-container" aria-label={t('trail.label')} data-testid="trail">
      <ol className="breadcrumb">
        <li className="breadcrumb-item">
          <Link to="/protected">{t('trail.home')}</Link>
          <span className="separator">/</span>
        </li>
        <li className="breadcrumb-item active" aria-current={onList ? 'page' : undefined}>
          {t('trail.invoices')}
        </li>
      </ol>
      <p data-testid="trail-where">
        <Trans i18nKey="trail.where" ns={NS} components={{ strong: <strong /> }} />
      </p>
      <div className="chip chip-simple" data-testid="trail-chip">
        <span className="chip-label">{t('trail.chip')}</span>
      </div>
    </nav>
  );
}
`;

/** The trail's texts, in every language the remote ships (its own checks require each one). */
const TEXTS: Record<string, Record<string, string>> = {
  en: {
    label: 'You are here',
    home: 'Home',
    invoices: 'Invoices',
    where: 'You are in <strong>your invoices</strong>',
    chip: 'Tax free',
  },
  it: {
    label: 'Sei qui',
    home: 'Pagina iniziale',
    invoices: 'Fatture',
    where: 'Sei nelle <strong>tue fatture</strong>',
    chip: 'Esente IVA',
  },
  'zh-Hans': {
    label: '您的位置',
    home: '首页',
    invoices: '发票',
    where: '您在<strong>您的发票</strong>中',
    chip: '免税',
  },
  es: {
    label: 'Usted está aquí',
    home: 'Inicio',
    invoices: 'Facturas',
    where: 'Está en <strong>sus facturas</strong>',
    chip: 'Libre de impuestos',
  },
  fr: {
    label: 'Vous êtes ici',
    home: 'Accueil',
    invoices: 'Factures',
    where: 'Vous êtes dans <strong>vos factures</strong>',
    chip: 'Détaxe',
  },
  de: {
    label: 'Sie sind hier',
    home: 'Startseite',
    invoices: 'Rechnungen',
    where: 'Sie sind in <strong>Ihren Rechnungen</strong>',
    chip: 'Steuerfrei',
  },
  ar: {
    label: 'أنت هنا',
    home: 'الرئيسية',
    invoices: 'الفواتير',
    where: 'أنت في <strong>فواتيرك</strong>',
    chip: 'معفى من الضريبة',
  },
  ja: {
    label: '現在地',
    home: 'ホーム',
    invoices: 'インボイス',
    where: '<strong>インボイス</strong>を表示しています',
    chip: '免税',
  },
  ko: {
    label: '현재 위치',
    home: '홈',
    invoices: '인보이스',
    where: '<strong>내 인보이스</strong>를 보고 있습니다',
    chip: '면세',
  },
  ru: {
    label: 'Вы здесь',
    home: 'Главная',
    invoices: 'Счета-фактуры',
    where: 'Вы в разделе <strong>ваших счетов-фактур</strong>',
    chip: 'Без НДС',
  },
  'pt-BR': {
    label: 'Você está aqui',
    home: 'Início',
    invoices: 'Faturas',
    where: 'Você está em <strong>suas faturas</strong>',
    chip: 'Livre de impostos',
  },
  tr: {
    label: 'Buradasınız',
    home: 'Ana sayfa',
    invoices: 'Faturalar',
    where: '<strong>Faturalarınız</strong> bölümündesiniz',
    chip: 'Vergisiz',
  },
};

function addBreadcrumb(appDir: string): void {
  addFile(appDir, 'src/features/invoices/components/invoices-breadcrumb.tsx', BREADCRUMB);
  for (const [language, texts] of Object.entries(TEXTS)) addTexts(appDir, `src/i18n/${language}.json`, 'trail', texts);
  const page = join(appDir, 'src/features/invoices/components/invoice-list-page.tsx');
  const source = readFileSync(page, 'utf8')
    .replace(
      "import { InvoiceItem } from './invoice-item';",
      "import { InvoiceItem } from './invoice-item';\nimport { InvoicesBreadcrumb } from './invoices-breadcrumb';",
    )
    .replace("<h1>{t('list.title')}</h1>", "<InvoicesBreadcrumb />\n      <h1>{t('list.title')}</h1>");
  addFile(appDir, 'src/features/invoices/components/invoice-list-page.tsx', source);
}

/** The installed React Router, whose version the page provides. */
const routerVersion = (
  JSON.parse(readFileSync(new URL('../../node_modules/react-router-dom/package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;
const nextRouterMajor = `${Number(routerVersion.split('.')[0]) + 1}.0.0`;

let root: string;
let cdn: Cdn;
let withBreadcrumb: string;
let onNextRouter: string;

test.beforeAll(async () => {
  // Two releases of mf-invoices, the first after its team's own checks (type check, lint, its tests): several minutes on
  // a slower machine of this kind with every worker busy.
  test.setTimeout(480_000);
  root = copyOfCdn();
  withBreadcrumb = await releaseVariant({
    folder: 'mf-invoices',
    version: '0.3.0',
    cdnRoot: root,
    edit: addBreadcrumb,
    checks: true,
  });
  onNextRouter = await releaseVariant({
    folder: 'mf-invoices',
    version: '0.4.0',
    cdnRoot: root,
    library: { name: 'react-router-dom', version: nextRouterMajor },
  });
  cdn = await startCdn({ root, shellPort: E2E_SPARE_SHELL_PORT, apiUrl: E2E_API_URL });
});

test.afterAll(async () => {
  await cdn?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

test('a release that starts using a router hook, <Trans> and design-system components works and is styled, with nothing else rebuilt', async ({
  page,
}) => {
  cdn.config.remotes.mfInvoices = `${cdn.origins.mfInvoices}${withBreadcrumb}`;
  const errors = pageErrors(page);
  await signIn(page, { origin: cdn.url });
  await page.goto(`${cdn.url}/protected/invoice`);
  const trail = page.getByTestId('trail');
  await expect(trail).toBeVisible();
  await expect(page.getByTestId('remote-unavailable')).toHaveCount(0);
  // useMatch: the current item is the list's.
  await expect(trail.getByText('Invoices', { exact: true })).toHaveAttribute('aria-current', 'page');
  // <Trans>: the sentence with its markup, not "[object Object]".
  await expect(page.getByTestId('trail-where')).toHaveText('You are in your invoices');
  await expect(page.getByTestId('trail-where').locator('strong')).toHaveText('your invoices');
  // The design system's breadcrumb and chip, as bootstrap-italia draws them: a row without numbers, a rounded chip.
  const list = await trail.locator('ol.breadcrumb').evaluate((element) => ({
    display: getComputedStyle(element).display,
    listStyle: getComputedStyle(element).listStyleType,
  }));
  expect(list).toEqual({ display: 'flex', listStyle: 'none' });
  const chip = await page.getByTestId('trail-chip').evaluate((element) => ({
    display: getComputedStyle(element).display,
    radius: getComputedStyle(element).borderTopLeftRadius,
    height: getComputedStyle(element).height,
  }));
  expect(chip).toEqual({ display: 'inline-flex', radius: '12px', height: '24px' });
  await page.screenshot({ path: test.info().outputPath('breadcrumb-en.png') });

  await chooseLanguage(page, 'it_IT');
  await expect(page.getByTestId('trail-where')).toHaveText('Sei nelle tue fatture');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('breadcrumb-it-phone.png') });
  expect(errors).toEqual([]);
});

test('a release built with another major of a shared library is refused before its code loads, the rest of the page working', async ({
  page,
}) => {
  cdn.config.remotes.mfInvoices = `${cdn.origins.mfInvoices}${onNextRouter}`;
  const { refusals, scripts } = watchRefusal(page, 'mf-invoices');
  await signIn(page, { origin: cdn.url });
  await expect(page.locator('[data-testid="remote-unavailable"][data-remote="mfInvoices"]')).toContainText(
    'This section is unavailable',
  );
  await expect(page.getByRole('heading', { name: 'Latest visa requests' })).toBeVisible();
  await expect(page.getByTestId('bell')).toBeVisible();
  await expect(page.locator('[data-testid="remote-unavailable"]:not([data-remote="mfInvoices"])')).toHaveCount(0);
  await chooseLanguage(page, 'it_IT');
  await expect(page.locator('[data-testid="remote-unavailable"][data-remote="mfInvoices"]')).toContainText(
    'Questa sezione non è disponibile',
  );

  expect(scripts).toEqual([]);
  expect(refusals).toHaveLength(1);
  expect(refusals[0]).toContain(
    `mfInvoices was built with react-router-dom ${nextRouterMajor}, this shell provides ${routerVersion}`,
  );
});
