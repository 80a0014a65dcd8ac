/**
 * Files, advertising, speech and the operation log against the real server: a file uploaded with a progress
 * bar and downloaded back byte-equal; the change found in the operation log; an announcement heard as WAV
 * audio; an advertising playlist made of an uploaded picture and assigned to a demo robot.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { ARTIFACTS, chooseOption, signIn, useLanguage } from './helpers';

const run = Date.now().toString(36).slice(-5);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function dialog(page: Page) {
  return page.locator('.ant-modal-wrap:visible .ant-modal').last();
}

/** Notes in the page whether the upload progress bar was ever shown (it may come and go within a moment). */
async function watchProgress(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { sawProgress?: boolean };
    w.sawProgress = false;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="upload-progress"] .ant-progress')) w.sawProgress = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
}

test.beforeEach(async ({ context, baseURL }) => {
  await useLanguage(context, 'en', baseURL);
});

test('a file is uploaded with a progress bar, downloaded back byte-equal, and found in the operation log', async ({ page }) => {
  const name = `Manual ${run}`;
  const bytes = Buffer.alloc(8 * 1024 * 1024 + 123);
  for (let i = 0; i < bytes.length; i += 4096) bytes[i] = (i / 4096) % 251;
  await signIn(page, '/file/file_list');
  await page.getByTestId('add-entry').click();
  const form = dialog(page);
  await watchProgress(page);
  await form.getByTestId('upload-input').setInputFiles({ name: `manual-${run}.bin`, mimeType: 'application/octet-stream', buffer: bytes });
  await expect(page.getByText(`manual-${run}.bin uploaded.`)).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => (window as unknown as { sawProgress?: boolean }).sawProgress)).toBe(true);
  await form.getByTestId('entry-name').fill(name);
  await form.getByTestId('entry-category').locator('input').fill('Manuals');
  await form.getByTestId('save-entry').click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await expect(page.locator('tr', { hasText: name })).toContainText('Manuals');
  await page.screenshot({ path: `${ARTIFACTS}/files-en.png` });

  const downloading = page.waitForEvent('download');
  await page.getByTestId(`download-${name}`).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`manual-${run}.bin`);
  const saved = await readFile((await download.path()) ?? '');
  expect(saved.length).toBe(bytes.length);
  expect(saved.equals(bytes)).toBe(true);

  // the upload is in the operation log: who, what, which record, from where
  await page.goto('/log');
  await page.getByTestId('log-account').fill('admin');
  await page.getByTestId('log-call').fill('file/add');
  await page.getByTestId('log-search').click();
  const logged = page.getByTestId('log-page').locator('.ant-table-row').first();
  await expect(logged).toContainText('/file/add'); // the screen shows the call without /api
  await expect(logged).toContainText('admin');
  await expect(logged).toContainText(`File ${name}: created`); // the record in the reader's words
  await expect(logged).toContainText('127.0.0.1');
  await page.screenshot({ path: `${ARTIFACTS}/operation-log-en.png` });
});

test('an announcement is heard as WAV audio in the chosen language', async ({ page }) => {
  await signIn(page, '/device/ad');
  await page.getByRole('tab', { name: 'Voice' }).click();
  await page.getByTestId('voice-text').fill('The robot starts cleaning the lobby');
  await page.getByTestId('voice-language').click();
  await chooseOption(page, 'English');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/tencent/ttsUrl'));
  await page.getByTestId('voice-listen').click();
  const response = await answer;
  expect(response.headers()['content-type']).toBe('audio/wav');
  await expect(page.getByTestId('voice-audio')).toBeVisible();
  // what the player got: the audio the server answered, as the browser holds it
  const heard = await page.getByTestId('voice-audio').evaluate(async (audio: HTMLAudioElement) => {
    const blob = await (await fetch(audio.src)).blob();
    const head = new TextDecoder().decode(new Uint8Array(await blob.slice(0, 4).arrayBuffer()));
    return { type: blob.type, size: blob.size, head };
  });
  expect(heard.type).toBe('audio/wav');
  expect(heard.head).toBe('RIFF');
  expect(heard.size).toBeGreaterThan(10_000);
});

test('an advertising playlist is made of an uploaded picture and assigned to a robot', async ({ page }) => {
  const media = `Poster ${run}`;
  const playlist = `Lobby ${run}`;
  await signIn(page, '/device/ad');
  await page.getByRole('tab', { name: 'Media', exact: true }).click();
  await page.getByTestId('add-media').click();
  let form = dialog(page);
  await form.getByTestId('upload-input').setInputFiles({ name: `poster-${run}.png`, mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText(`poster-${run}.png uploaded.`)).toBeVisible();
  await form.getByTestId('media-name').fill(media);
  await form.getByTestId('save-media').click();
  await expect(page.locator('tr', { hasText: media })).toContainText('Picture');

  await page.getByRole('tab', { name: 'Playlists' }).click();
  await page.getByTestId('add-playlist').click();
  form = dialog(page);
  await form.getByTestId('playlist-name').fill(playlist);
  await form.getByTestId('playlist-media').click();
  await chooseOption(page, media);
  await page.keyboard.press('Escape');
  await form.getByTestId('save-playlist').click();
  await expect(page.locator('tr', { hasText: playlist })).toContainText(media);

  await page.getByTestId(`assign-${playlist}`).click();
  form = dialog(page);
  await form.getByTestId('assign-robots').click();
  await chooseOption(page, 'CF20260002');
  await page.keyboard.press('Escape');
  await form.getByTestId('save-assign').click();
  await expect(page.getByText('Robots assigned.')).toBeVisible();
  await expect(page.locator('tr', { hasText: playlist }).getByTestId('playing-CF20260002')).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/ads-en.png` });
});
