/**
 * API tokens (issue 35 item 1) against the real server, as the admin: a token is created in the console (a name,
 * 30 days, the elevator list's read key), shown once with its copy button, and read from that dialog; a call with
 * that token alone (no `sign` header, no session cookie) answers the elevator list with its rate-limit headers; the
 * token is revoked in the console after its confirmation, and the same call is then refused (SESSION_INVALID).
 * axe on the page and the new-token dialog; the page at 390x844 without sideways scroll.
 */
import { expect, test, type Page } from '@playwright/test';
import { axeFindings, pageLoaded, savedSession, settled, sidewaysOverflow, signIn } from './helpers';
import { PORT } from './ports';

test.use({ storageState: savedSession('admin') });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const PAGE = '/integration/token';
const NAME = `Facility sync ${Date.now() % 100_000}`;

function dialog(page: Page) {
  return page.locator('.ant-modal-wrap:visible .ant-modal').last();
}

async function axeClean(page: Page, what: string, include?: string) {
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  await settled(page);
  expect(await axeFindings(page, include), `axe on ${what}`).toEqual({});
}

/** An integration's call: the token as bearer, nothing else (no sign, no cookie). */
async function tokenCall(token: string, path: string) {
  const response = await fetch(`http://127.0.0.1:${PORT}/api${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: '{}',
  });
  return { headers: response.headers, body: (await response.json()) as { message: { code: number }; data: unknown } };
}

test('a token made in the console answers without sign or session, and is refused once revoked', async ({ page }) => {
  await signIn(page, PAGE);
  await pageLoaded(page);
  await axeClean(page, 'the API tokens page', '[data-testid="token-page"]');

  await page.getByTestId('add-token').click();
  const form = dialog(page);
  await form.getByTestId('token-name').fill(NAME);
  await form.getByText('30 days').click();
  await form.getByTestId('token-key:elevator/index').click();
  await expect(form.getByText('1 key selected')).toBeVisible();
  await axeClean(page, 'the new token dialog', '[data-testid="token-form"]');
  await form.getByRole('button', { name: 'Create' }).click();

  const shown = dialog(page);
  await expect(shown.getByText('Copy the token now: it will not be shown again.')).toBeVisible();
  const token = /cft_[A-Za-z0-9_-]+/.exec((await shown.getByTestId('token-secret').textContent()) ?? '')?.[0] ?? '';
  expect(token).toMatch(/^cft_[0-9a-f]{12}_/);
  await expect(shown.getByRole('button', { name: 'Copy' })).toBeVisible();
  await shown.getByTestId('token-shown-done').click();
  await expect(page.getByTestId('token-secret')).toHaveCount(0);

  const answered = await tokenCall(token, '/elevator/list');
  expect(answered.body.message.code).toBe(0);
  expect(answered.body.data).toMatchObject({ list: expect.any(Array) });
  expect(Number(answered.headers.get('ratelimit-limit'))).toBeGreaterThan(0);
  expect(answered.headers.get('ratelimit-remaining')).not.toBeNull();

  const row = page.getByRole('row').filter({ hasText: NAME });
  await expect(row).toContainText(token.slice(0, 16));
  await expect(row).not.toContainText(token);
  await row.getByTestId(`revoke-token-${NAME}`).click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.locator('.ant-message-notice').filter({ hasText: 'Token revoked.' }).last()).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await tokenCall(token, '/elevator/list')).body.message.code).toBe(10003);
});

test('the page reads on a phone without sideways scroll', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, PAGE);
  await pageLoaded(page);
  expect(await sidewaysOverflow(page)).toEqual([]);
  await page.getByTestId('add-token').click();
  await expect(dialog(page).getByTestId('token-name')).toBeVisible();
  expect(await sidewaysOverflow(page)).toEqual([]);
});
