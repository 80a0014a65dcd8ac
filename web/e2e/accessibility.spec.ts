/**
 * Accessibility (issue 30): axe (WCAG 2.1 A and AA rules) on every menu page, as admin, in English or in
 * Arabic (right to left): the two take turns down the menu (`languageShare`), so each page is checked once and
 * both directions every run. The critical and serious violations found, as "rule id on a route", are compared
 * with the checked-in baseline (e2e/accessibility-baseline.json): the journey fails on any violation the
 * baseline does not list; a listed one that no longer occurs is noted (annotation), so the baseline only shrinks
 * (remove the entry in the same change as the fix). After a deliberate change, rewrite it with
 *
 *   A11Y_BASELINE=write npx playwright test e2e/accessibility.spec.ts
 *
 * and review its diff: an added entry is a new problem. Each language is one browser context that opens
 * the pages in sequence inside the console (as a click in the menu would: no full reload per page), waits
 * for the page's own loaded state (no loading spinner or skeleton left, animations ended), checks it, then
 * closes the previous page's tab so every page is checked with the same two tabs open (home and itself).
 * The element counts per page are attached to the test's results (`accessibility-<language>.json`).
 *
 * Besides axe, every page must have one main landmark and one level-1 heading naming the page.
 *
 * The field kit (/site/field, issue 53 items 5-6) is a page made for a phone: it is checked at 390x844 too (touch,
 * its sections an accordion), with no baseline, each section opened in turn and checked with what it shows.
 *
 * The main add and edit dialogs (DIALOGS) are checked the same way, open over their page (opened inside the console,
 * the languages taking turns), with no baseline: none
 * may show a critical or serious violation. Each is opened by a click on its button and closed with Escape, after
 * which the focus must be back on that button (antd's modals return it; a dialog that loses it fails here).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ROUTES } from '../src/lib/route-table';
import { axeFindings as check, axeProblems, languageShare, openInConsole, pageLoaded, chooseTaskRobot, savedSession, settled, signIn, tab, useLanguage, type AxeFindings } from './helpers';

const BASELINE_PATH = resolve('e2e/accessibility-baseline.json');
const LANGUAGES = ['en', 'ar'] as const;
type Language = (typeof LANGUAGES)[number];

/** Every page of the menu (the route table, in menu order); admin holds every key, so all are listed. */
const MENU_PATHS = ROUTES.filter((route) => route.menu).map((route) => route.path).filter((path) => !process.env.A11Y_PAGES || new RegExp(process.env.A11Y_PAGES).test(path));

/** Per language, per route: the rule ids of its critical and serious violations, sorted. */
type Baseline = Record<Language, Record<string, string[]>>;

type PageFindings = AxeFindings;

function readBaseline(): Baseline {
  if (!existsSync(BASELINE_PATH)) return { en: {}, ar: {} };
  return JSON.parse(readFileSync(BASELINE_PATH, 'utf8')) as Baseline;
}

test.use({ storageState: savedSession('admin') });

for (const language of LANGUAGES) {
  test(`every other menu page in ${language}: no critical or serious violation beyond the baseline`, async ({ page, context, baseURL }, testInfo) => {
    const paths = languageShare(MENU_PATHS, LANGUAGES, language);
    test.setTimeout(paths.length * 15_000 + 60_000);
    await useLanguage(context, language, baseURL);
    await signIn(page, '/index');
    await expect(page.locator('html')).toHaveAttribute('lang', language);

    const found: Record<string, PageFindings> = {};
    const landmarks: string[] = [];
    let previous: string | null = null;
    for (const path of paths) {
      const started = Date.now();
      if (path !== '/index') await openInConsole(page, path);
      await pageLoaded(page);
      if (previous && previous !== '/index') {
        await page.locator('.ant-tabs-tab').filter({ has: tab(page, previous) }).locator('.ant-tabs-tab-remove').click();
        await expect(tab(page, previous)).toHaveCount(0);
      }
      previous = path;
      // the closed tab's strip and the menu's highlight move for a moment: checked once they stand still, and a
      // finding checked again after the next frames (a colour mid-transition is not what a user reads)
      await settled(page);
      found[path] = await check(page);
      if (Object.keys(found[path]).length > 0) {
        await settled(page);
        found[path] = await check(page);
      }
      if (process.env.A11Y_PROGRESS) console.log(`${language} ${path} ${Date.now() - started} ms: ${JSON.stringify(found[path])}`);
      const title = (await page.title()).split(' · ')[0];
      const mains = await page.getByRole('main').count();
      const headings = await page.getByRole('heading', { level: 1 }).filter({ visible: true }).allInnerTexts();
      if (mains !== 1 || headings.length !== 1 || headings[0] !== title) {
        landmarks.push(`${path}: ${mains} main landmark(s), level-1 headings ${JSON.stringify(headings)} (title "${title}")`);
      }
    }

    const summary = Object.fromEntries(Object.entries(found).filter(([, rules]) => Object.keys(rules).length > 0));
    const totals = { critical: 0, serious: 0, criticalElements: 0, seriousElements: 0 };
    for (const rules of Object.values(found)) {
      for (const { impact, elements } of Object.values(rules)) {
        totals[impact as 'critical' | 'serious'] += 1;
        totals[`${impact as 'critical' | 'serious'}Elements`] += elements;
      }
    }
    await testInfo.attach(`accessibility-${language}.json`, { body: JSON.stringify({ totals, pages: summary }, null, 2), contentType: 'application/json' });
    console.log(`accessibility ${language}: ${JSON.stringify(totals)}`);

    const now: Record<string, string[]> = Object.fromEntries(
      Object.entries(summary).map(([path, rules]) => [path, Object.keys(rules).toSorted()]),
    );
    if (process.env.A11Y_BASELINE === 'write') {
      const baseline = readBaseline();
      baseline[language] = now;
      writeFileSync(BASELINE_PATH, `${JSON.stringify(baseline, null, 2)}\n`);
      expect(landmarks, 'one main landmark and one level-1 heading naming the page').toEqual([]);
      return;
    }
    const known = readBaseline()[language];
    const added: string[] = [];
    const gone: string[] = [];
    for (const path of paths) {
      const before = new Set(known[path] ?? []);
      const after = new Set(now[path] ?? []);
      for (const rule of after) if (!before.has(rule)) added.push(`${path} ${rule} (${found[path][rule].elements} elements)`);
      for (const rule of before) if (!after.has(rule)) gone.push(`${path} ${rule}`);
    }
    expect(added, 'new critical or serious violations (not in e2e/accessibility-baseline.json)').toEqual([]);
    // A listed violation that did not occur is reported, not failed (the baseline is empty since issue 30; an
    // entry added for a known, accepted problem is removed by review of this note).
    if (gone.length) testInfo.annotations.push({ type: 'a11y-fixed', description: `not seen this run, remove from the baseline when fixed: ${gone.join('; ')}` });
    expect(landmarks, 'one main landmark and one level-1 heading naming the page').toEqual([]);
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  for (const language of LANGUAGES) {
    test(`the field kit at 390x844 in ${language}: no critical or serious violation in any section`, async ({ page, context, baseURL }) => {
      await useLanguage(context, language, baseURL);
      await signIn(page, '/site/field');
      const field = page.getByTestId('field-page');
      await expect(field.getByTestId('field-age')).toBeVisible({ timeout: 30_000 });
      const sections = field.locator('.cf-rtabs > .ant-collapse-item');
      await expect(sections).toHaveCount(3);
      const problems: string[] = [];
      for (let n = 0; n < 3; n += 1) {
        const section = sections.nth(n);
        if (n > 0) await section.locator('.ant-collapse-header').click(); // the first one opens with the page
        await expect(section).toHaveClass(/ant-collapse-item-active/);
        await settled(page);
        for (const line of await axeProblems(page)) problems.push(`section ${n + 1}: ${line}`);
      }
      expect(problems).toEqual([]);
    });
  }
});

interface DialogCase {
  /** how the failure names it */
  name: string;
  path: string;
  /** the button that opens it, once the page has loaded (after `before`, if any) */
  opener: (page: Page) => Locator;
  before?: (page: Page) => Promise<void>;
}

const DIALOGS: DialogCase[] = [
  { name: 'add device', path: '/device/index', opener: (page) => page.getByTestId('toolbar-add') },
  { name: 'edit device', path: '/device/index', opener: (page) => page.getByTestId('device-edit').first() },
  { name: 'add device group', path: '/device/group', opener: (page) => page.getByTestId('group-add') },
  { name: 'add user', path: '/user/index', opener: (page) => page.getByTestId('user-add') },
  { name: 'edit user', path: '/user/index', opener: (page) => page.locator('[data-testid^="user-edit:"]').first() },
  { name: 'add role', path: '/user/role', opener: (page) => page.getByTestId('role-add') },
  { name: 'new task', path: '/device/taskList', before: chooseTaskRobot, opener: (page) => page.getByTestId('new-task') },
  { name: 'add file', path: '/file/file_list', opener: (page) => page.getByTestId('add-entry') },
  { name: 'add repair', path: '/device/repair', opener: (page) => page.getByTestId('add-repair') },
  { name: 'add hire', path: '/device/hire', opener: (page) => page.getByTestId('add-hire') },
  { name: 'add elevator', path: '/elevator/index', opener: (page) => page.getByTestId('add-elevator') },
  { name: 'add software', path: '/version/soft', opener: (page) => page.getByTestId('add-soft') },
];

for (const language of LANGUAGES) {
  test(`every other main dialog in ${language}: no critical or serious violation, focus back on the opener`, async ({ page, context, baseURL }) => {
    const dialogs = languageShare(DIALOGS, LANGUAGES, language);
    test.setTimeout(dialogs.length * 20_000 + 60_000);
    await useLanguage(context, language, baseURL);
    await signIn(page, '/index');
    const problems: string[] = [];
    for (const dialog of dialogs) {
      await openInConsole(page, dialog.path);
      await pageLoaded(page);
      await dialog.before?.(page);
      const opener = dialog.opener(page);
      await opener.click();
      const shown = page.getByRole('dialog').filter({ visible: true });
      await expect(shown).toHaveCount(1);
      await expect(shown.locator('.ant-spin-spinning, .ant-skeleton-active').filter({ visible: true })).toHaveCount(0);
      await settled(page);
      for (const [rule, { elements }] of Object.entries(await check(page))) problems.push(`${dialog.name} (${dialog.path}): ${rule}, ${elements} elements`);
      await page.keyboard.press('Escape');
      await expect(shown).toHaveCount(0);
      if (!(await opener.evaluate((element) => element === document.activeElement))) problems.push(`${dialog.name} (${dialog.path}): focus not back on its button`);
      // as in the pages' check, only home and the page itself stay open (a strip of many tabs is another check)
      if (dialog.path !== '/index') {
        await page.locator('.ant-tabs-tab').filter({ has: tab(page, dialog.path) }).locator('.ant-tabs-tab-remove').click();
        await expect(tab(page, dialog.path)).toHaveCount(0);
      }
    }
    expect(problems).toEqual([]);
  });
}
