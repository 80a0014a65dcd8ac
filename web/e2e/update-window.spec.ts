/**
 * Update windows (issue 36 item 1) against the real server: a staged rollout of a firmware to two demo robots
 * (CF20260007, CF20260008: no other journey updates them) with a maintenance window that is closed now on every
 * clock the demo robots keep (UTC, Asia/Shanghai, Europe/Paris: it opens three hours after this hour in UTC and
 * lasts one), set in the rollout form's collapsible "Maintenance window". The rollout's robots say each why it
 * waits ("Outside its window") and its next chance on its site's clock; the same in Chinese; axe clean; at
 * 390x844 the page (desktop-only, as before) says it needs a wider screen, without sideways scroll. A window whose start and end are the same is refused under its field. The
 * rollout is cancelled at the end.
 */
import { expect, test, type Page } from '@playwright/test';
import { ARTIFACTS, axeFindings, chooseOption, pageLoaded, savedSession, settled, sidewaysOverflow, signedCall, signedForm, signIn, useLanguage } from './helpers';

test.use({ storageState: savedSession('admin') });
test.describe.configure({ mode: 'serial', timeout: 150_000 });

const stamp = Date.now().toString().slice(-7);
const FIRMWARE = `E2E window FW ${stamp}`;
const ROLLOUT = `E2E window ${stamp}`;
const ROBOTS = ['CF20260007', 'CF20260008'];
const hhmm = (hours: number) => `${String((new Date().getUTCHours() + hours) % 24).padStart(2, '0')}:00`;
const OPENS = hhmm(3);
const CLOSES = hhmm(4);

function dialog(page: Page) {
  return page.locator('.ant-modal-wrap:visible .ant-modal').last();
}

async function axeClean(page: Page, what: string) {
  await settled(page);
  expect(await axeFindings(page), `axe on ${what}`).toEqual({});
}

async function openRollouts(page: Page, tab: string) {
  await page.goto('/version/fireware');
  await pageLoaded(page);
  await page.getByRole('tab', { name: tab }).click();
}

async function robotsOf(page: Page) {
  const card = page.getByTestId(`rollout-${ROLLOUT}`);
  await expect(card).toBeVisible();
  const robots = card.getByTestId('rollout-robots');
  if ((await robots.locator('.ant-collapse-item-active').count()) === 0) await robots.locator('.ant-collapse-header').click();
  return card;
}

test('a rollout with a window closed now: each robot says why it waits, in English and Chinese, on a phone', async ({ page, context, baseURL }) => {
  await useLanguage(context, 'en', baseURL);
  await signIn(page, '/version/fireware');
  const added = await signedForm<{ id: number }>(page, '/api/version/insertVersionFireware', {
    name: FIRMWARE,
    version: `FW-7.${stamp}.0`,
    allowUnsigned: 'true', // the demo's robots are older robots (no publisher root): docs/operations.md
    file: { name: 'window.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(100_000, 3) },
  });
  expect(added.message.code).toBe(0);

  await openRollouts(page, 'Staged rollouts');
  await page.getByTestId('add-rollout').click();
  const form = dialog(page);
  await form.getByTestId('rollout-name').fill(ROLLOUT);
  await form.getByTestId('rollout-firmware').click();
  await chooseOption(page, FIRMWARE);
  const targets = form.getByLabel(/^Robots/);
  for (const sn of ROBOTS) {
    await targets.fill(sn);
    await chooseOption(page, sn);
  }
  await page.keyboard.press('Escape');
  await form.getByTestId('rollout-group-size').fill('100');
  await form.getByTestId('window-section').getByRole('button', { name: 'Maintenance window' }).click();
  await form.getByTestId('use-window').check();
  await form.getByTestId('window-start').fill(OPENS);
  await form.getByTestId('window-end').fill(OPENS); // the same: does not fit in a day, refused under its field
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.locator('.ant-form-item-explain-error')).toContainText('does not fit in a day');
  await axeClean(page, 'the rollout form with its window');
  await page.screenshot({ path: `${ARTIFACTS}/update-window-form-en.png` });
  await form.getByTestId('window-end').fill(CLOSES);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Rollout started.')).toBeVisible();

  const card = await robotsOf(page);
  await expect(card.getByTestId('rollout-window')).toContainText(`Window ${OPENS}–${CLOSES}`);
  await expect(card.getByTestId('rollout-waiting')).toContainText('2 waiting for their chance');
  for (const sn of ROBOTS) {
    const row = card.getByTestId(`rollout-robot-${sn}`);
    await expect(row).toHaveAttribute('data-state', 'QUEUED');
    await expect(row.getByTestId('wait-reason')).toHaveText('Outside its window');
    // the next chance on the robot's own clock: the window's opening there, within its 30-minute spread
    await expect(row.getByTestId('next-chance')).toContainText(new RegExp(`next chance \\d{4}-\\d\\d-\\d\\d ${OPENS.slice(0, 2)}:[0-2]\\d \\(`));
  }
  await axeClean(page, 'the rollout with its waiting robots');
  await page.screenshot({ path: `${ARTIFACTS}/update-window-rollout-en.png` });

  for (const [language, tab, reason] of [
    ['zh-CN', '分批发布', '不在窗口内'],
    ['en', 'Staged rollouts', 'Outside its window'],
  ] as const) {
    await useLanguage(context, language, baseURL);
    await page.setViewportSize({ width: 1440, height: 900 });
    await openRollouts(page, tab);
    const shown = await robotsOf(page);
    await expect(shown.getByTestId(`rollout-robot-${ROBOTS[0]}`).getByTestId('wait-reason')).toHaveText(reason);
    await axeClean(page, `the rollout in ${language}`);
    await page.screenshot({ path: `${ARTIFACTS}/update-window-1440-${language}.png` });
    // the firmware page is one of the console's desktop-only pages (src/app/routes/pages.ts): on a phone it says
    // so, without sideways scroll
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/version/fireware');
    await expect(page.getByTestId('wider-screen')).toBeVisible();
    expect(await sidewaysOverflow(page), `sideways on the firmware page at 390 px in ${language}`).toEqual([]);
    await axeClean(page, `the firmware page at 390 px in ${language}`);
  }
  const list = await signedCall<{ list: { rolloutId: number; name: string }[] }>(page, '/api/version/rollout/list', { pageSize: 50 });
  const mine = list.data.list.find((r) => r.name === ROLLOUT);
  expect(mine).toBeTruthy();
  expect((await signedCall(page, '/api/version/rollout/cancel', { rolloutId: mine?.rolloutId })).message.code).toBe(0);
});
