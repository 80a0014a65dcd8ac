/**
 * A page not opened yet, asked for while the browser is offline (issue 48 item 14): its chunk cannot arrive, and the
 * page says that the phone or computer is offline (not that the console may have been updated, which asked for a
 * reload that could not work either), then opens by itself once the connection is back, without a click.
 */
import { expect, test } from '@playwright/test';
import { openInConsole, savedSession, signIn, useLanguage } from './helpers';

test.use({ storageState: savedSession('admin') });

test('a page opened offline says the computer is offline and appears by itself once back online', async ({ page, context, baseURL }) => {
  await useLanguage(context, 'en', baseURL);
  await signIn(page, '/index');
  await expect(page.getByTestId('robot-card').first()).toBeVisible();
  await context.setOffline(true);
  // the elevators page: no journey step before opened it in this browser, so its chunk is not here
  await openInConsole(page, '/elevator/index');
  const notice = page.getByRole('status').filter({ hasText: 'Your phone or computer is offline, so this page cannot be loaded yet.' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('It opens by itself when the connection is back.');
  await expect(page.getByText('The console may have been updated').filter({ visible: true })).toHaveCount(0);
  await context.setOffline(false);
  await expect(page.getByTestId('elevator-page')).toBeVisible();
  await expect(notice).toHaveCount(0);
});
