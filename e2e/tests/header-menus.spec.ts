import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { chooseLanguage, expectAccessible } from '../support/fixtures';
import { signIn } from '../support/sign-in';

const PHONE = { width: 390, height: 844 };
const LANGUAGES = [
  {
    code: 'en_US',
    openMenu: 'Open the menu',
    closeMenu: 'Close the menu',
    signedOut: ['Home', 'How to'],
    signedIn: ['Home', 'All invoices', 'All visa requests'],
    user: ['Profile', 'Logout'],
  },
  {
    code: 'it_IT',
    openMenu: 'Apri il menu',
    closeMenu: 'Chiudi il menu',
    signedOut: ['Home', 'Come funziona'],
    signedIn: ['Home', 'Tutte le fatture', 'Tutte le richieste di visto'],
    user: ['Profilo', 'Esci'],
  },
] as const;

interface Painted {
  /** The nearest box of the menu behind the item that paints a background: what the item is drawn on. */
  box: { left: number; top: number; right: number; bottom: number };
  alpha: number;
}

/** What an item of an open menu is drawn on (looking no further out than the menu itself), and how opaque it is. */
async function paintedBehind(item: Locator, menuBox: Locator): Promise<Painted> {
  const menuHandle = await menuBox.elementHandle();
  return item.evaluate((element, menu) => {
    for (let node: Element | null = element; node; node = node === menu ? null : node.parentElement) {
      const colour = getComputedStyle(node).backgroundColor;
      const alpha = colour.startsWith('rgba') ? Number(colour.slice(colour.lastIndexOf(',') + 1, -1)) : 1;
      if (alpha > 0) {
        const { left, top, right, bottom } = node.getBoundingClientRect();
        return { box: { left, top, right, bottom }, alpha };
      }
    }
    return { box: { left: 0, top: 0, right: 0, bottom: 0 }, alpha: 0 };
  }, menuHandle);
}

/** True when a click at the middle of the element reaches the element (nothing is drawn over it). */
async function receivesClicks(element: Locator): Promise<boolean> {
  return element.evaluate((node) => {
    const { left, top, width, height } = node.getBoundingClientRect();
    const hit = document.elementFromPoint(left + width / 2, top + height / 2);
    return !!hit && (hit === node || node.contains(hit));
  });
}

/**
 * Checks an open menu as a traveler on a phone meets it: every item is visible, inside the screen, drawn on an opaque
 * box that holds it, and answers a click; the page heading does not show through. Saves a screenshot of it.
 */
async function expectUsableMenu(
  page: Page,
  menuBox: Locator,
  items: Locator,
  names: readonly string[],
  shot: string,
  testInfo: TestInfo,
): Promise<void> {
  await expect(items).toHaveText([...names]);
  const viewport = page.viewportSize()!;
  for (const item of await items.all()) {
    await expect(item).toBeVisible();
    const itemBox = (await item.boundingBox())!;
    const { box, alpha } = await paintedBehind(item, menuBox);
    expect(alpha, `the box behind "${await item.textContent()}" is opaque`).toBe(1);
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.top).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(viewport.width);
    expect(box.bottom).toBeLessThanOrEqual(viewport.height);
    // The item lies inside the box that paints behind it, so the page never shows through its text.
    expect(itemBox.x).toBeGreaterThanOrEqual(box.left);
    expect(itemBox.y).toBeGreaterThanOrEqual(box.top);
    expect(itemBox.x + itemBox.width).toBeLessThanOrEqual(box.right);
    expect(itemBox.y + itemBox.height).toBeLessThanOrEqual(box.bottom);
    expect(await receivesClicks(item), `"${await item.textContent()}" receives a click`).toBe(true);
  }
  const path = testInfo.outputPath(`${shot}.png`);
  await page.screenshot({ path });
  await testInfo.attach(shot, { path, contentType: 'image/png' });
}

/** Escape closes the menu and gives the focus back to its button; so does a click outside it. */
async function expectDismissable(
  page: Page,
  button: Locator,
  open: () => Promise<void>,
  menu: Locator,
  outside: { x: number; y: number },
): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).toBeFocused();

  await open();
  await expect(menu).toBeVisible();
  await page.mouse.click(outside.x, outside.y);
  await expect(menu).toBeHidden();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).toBeFocused();
}

/** The ☰ button and the panel it controls (found through its aria-controls). */
async function navigationMenu(page: Page, openMenu: string) {
  const panelId = await page.getByRole('button', { name: openMenu, exact: true }).getAttribute('aria-controls');
  expect(panelId).toBeTruthy();
  // The same button while the menu is open, whatever it is called then.
  const button = page.locator(`button[aria-controls="${panelId}"]`);
  const links = page.locator(`[id="${panelId}"]`).getByRole('link');
  return { button, links, panel: page.locator(`[id="${panelId}"]`) };
}

async function checkNavigationMenu(
  page: Page,
  language: (typeof LANGUAGES)[number],
  names: readonly string[],
  shot: string,
  testInfo: TestInfo,
) {
  const { button, links, panel } = await navigationMenu(page, language.openMenu);
  await expect(links.first()).toBeHidden();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expectUsableMenu(page, panel, links, names, shot, testInfo);
  const heading = page.getByRole('heading', { level: 1 });
  expect(await receivesClicks(heading), 'the open menu covers the page heading').toBe(false);
  // The focus moves into the menu, and Tab walks its links in order.
  await expect(links.first()).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(links.nth(1)).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('button', { name: language.closeMenu })).toBeFocused();
  await expect(page.getByRole('button', { name: language.closeMenu }).locator('use')).toHaveAttribute(
    'href',
    /\.svg#it-close-big$/,
  );

  // A click on the dimmed page beside the panel closes it.
  await expectDismissable(page, button, () => button.click(), links.first(), {
    x: PHONE.width - 10,
    y: PHONE.height - 10,
  });
  // So does the close button.
  await button.click();
  await page.getByRole('button', { name: language.closeMenu }).click();
  await expect(links.first()).toBeHidden();
  await expect(button).toBeFocused();
}

async function checkUserMenu(page: Page, language: (typeof LANGUAGES)[number], shot: string, testInfo: TestInfo) {
  const avatar = page.getByTestId('avatar');
  const menu = page.getByRole('menu');
  const items = menu.getByRole('menuitem');
  await expect(avatar).toHaveAttribute('aria-expanded', 'false');
  await avatar.click();
  await expect(avatar).toHaveAttribute('aria-expanded', 'true');
  await expectUsableMenu(page, menu, items, language.user, shot, testInfo);
  await expect(menu).toHaveAttribute('id', (await avatar.getAttribute('aria-controls')) ?? 'the avatar names its menu');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.first()).toBeFocused();
  const heading = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
  await expectDismissable(page, avatar, () => avatar.click(), menu, {
    x: heading.x + 5,
    y: heading.y + heading.height / 2,
  });
}

test.describe('the header menus on a phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('the ☰ menu of a visitor is opaque, on screen, usable with the keyboard and closes', async ({
    page,
  }, testInfo) => {
    await page.goto('/');
    // Beside the menu, the sign-in button keeps its words on one line.
    const signInLines = await page.getByTestId('sign-in-link').evaluate((link) => {
      const range = document.createRange();
      range.selectNodeContents(link);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(signInLines).toBe(1);
    for (const language of LANGUAGES) {
      if (language.code !== 'en_US') await chooseLanguage(page, language.code);
      await checkNavigationMenu(page, language, language.signedOut, `phone-menu-signed-out-${language.code}`, testInfo);
    }
    const { button } = await navigationMenu(page, 'Apri il menu');
    await button.click();
    await expectAccessible(page);
  });

  test('the ☰ menu and the avatar menu of a signed-in traveler', async ({ page }, testInfo) => {
    await signIn(page);
    for (const language of LANGUAGES) {
      if (language.code !== 'en_US') await chooseLanguage(page, language.code);
      await checkNavigationMenu(page, language, language.signedIn, `phone-menu-signed-in-${language.code}`, testInfo);
      await checkUserMenu(page, language, `phone-avatar-menu-${language.code}`, testInfo);
    }
    await page.getByTestId('avatar').click();
    await expectAccessible(page);
    await page.getByRole('menuitem', { name: 'Profilo' }).click();
    await expect(page).toHaveURL(/\/protected\/edit-user$/);
  });

  test('the language selector fits the screen and changes the language', async ({ page }, testInfo) => {
    await page.goto('/');
    const select = page.getByRole('combobox', { name: 'Language' });
    const box = (await select.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect((await paintedBehind(select, select)).alpha).toBe(1);
    await select.focus();
    const path = testInfo.outputPath('phone-language-selector.png');
    await page.screenshot({ path });
    await testInfo.attach('phone-language-selector', { path, contentType: 'image/png' });
    await select.selectOption('it_IT');
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await expect(page.getByRole('combobox', { name: 'Lingua' })).toBeFocused();
  });
});

test.describe('the header menus on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the avatar menu opens inside the window, under the avatar', async ({ page }, testInfo) => {
    await signIn(page);
    await checkUserMenu(page, LANGUAGES[0], 'desktop-avatar-menu-en_US', testInfo);
    // The navigation is a bar of links here, with no ☰ button.
    await expect(page.getByRole('button', { name: 'Open the menu' })).toBeHidden();
    await expect(
      page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'All invoices' }),
    ).toBeVisible();
  });
});
