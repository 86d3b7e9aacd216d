/**
 * @jest-environment node
 */
// The README names the portal's languages: the list of its first paragraph is the interface's list, in its order, by
// the names English gives them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGE_TABLE } from '../shared/contracts/src/language';

/** The number of languages as the README writes it. */
const IN_WORDS = new Map([
  [11, 'eleven'],
  [12, 'twelve'],
  [13, 'thirteen'],
  [14, 'fourteen'],
  [15, 'fifteen'],
]);

const readme = readFileSync(join(__dirname, '..', 'README.md'), 'utf8').replace(/\s+/g, ' ');

it("the README's list of languages is the portal's", () => {
  const [, count, list] = /The portal speaks (\w+) languages: ([^.]+)\./.exec(readme) ?? [];
  const named = (list ?? '').replace(/ \([^)]*\)/g, '').split(/, | and /);
  const english = new Intl.DisplayNames(['en'], { type: 'language' });
  expect(named).toEqual(LANGUAGE_TABLE.map(({ short }) => english.of(short)));
  expect(count).toBe(IN_WORDS.get(LANGUAGE_TABLE.length));
});
