import { expect, type Page } from '@playwright/test';
import { LANGUAGE_TABLE } from '../../shared/contracts/src/language';

/** A 320 CSS px phone: a 1280 px screen at 400 % zoom (WCAG 1.4.10). */
export const NARROW = { width: 320, height: 640 };

/** WCAG 1.4.12's text-spacing style, as the W3C's bookmarklet applies it. */
export const TEXT_SPACING_CSS = `* { line-height: 1.5 !important; letter-spacing: 0.12em !important;
  word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }`;

/** Text at 200 % (WCAG 1.4.4), as the browser's text size setting doubles it: the root font size, which rem follows. */
export const LARGE_TEXT_CSS = 'html { font-size: 200% !important; }';

/** What breaks reflow on the page shown: the sideways scroll, and the visible elements reaching out of the viewport. */
export interface ReflowReport {
  scrollWidth: number;
  clientWidth: number;
  outside: string[];
}

/** Measures the page as it is now (in the page, one evaluation). */
export function measureReflow(page: Page): Promise<ReflowReport> {
  return page.evaluate(() => {
    const root = document.scrollingElement!;
    const width = root.clientWidth;
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${[...element.classList].join('.')} ` +
      `"${(element.textContent ?? '').trim().slice(0, 40)}"`;
    const outside: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const box = element.getBoundingClientRect();
      // Visually hidden text (1 px, clipped) is for screen readers only.
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.left < -1 || box.right > width + 1) outside.push(`${describe(element)} ${box.left}..${box.right}`);
    }
    return { scrollWidth: root.scrollWidth, clientWidth: width, outside: outside.slice(0, 8) };
  });
}

/** The page neither scrolls sideways nor shows anything out of the viewport; `where` names the page in a failure. */
export async function expectReflows(page: Page, where: string): Promise<void> {
  const report = await measureReflow(page);
  expect(report.outside, `${where}: elements out of the ${report.clientWidth} px viewport`).toEqual([]);
  expect(report.scrollWidth, `${where}: sideways scroll`).toBeLessThanOrEqual(report.clientWidth);
}

/**
 * The controls smaller than 24 × 24 CSS px without the spacing WCAG 2.5.8 allows (a 24 px circle on each of them
 * touching no other control nor another such circle); links inside a sentence are exempt, as the criterion says.
 */
export function undersizedTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [tabindex="0"]';
    const targets = [...document.querySelectorAll(selector)].filter((element) => {
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) return false;
      // Inline: a link in a line of text, its size set by the text around it.
      if (element.tagName === 'A' && getComputedStyle(element).display === 'inline') {
        const line = element.parentElement?.textContent?.trim() ?? '';
        if (line.length > (element.textContent?.trim().length ?? 0)) return false;
      }
      return true;
    });
    const boxes = targets.map((element) => element.getBoundingClientRect());
    const small = boxes.map((box) => box.width < 23.5 || box.height < 23.5);
    const centre = (box: DOMRect) => ({ x: box.left + box.width / 2, y: box.top + box.height / 2 });
    const circleTouches = (box: DOMRect, other: DOMRect) => {
      const { x, y } = centre(box);
      const dx = Math.max(other.left - x, 0, x - other.right);
      const dy = Math.max(other.top - y, 0, y - other.bottom);
      return Math.hypot(dx, dy) < 12;
    };
    const failing: string[] = [];
    boxes.forEach((box, index) => {
      if (!small[index]) return;
      const crowded = boxes.some((other, at) => {
        if (at === index || targets[at]!.contains(targets[index]!) || targets[index]!.contains(targets[at]!))
          return false;
        if (circleTouches(box, other)) return true;
        if (!small[at]) return false;
        const a = centre(box);
        const b = centre(other);
        return Math.hypot(a.x - b.x, a.y - b.y) < 24;
      });
      if (crowded) {
        const element = targets[index]!;
        failing.push(
          `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} ` +
            `"${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30)}" ` +
            `${Math.round(box.width)}×${Math.round(box.height)}`,
        );
      }
    });
    return failing;
  });
}

/** The language of the page changed as a traveler does, with the header's selector; waits for the page to speak it. */
export async function chooseLanguage(page: Page, short: string): Promise<void> {
  const entry = LANGUAGE_TABLE.find((language) => language.short === short)!;
  await page.locator('#language-select').selectOption(entry.long);
  await expect(page.locator('html')).toHaveAttribute('lang', short);
  // The remote's texts of a language other than Italian and English arrive from the network after the switch.
  await page.waitForLoadState('networkidle');
  await layoutSettled(page);
}

/**
 * Waits until the page's layout stays the same over a few frames: a change of direction swaps the design system's
 * stylesheets once the new ones are in, and a language's faces arrive after its texts.
 */
export async function layoutSettled(page: Page): Promise<void> {
  const layout = () =>
    page.evaluate(async () => {
      await document.fonts.ready;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return [...document.querySelectorAll('header *, #main *')]
        .map((element) => {
          const box = element.getBoundingClientRect();
          return `${Math.round(box.left)},${Math.round(box.width)}`;
        })
        .join(' ');
    });
  let last = '';
  await expect
    .poll(async () => {
      const now = await layout();
      const same = now === last;
      last = now;
      return same;
    })
    .toBe(true);
}
