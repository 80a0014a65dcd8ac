/**
 * Every feature dialog under axe (issue 30, accessibility), each page's in English or in Arabic (`languageShare`:
 * the two take turns down the list of pages): signed in once as admin (the saved session), the
 * journey opens the feature pages inside the console as a menu click would (no reload, no new sign-in) and on
 * each opens its create, edit and confirm dialogs, drawers and questions (Popconfirm) one after another. With
 * each open it runs axe (WCAG 2.1 A and AA) on the dialog and the control that opened it, and allows no critical
 * or serious violation (no baseline; the page behind is accessibility.spec.ts's); closes it with Escape, as a
 * keyboard user would, and expects the focus back on that control (for an entry of a "More" menu: the menu's
 * button). A dialog whose form must be filled is also saved empty once (`failedSave`): it stays open and says
 * what is missing; any uncaught page error during the journey fails it (issue 30 item 3: a failed save threw).
 *
 * A fresh server has no shadow user, own role, role group, elevator, version or playlist: the journey adds one
 * of each through the API first, so that their edit dialogs have a row. Problems are collected, not thrown at
 * the first, so one run lists them all; an opener missing from its page is one ("not found").
 * DIALOGS=<regexp> runs only the pages whose path matches; A11Y_PROGRESS=1 prints timings and each violation.
 *
 * Not here: the main add dialogs and the new-task drawing dialog (accessibility.spec.ts); the knowledge base and
 * the file hosts (stand-in pages in the e2e build, src/app/routes/fixture-pages.ts: the knowledge base's add
 * dialog is the file list's); the map editor, map sync and the remote control's parameters (an online robot's
 * map or a control lease: their own journeys); dialogs over rows a fresh server has none of (alarms to resolve,
 * messages, backups, video clips).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeFindings, chooseTaskRobot, languageShare, OPEN_DROPDOWN, openInConsole, pageLoaded, savedSession, settled, signedCall, signedForm, signIn, tab, useLanguage } from './helpers';

const LANGUAGES = ['en', 'ar'] as const;

/**
 * A fresh server has none of these: one of each, so that their edit dialogs have a row to open from (named per
 * language and attempt: the second language's run, and a retry on the same server, add their own).
 */
function seedTag(language: string): string {
  const retry = test.info().retry;
  return retry === 0 ? language : `${language}${retry}`;
}

function seeds(language: string): [string, Record<string, unknown>][] {
  const tag = seedTag(language);
  const name = `A11y ${tag}`;
  return [
    ['/api/user/shadow/insert', { account: `a11yshadow${tag}`, name, password: 'Shadow12345' }],
    ['/api/user/role/insert', { name, keys: ['device/index'] }],
    ['/api/user/role/group/insert', { name, roleIds: [] }],
    ['/api/elevator/insertElevator', { buildingName: name, elevatorName: name }],
    ['/api/wmWholeVersion/add', { name, versionNumber: '1.0.0', firmwareVersion: '1.0.0', softVersion: '1.0.0' }],
    ['/api/wmCloudVersion/add', { name, versionNumber: '1.0.0' }],
    ['/api/configure/add', { key: `a11y.${tag}`, value: '1' }],
    ['/api/advertising/playlistAdd', { name, items: [] }],
  ];
}

/** A small package to upload. */
const file = (fileName: string) => ({ name: fileName, mimeType: 'application/octet-stream', buffer: Buffer.alloc(1_000, 7) });

/** The uploads: a firmware, a robot software and a pad app version, each with a small package. */
function uploads(language: string): [string, Record<string, string | { name: string; mimeType: string; buffer: Buffer }>][] {
  const name = `A11y ${seedTag(language)}`;
  return [
    ['/api/version/insertVersionFireware', { name, version: '1.0.0', description: '', sha256: '', deviceTypes: '', enabled: 'true', allowUnsigned: 'true', file: file('a11y.bin') }],
    ['/api/version/insertVersion', { name, typeId: '1', version: '1.0.0', description: '', allowDowngrade: 'false', file: file('a11y.zip') }],
    ['/api/version/insertVersionApp', { name, log: '', release: file('a11y.apk') }],
  ];
}

async function seed(page: Page, language: string) {
  for (const [path, body] of seeds(language)) {
    const answer = await signedCall(page, path, body);
    expect(answer.message.code, `${path}: ${answer.message.message}`).toBe(0);
  }
  for (const [path, form] of uploads(language)) {
    const answer = await signedForm(page, path, form);
    expect(answer.message.code, `${path}: ${answer.message.message}`).toBe(0);
  }
}

interface DialogCase {
  /** how the failure names it */
  name: string;
  /** opens the dialog inside the page shown (`view`); answers the control the focus returns to, or null when not on the page */
  open: (view: Locator, page: Page) => Promise<Locator | null>;
  /** saved empty once: the form says what is missing and the dialog stays open */
  failedSave?: boolean;
  /** a question beside its button (Popconfirm), not a dialog */
  question?: boolean;
}

interface PageCase {
  path: string;
  /** what the page needs before its dialogs can open (a robot chosen) */
  before?: (page: Page) => Promise<void>;
  dialogs: DialogCase[];
}

/** Click `opener` (the first match) and answer it; null when the page has none. */
function click(opener: (view: Locator) => Locator) {
  return async (view: Locator) => {
    const button = opener(view).first();
    // a button drawn with the page's data (a row's) may come a moment after the page's first rows
    await button.waitFor({ state: 'visible', timeout: 5_000 }).catch(() => undefined);
    if ((await button.count()) === 0) return null;
    await button.click();
    return button;
  };
}

/** Open the menu of `more` (the first match) and choose its entry `item` (a menu item's data-testid or its 1-based position). */
function fromMenu(more: (view: Locator) => Locator, item: string | number) {
  return async (view: Locator, page: Page) => {
    const button = more(view).first();
    if ((await button.count()) === 0) return null;
    await button.click();
    const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').last();
    await expect(menu).toBeVisible();
    const entry = typeof item === 'string' ? menu.getByTestId(item) : menu.locator('.ant-dropdown-menu-item').nth(item - 1);
    if ((await entry.count()) === 0) {
      await page.keyboard.press('Escape');
      return null;
    }
    await entry.click();
    return button;
  };
}

/** A tab of the page's own tab bar (not the console's), by its key. */
async function pageTab(view: Locator, key: string) {
  await view.locator(`.ant-tabs-tab[data-node-key="${key}"]`).first().click();
}

/** The first option of the page's drop-down `testId` (a robot to show). */
function pickFirst(testId: string) {
  return async (page: Page) => {
    await page.getByTestId(testId).filter({ visible: true }).click();
    await page.locator(`${OPEN_DROPDOWN} .ant-select-item-option`).first().click();
    await expect(page).toHaveURL(/deviceId=/);
  };
}

const byTestId = (id: string) => (view: Locator) => view.getByTestId(id);
const byTestIdStart = (prefix: string) => (view: Locator) => view.locator(`[data-testid^="${prefix}"]`);
/** The first row's edit button (a pen icon) of the page's table. */
const rowEdit = (view: Locator) => view.locator('.ant-table-row button:has(.anticon-edit)');

const PAGES: PageCase[] = [
  {
    path: '/user/index',
    dialogs: [
      { name: 'add user', open: click(byTestId('user-add')), failedSave: true },
      { name: 'edit user', open: click(byTestIdStart('user-edit:')) },
      { name: 'assign roles', open: fromMenu(byTestIdStart('user-more:'), 'user-action:roles') },
      { name: 'e-mail settings', open: fromMenu(byTestIdStart('user-more:'), 'user-action:email') },
      { name: 'reset password', open: fromMenu(byTestIdStart('user-more:'), 'user-action:resetPassword') },
      { name: 'delete user', open: fromMenu(byTestIdStart('user-more:'), 'user-action:delete') },
    ],
  },
  {
    path: '/user/userShadow',
    dialogs: [
      { name: 'add shadow user', open: click(byTestId('shadow-add')), failedSave: true },
      { name: 'edit shadow user', open: click(byTestIdStart('shadow-edit:')) },
      { name: 'delete shadow user', open: click(byTestIdStart('shadow-delete:')) },
    ],
  },
  {
    path: '/user/role',
    dialogs: [
      { name: 'add role (drawer)', open: click(byTestId('role-add')) },
      { name: 'edit role (drawer)', open: click(byTestIdStart('role-edit:')) },
      { name: 'view role (drawer)', open: click(byTestIdStart('role-view:')) },
    ],
  },
  {
    path: '/user/index/role_group',
    dialogs: [
      { name: 'add role group', open: click(byTestId('group-add')), failedSave: true },
      { name: 'edit role group', open: click(byTestIdStart('group-edit:')) },
      { name: 'assign role group', open: click(byTestIdStart('group-assign:')) },
      { name: 'delete role group', open: click(byTestIdStart('group-delete:')) },
    ],
  },
  {
    path: '/device/index',
    dialogs: [
      { name: 'add device', open: click(byTestId('toolbar-add')), failedSave: true },
      { name: 'edit device', open: click(byTestId('device-edit')) },
      { name: 'device types', open: click(byTestId('toolbar-types')) },
      { name: 'authorisation code', open: click(byTestId('toolbar-auth-code')) },
      { name: 'change owner', open: fromMenu(byTestId('device-more'), 1) },
      { name: 'bind users', open: fromMenu(byTestId('device-more'), 2) },
      { name: 'hardware (drawer)', open: fromMenu(byTestId('device-more'), 3) },
      { name: 'consumables', open: fromMenu(byTestId('device-more'), 4) },
      { name: 'maintenance', open: fromMenu(byTestId('device-more'), 5) },
      { name: 'delete device', open: fromMenu(byTestId('device-more'), 6) },
    ],
  },
  {
    path: '/device/group',
    dialogs: [
      { name: 'add device group', open: click(byTestId('group-add')), failedSave: true },
      { name: 'edit device group', open: click(rowEdit) },
    ],
  },
  {
    path: '/device/hardSupportIndex',
    dialogs: [
      { name: 'add hardware category', open: click(byTestId('add-category')), failedSave: true },
      { name: 'add hardware part', open: click(byTestId('add-part')), failedSave: true },
      { name: 'edit hardware part', open: click(rowEdit) },
    ],
  },
  {
    path: '/device/index/product/batch/index',
    dialogs: [
      { name: 'add batch', open: click(byTestId('add-batch')), failedSave: true },
      { name: 'edit batch', open: click(rowEdit) },
    ],
  },
  {
    path: '/device/index/hostManage',
    dialogs: [
      { name: 'add transfer node', open: click(byTestId('add-node')), failedSave: true },
      { name: 'edit transfer node', open: click(rowEdit) },
      {
        name: 'add server',
        open: async (view) => {
          await pageTab(view, 'server');
          return click(byTestId('add-server'))(view);
        },
        failedSave: true,
      },
    ],
  },
  {
    path: '/device/repair',
    dialogs: [
      { name: 'add repair', open: click(byTestId('add-repair')), failedSave: true },
      { name: 'edit repair', open: click(rowEdit) },
      { name: 'delete repairs before', open: click((view) => view.locator('button.ant-btn-dangerous:has(.anticon-clear)')) },
    ],
  },
  {
    path: '/device/hire',
    dialogs: [{ name: 'add hire', open: click(byTestId('add-hire')), failedSave: true }],
  },
  {
    path: '/device/report',
    dialogs: [
      { name: 'add report', open: click(byTestId('report-add')), failedSave: true },
      { name: 'edit report', open: click(byTestIdStart('report-edit-')) },
      { name: 'report detail (drawer)', open: click(byTestIdStart('report-open-')) },
      { name: 'delete reports before', open: click(byTestId('report-delete-before')) },
    ],
  },
  {
    path: '/device/taskList',
    before: chooseTaskRobot,
    dialogs: [
      {
        name: 'add task group',
        open: async (view) => {
          await pageTab(view, 'groups');
          return click(byTestId('add-task-group'))(view);
        },
        failedSave: true,
      },
      {
        name: 'add schedule',
        open: async (view) => {
          await pageTab(view, 'schedules');
          return click(byTestId('add-schedule'))(view);
        },
        failedSave: true,
      },
      {
        name: 'add elevator schedule',
        open: async (view) => {
          await pageTab(view, 'elevator');
          return click(byTestId('add-elevator-schedule'))(view);
        },
        failedSave: true,
      },
    ],
  },
  {
    path: '/elevator/index',
    dialogs: [
      { name: 'add elevator', open: click(byTestId('add-elevator')), failedSave: true },
      { name: 'edit elevator', open: click(byTestIdStart('edit-elevator-')) },
      { name: 'elevator robots', open: click(byTestIdStart('elevator-robots-')) },
      { name: 'delete elevator (question)', open: click((view) => view.locator('.ant-table-row button.ant-btn-dangerous')), question: true },
    ],
  },
  {
    path: '/version/fireware',
    dialogs: [
      { name: 'add firmware', open: click(byTestId('add-firmware')), failedSave: true },
      { name: 'edit firmware', open: click(rowEdit) },
      { name: 'publish firmware', open: click(byTestIdStart('publish-')) },
      { name: 'firmware records', open: click(byTestIdStart('firmware-records-')) },
      {
        name: 'add rollout',
        open: async (view) => {
          await pageTab(view, 'rollouts');
          return click(byTestId('add-rollout'))(view);
        },
        failedSave: true,
      },
    ],
  },
  {
    path: '/version/soft',
    dialogs: [
      { name: 'add software', open: click(byTestId('add-soft')), failedSave: true },
      { name: 'edit software', open: click(byTestIdStart('soft-edit-')) },
      { name: 'software range (drawer)', open: click(byTestIdStart('soft-range-')) },
    ],
  },
  {
    path: '/version/app',
    dialogs: [
      { name: 'add app version', open: click(byTestId('add-app')), failedSave: true },
      { name: 'edit app version', open: click(rowEdit) },
    ],
  },
  {
    path: '/version/index/whole_version',
    dialogs: [
      { name: 'add whole version', open: click(byTestId('add-whole-version')), failedSave: true },
      { name: 'edit whole version', open: click(rowEdit) },
      { name: 'whole version lists', open: click(byTestIdStart('whole-lists-')) },
      { name: 'publish whole version (question)', open: click(byTestIdStart('whole-publish-')), question: true },
    ],
  },
  {
    path: '/version/index/cloud_version',
    dialogs: [
      { name: 'add cloud version', open: click(byTestId('add-cloud-version')), failedSave: true },
      { name: 'edit cloud version', open: click(rowEdit) },
    ],
  },
  {
    path: '/version/configure',
    dialogs: [
      { name: 'add parameter', open: click(byTestId('add-parameter')), failedSave: true },
      { name: 'edit parameter', open: click(rowEdit) },
    ],
  },
  {
    path: '/device/ad',
    dialogs: [
      { name: 'add playlist', open: click(byTestId('add-playlist')), failedSave: true },
      { name: 'edit playlist', open: click(rowEdit) },
      { name: 'assign playlist', open: click(byTestIdStart('assign-')) },
      {
        name: 'add media',
        open: async (view) => {
          await pageTab(view, 'media');
          return click(byTestId('add-media'))(view);
        },
        failedSave: true,
      },
    ],
  },
  { path: '/file/file_list', dialogs: [{ name: 'add file', open: click(byTestId('add-entry')), failedSave: true }] },
  { path: '/device/warn', before: pickFirst('device-alarm-robot'), dialogs: [{ name: 'delete alarms before', open: click(byTestId('delete-before')) }] },
  {
    path: '/incident/index',
    dialogs: [
      {
        name: 'edit incident rule',
        open: async (view) => {
          await pageTab(view, 'settings');
          return click(byTestIdStart('edit-rule-'))(view);
        },
      },
      {
        name: 'put a person on duty',
        open: async (view) => {
          await pageTab(view, 'settings');
          return click(byTestId('add-duty'))(view);
        },
        failedSave: true,
      },
    ],
  },
];

const SELECTED = PAGES.filter((entry) => !process.env.DIALOGS || new RegExp(process.env.DIALOGS).test(entry.path));

/** The dialog or drawer open now (antd's modals and drawers are role="dialog"), or the question (a Popconfirm). */
function openDialog(page: Page, question = false) {
  return question ? page.locator('.ant-popconfirm').filter({ visible: true }) : page.getByRole('dialog').filter({ visible: true });
}

/**
 * One dialog: open, settled, axe, saved empty (if asked), closed with Escape, focus back. Answers its problems;
 * a dialog whose opener is not on the page (no row to edit) answers "not found".
 */
async function checkDialog(page: Page, view: Locator, dialog: DialogCase, where: string): Promise<string[]> {
  const problems: string[] = [];
  const shown = openDialog(page, dialog.question);
  const opener = await dialog.open(view, page);
  if (!opener) return [`${where}: not found`];
  await expect(shown).toHaveCount(1);
  await expect(shown.locator('.ant-spin-spinning, .ant-skeleton-active').filter({ visible: true })).toHaveCount(0);
  await settled(page);
  const axeStarted = Date.now();
  // axe on the dialog and its opener only: the page behind is its own journey's (accessibility.spec.ts), and a
  // whole page's check takes two to three times as long
  await shown.evaluate((element) => element.setAttribute('data-axe-dialog', ''));
  await opener.evaluate((element) => element.setAttribute('data-axe-dialog', ''));
  let findings = await axeFindings(page, '[data-axe-dialog]');
  if (Object.keys(findings).length > 0) {
    // once more after the next frames: a colour caught mid-transition (a button's state changing as the dialog's
    // data arrive) is not the dialog's; a real violation stays
    await settled(page);
    findings = await axeFindings(page, '[data-axe-dialog]');
  }
  await opener.evaluate((element) => element.removeAttribute('data-axe-dialog'));
  if (process.env.A11Y_PROGRESS) console.log(`  axe ${Date.now() - axeStarted} ms`);
  for (const [rule, { impact, elements }] of Object.entries(findings)) problems.push(`${where}: ${rule} (${impact}), ${elements} elements`);
  if (dialog.failedSave) {
    await shown.locator('.ant-modal-footer .ant-btn-primary, .ant-drawer-footer .ant-btn-primary').last().click();
    await expect(shown.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await expect(shown).toHaveCount(1);
  }
  await page.keyboard.press('Escape');
  await expect(shown).toHaveCount(0);
  await settled(page);
  if (!(await opener.evaluate((element) => element === document.activeElement))) {
    const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120) ?? 'nothing');
    problems.push(`${where}: focus not back on its opener (on ${focused})`);
  }
  return problems;
}

test.use({ storageState: savedSession('admin') });

for (const language of LANGUAGES) {
  test(`the feature dialogs of every other page in ${language}: no critical or serious violation, no page error, focus back on the opener`, async ({ page, context, baseURL }) => {
    // about 4 s a dialog on a quiet machine; 12 s each leaves room for a machine three times slower (seen)
    const pages = languageShare(SELECTED, LANGUAGES, language);
    test.setTimeout(pages.reduce((sum, entry) => sum + entry.dialogs.length, 0) * 12_000 + 60_000);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
    await useLanguage(context, language, baseURL);
    await signIn(page, '/index');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await seed(page, language);

    const problems: string[] = [];
    for (const entry of pages) {
      await openInConsole(page, entry.path);
      await pageLoaded(page);
      const view = page.locator('.cf-page').filter({ visible: true });
      await entry.before?.(page);
      for (const dialog of entry.dialogs) {
        const where = `${dialog.name} (${entry.path})`;
        const started = Date.now();
        problems.push(...(await checkDialog(page, view, dialog, where)));
        if (process.env.A11Y_PROGRESS) console.log(`${language} ${where}: ${Date.now() - started} ms`);
      }
      // only home and the page itself stay open, as in the pages' journey
      await page.locator('.ant-tabs-tab').filter({ has: tab(page, entry.path) }).locator('.ant-tabs-tab-remove').click();
      await expect(tab(page, entry.path)).toHaveCount(0);
    }
    expect(problems, 'critical or serious axe violations, or focus lost, in open dialogs').toEqual([]);
    expect(pageErrors, 'uncaught page errors (a failed save must not throw)').toEqual([]);
  });
}
