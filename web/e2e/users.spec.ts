/**
 * Users, roles and the profile dialogs in Chromium against the real server (issue 4): the admin
 * creates a dealer; the dealer signs in, creates a user and sees only its own branch; a role edit
 * changes the user's menu at its next sign-in; the avatar upload refuses a 3 MB picture; the e-mail settings'
 * test mail reaches the user's mailboxes (the run's SMTP sink, e2e/mail.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, ARTIFACTS, chooseOption, DEMO_PASSWORD, OPEN_DROPDOWN, openUserMenu, settled, signIn, signOut, useLanguage } from './helpers';
import { waitForMail } from './mail';

const PASSWORD = 'Start12345';
/** Letters and digits only, new for every run (the server keeps its data across tests of a run). */
const runId = Date.now().toString(36);

test.beforeEach(async ({ context, baseURL }) => {
  await useLanguage(context, 'en', baseURL);
});

function dialog(page: Page) {
  return page.locator('.ant-modal-wrap:not([style*="display: none"]) .ant-modal').last();
}

async function createUser(page: Page, account: string, name: string) {
  const form = page.getByTestId('user-form');
  await expect(form).toBeVisible();
  await form.locator('#account').fill(account);
  await form.locator('#name').fill(name);
  await form.locator('#password').fill(PASSWORD);
  await form.locator('#confirm').fill(PASSWORD);
}

async function save(page: Page) {
  await dialog(page).getByRole('button', { name: 'Save' }).click();
}

/** A tiny real PNG, drawn by the browser. */
async function pngBytes(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d');
      if (context) {
        context.fillStyle = '#017465';
        context.fillRect(0, 0, w, h);
        context.fillStyle = '#fadb14';
        context.fillRect(w / 4, h / 4, w / 2, h / 2);
      }
      return canvas.toDataURL('image/png').split(',')[1] ?? '';
    },
    [width, height] as const,
  );
  return Buffer.from(base64, 'base64');
}

test('the admin creates a dealer; the dealer creates a user and sees only its own branch', async ({ page }) => {
  test.slow(); // several sign-ins and dialogs on a machine shared with other runs
  const dealer = `dealer${runId}`;
  const user = `site${runId}`;

  await signIn(page, '/user/index');
  await expect(page.getByTestId('user-row:dealerA')).toBeVisible();
  await page.getByTestId('user-add').click();
  await expect(dialog(page)).toContainText('New Dealer');
  // The spec's rules are checked before anything is sent.
  await save(page);
  await expect(page.getByText('Form validation failed, please check.')).toBeVisible();
  await expect(dialog(page)).toContainText('Fill in this field.');
  await page.getByTestId('user-form').locator('#account').fill('bad name!');
  await page.getByTestId('user-form').locator('#phone').fill('12345');
  await page.getByTestId('user-form').locator('#email').fill('ok@example.com, broken@mail');
  await expect(dialog(page)).toContainText('The login name may contain only English letters and digits.');
  await expect(dialog(page)).toContainText('The phone number must have 11 digits.');
  // the second address is named by its position, not echoed
  await expect(dialog(page)).toContainText('Address number 2 is not a valid e-mail address.');
  await expect(dialog(page).locator('.ant-form-item-explain-error', { hasText: 'broken@mail' })).toHaveCount(0);
  await page.getByTestId('user-form').locator('#phone').fill('13900000000');
  await page.getByTestId('user-form').locator('#email').fill(`ops@${dealer}.com`);
  await createUser(page, dealer, `E2E Dealer ${runId}`);
  await save(page);
  await expect(page.getByText('Created.')).toBeVisible();
  await expect(page.getByTestId(`user-row:${dealer}`)).toBeVisible();
  await signOut(page);

  await signIn(page, '/user/index', dealer, PASSWORD);
  await expect(page.getByText('No child users yet.')).toBeVisible();
  await expect(page.getByTestId('user-add')).toHaveText('Add User');
  await page.getByTestId('user-add').click();
  // A login name taken elsewhere is refused by the server: the reason shows under the field, not as a toast.
  await createUser(page, 'userA1', `E2E Site ${runId}`);
  await save(page);
  const accountItem = page.getByTestId('user-form').locator('.ant-form-item', { has: page.locator('#account') });
  await expect(accountItem.locator('.ant-form-item-explain-error')).toContainText('userA1');
  await expect(page.locator('.ant-message-notice', { hasText: 'userA1' })).toHaveCount(0);
  await expect(dialog(page)).toBeVisible();
  await createUser(page, user, `E2E Site ${runId}`);
  await expect(accountItem.locator('.ant-form-item-explain-error')).toHaveCount(0);
  await save(page);
  await expect(page.getByText('Created.')).toBeVisible();
  await expect(page.locator('.ant-message-notice', { hasText: 'userA1' })).toHaveCount(0);
  await expect(page.getByTestId(`user-row:${user}`)).toBeVisible();
  await expect(page.getByTestId('user-row:userA1')).toHaveCount(0);

  // E-mail settings: addresses and flags saved; the test mail reaches both mailboxes (the run's SMTP sink).
  await page.getByTestId(`user-more:${user}`).click();
  await page.getByTestId('user-action:email').click();
  await expect(page.getByTestId('test-mail')).toBeDisabled();
  await dialog(page).locator('#email').fill('site@example.com, night@');
  await expect(dialog(page)).toContainText('Address number 2 is not a valid e-mail address.');
  await dialog(page).locator('#email').fill('site@example.com, night@example.org');
  await dialog(page).getByRole('checkbox', { name: 'Alarms' }).check();
  await save(page);
  await expect(page.getByText('Saved.')).toBeVisible();
  await expect(page.locator('tr', { has: page.getByTestId(`user-row:${user}`) })).toContainText('night@example.org');
  await page.getByTestId(`user-more:${user}`).click();
  await page.getByTestId('user-action:email').click();
  await expect(dialog(page).locator('#email')).toHaveValue('site@example.com,night@example.org');
  await expect(dialog(page).getByRole('checkbox', { name: 'Alarms' })).toBeChecked();
  const testedAt = new Date();
  await page.getByTestId('test-mail').click();
  await expect(page.getByText('Test mail sent to site@example.com, night@example.org.')).toBeVisible();
  for (const address of ['site@example.com', 'night@example.org']) {
    const mail = await waitForMail({ to: address, text: `E2E Site ${runId}`, after: testedAt });
    expect(mail.subject).toContain('cleanfleet');
  }
  // The dialog's own close button: Escape reaches the dialog only while focus is inside it, and the test mail's
  // button gives focus up while it waits (CI once found the dialog still open over the next row's menu).
  await dialog(page).locator('.ant-modal-close').click();
  await expect(page.getByTestId('test-mail')).toBeHidden();

  // A new initial password is shown once.
  await page.getByTestId(`user-more:${user}`).click();
  await page.getByTestId('user-action:resetPassword').click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Reset password' }).click();
  await expect(page.locator('.ant-modal-confirm-title', { hasText: `New initial password of ${user}` })).toBeVisible();
  await expect(page.getByTestId('initial-password')).toHaveText(/^[A-Za-z0-9]{10}$/);
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Close' }).click();

  // The search offers the dealer's levels (user, sub-user) and finds nothing of another dealer.
  await page.getByTestId('user-level').click();
  const levels = page.locator(`${OPEN_DROPDOWN} .ant-select-item-option`);
  await expect(levels).toHaveText(['User', 'Sub-user']);
  await page.keyboard.press('Escape');
  await page.getByTestId('user-search').fill('user');
  await page.getByTestId('user-search-button').click();
  await expect(page.getByText('No user matches.')).toBeVisible();
  await page.getByTestId('user-search').fill('');
  await page.getByTestId('user-search').fill(runId);
  await page.getByTestId('user-search-button').click();
  await expect(page.getByTestId(`user-row:${user}`)).toBeVisible();
  await expect(page.locator('[data-testid^="user-row:"]')).toHaveCount(1);
});

test('deleting a user with child users offers to move them first', async ({ page }) => {
  test.slow(); // several sign-ins and dialogs on a machine shared with other runs
  const user = `moved${runId}`;
  const sub = `movedsub${runId}`;
  await signIn(page, '/user/index', 'dealerA', DEMO_PASSWORD);
  await page.getByTestId('user-add').click();
  await createUser(page, user, `E2E moved ${runId}`);
  await save(page);
  await expect(page.getByTestId(`user-row:${user}`)).toBeVisible();
  await page.getByTestId(`user-more:${user}`).click();
  await page.getByTestId('user-action:addChild').click();
  await createUser(page, sub, `E2E moved sub ${runId}`);
  await save(page);
  await expect(page.getByText('Created.').first()).toBeVisible();

  await page.getByTestId(`user-more:${user}`).click();
  await page.getByTestId('user-action:delete').click();
  await page.getByTestId('confirm-delete-user').click();
  await expect(dialog(page)).toContainText(`E2E moved ${runId} still has users or devices`);
  await expect(dialog(page)).toContainText('Child users');
  await page.getByTestId('move-target').click();
  await page.keyboard.type('userA2');
  await chooseOption(page, 'userA2');
  await page.getByTestId('move-and-delete').click();
  await expect(page.getByText(/Moved to .*userA2.* and deleted\./)).toBeVisible();
  await expect(page.getByTestId(`user-row:${user}`)).toHaveCount(0);
});

test('a role edit changes what the user’s menu shows after signing in again', async ({ page }) => {
  test.slow(); // several sign-ins and dialogs on a machine shared with other runs
  const role = `Menu role ${runId}`;
  const user = `menu${runId}`;

  await signIn(page, '/user/role', 'dealerA', DEMO_PASSWORD);
  await page.getByTestId('role-add').click();
  const form = page.getByTestId('role-form');
  await form.locator('#name').fill(role);
  const tick = (key: string) =>
    form.getByTestId(`perm:${key}`).locator('xpath=ancestor::div[contains(@class,"ant-tree-treenode")]').locator('.ant-tree-checkbox');
  await tick('reportChart').click();
  await tick('user/index').click();
  await expect(tick('user/index')).toHaveClass(/ant-tree-checkbox-checked/);
  // A key dealerA does not hold cannot be ticked; every screen is built now, so every page key is offered.
  await expect(tick('device/hardSupportIndex')).toHaveClass(/ant-tree-checkbox-disabled/);
  await expect(form.getByTestId('perm:version/app')).toHaveCount(1);
  await page.getByTestId('role-save').click();
  await expect(page.getByText('Created.')).toBeVisible();
  await expect(page.getByTestId(`role-row:${role}`)).toBeVisible();

  await page.goto('/user/index');
  await page.getByTestId('user-add').click();
  await createUser(page, user, `E2E menu ${runId}`);
  const roles = page.getByTestId('user-form').locator('.ant-form-item', { hasText: 'Roles' }).first();
  await roles.locator('.ant-select-selection-item-remove').click(); // the level's preset
  await roles.locator('.ant-select').click();
  await page.keyboard.type(role);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await save(page);
  await expect(page.getByText('Created.')).toBeVisible();
  await signOut(page);

  await signIn(page, '/index', user, PASSWORD);
  const sider = page.locator('.cf-sider');
  await expect(sider.getByRole('link', { name: 'Task report' })).toBeVisible();
  await signOut(page);

  await signIn(page, '/user/role', 'dealerA', DEMO_PASSWORD);
  await page.getByTestId(`role-edit:${role}`).click();
  await expect(page.getByTestId('role-form').locator('#name')).toHaveValue(role);
  await tick('reportChart').click();
  await expect(tick('reportChart')).not.toHaveClass(/ant-tree-checkbox-checked/);
  await page.getByTestId('role-save').click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await signOut(page);

  await signIn(page, '/index', user, PASSWORD);
  await expect(sider.getByRole('link', { name: 'Status monitoring' })).toBeVisible();
  await expect(sider.getByRole('link', { name: 'Task report' })).toHaveCount(0);
  await page.goto('/reportChart');
  await expect(page.getByText('Your account does not have permission to open this page.')).toBeVisible();
});

test('the avatar: a 3 MB picture is refused, a small one is cropped, uploaded and shown', async ({ page }) => {
  test.slow(); // two dialogs, an upload and the header's new picture: 50 s on a loaded machine
  await signIn(page, '/index', ADMIN.account, ADMIN.password);
  let menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: 'Change avatar' }).click();
  await page.getByTestId('avatar-save').click();
  await expect(page.getByTestId('avatar-problem')).toHaveText('Please select a picture.');

  await page.getByTestId('avatar-file').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(3 * 1024 * 1024, 1) });
  await expect(page.getByTestId('avatar-problem')).toHaveText('The picture must not be larger than 2 MB.');

  await page.getByTestId('avatar-file').setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: await pngBytes(page, 180, 120) });
  await expect(page.getByTestId('avatar-problem')).toHaveCount(0);
  await expect(page.getByTestId('avatar-preview')).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/users-avatar-crop-en.png` });
  await page.getByTestId('avatar-save').click();
  await expect(page.getByText('Avatar changed.')).toBeVisible();
  const headerAvatar = page.getByTestId('user-menu').locator('img');
  await expect(headerAvatar).toHaveAttribute('src', /\/api\/storage\/[0-9a-f]{32}/);
  // its size once the browser has loaded it (0 × 0 until then)
  await expect.poll(() => headerAvatar.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
    .toEqual([60, 60]);

  // The profile and password dialogs check their fields too.
  menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: 'Change password' }).click();
  await page.getByTestId('password-save').click();
  await expect(dialog(page).getByText('Fill in this field.').first()).toBeVisible(); // the empty passwords
  await page.getByTestId('password-form').locator('#newPassword').fill('Another123');
  await page.getByTestId('password-form').locator('#confirm').fill('Another124');
  await expect(dialog(page)).toContainText('The two passwords are different.');
});

test('shadow users and role groups: create, change, assign with child users, delete', async ({ page }) => {
  test.slow(); // several dialogs on a machine shared with other runs
  const shadow = `shade${runId}`;
  const group = `Night team ${runId}`;
  await signIn(page, '/user/userShadow', 'dealerB', DEMO_PASSWORD);
  await page.getByTestId('shadow-add').click();
  const form = page.getByTestId('shadow-form');
  await form.locator('#account').fill(shadow);
  await form.locator('#name').fill(`Shade ${runId}`);
  await form.locator('#password').fill(PASSWORD);
  await form.locator('#confirm').fill(PASSWORD);
  await save(page);
  await expect(dialog(page)).toContainText('Choose an option.');
  await page.getByTestId('shadow-roles').click();
  await page.keyboard.type('Ordinary');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await save(page);
  await expect(page.getByText('Created.')).toBeVisible();
  await expect(page.getByTestId(`shadow-row:${shadow}`)).toBeVisible();
  await page.getByTestId(`shadow-edit:${shadow}`).click();
  await form.locator('#name').fill(`Shade renamed ${runId}`);
  await save(page);
  await expect(page.locator('tr', { has: page.getByTestId(`shadow-row:${shadow}`) })).toContainText(`Shade renamed ${runId}`);
  await page.getByTestId(`shadow-delete:${shadow}`).click();
  await page.getByTestId('confirm-delete-shadow').click();
  await expect(page.getByTestId(`shadow-row:${shadow}`)).toHaveCount(0);

  await page.goto('/user/index/role_group');
  await page.getByTestId('group-add').click();
  await page.getByTestId('group-form').locator('#name').fill(group);
  await dialog(page).getByRole('checkbox', { name: /Ordinary user/ }).check();
  await save(page);
  await expect(page.getByTestId(`group-row:${group}`)).toBeVisible();
  await page.getByTestId(`group-assign:${group}`).click();
  await page.getByTestId('group-assign-users').click();
  await page.keyboard.type('userB1');
  await chooseOption(page, 'userB1');
  await page.keyboard.press('Escape');
  await dialog(page).getByRole('checkbox', { name: 'Also all their child users' }).check();
  await dialog(page).getByRole('button', { name: 'Assign' }).click();
  await expect(page.getByText('Role group given to 2 users.')).toBeVisible();
  await page.getByTestId(`group-delete:${group}`).click();
  await page.getByTestId('confirm-delete-group').click();
  await expect(page.getByText('Role group deleted; 2 users had it.')).toBeVisible();
});

test('a read-only assistant sees the lists but no buttons it has no key for', async ({ page }) => {
  await signIn(page, '/user/index', 'shadowA', DEMO_PASSWORD);
  await expect(page.getByTestId('user-row:userA1')).toBeVisible();
  await expect(page.getByTestId('user-add')).toHaveCount(0);
  await expect(page.getByTestId('user-edit:userA1')).toHaveCount(0);
  await expect(page.getByTestId('user-more:userA1')).toHaveCount(0);
  await page.goto('/user/role');
  await expect(page.getByTestId('role-view:Site supervisor')).toBeVisible();
  await expect(page.getByTestId('role-add')).toHaveCount(0);
  await expect(page.getByTestId('role-edit:Site supervisor')).toHaveCount(0);
  await page.goto('/user/index/role_group');
  await expect(page.getByTestId('group-row:Site team')).toBeVisible();
  await expect(page.getByTestId('group-add')).toHaveCount(0);
  await expect(page.getByTestId('group-edit:Site team')).toHaveCount(0);
});

test('pad customisation: images of the exact sizes, about-us text and a theme colour', async ({ page }) => {
  test.slow(); // several sign-ins and dialogs on a machine shared with other runs
  await signIn(page, '/index', 'dealerB', DEMO_PASSWORD);
  const menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: 'Pad customisation' }).click();
  await expect(page.getByTestId('pad-form')).toBeVisible();
  await save(page);
  // one message per missing image, at that image (issue 18: it printed six for five)
  await expect(dialog(page).locator('.cf-pad-images .ant-form-item-explain-error')).toHaveCount(5);
  await expect(dialog(page).locator('.ant-form-item-explain-error').filter({ hasText: 'Choose an image for “Main logo”.' })).toHaveCount(1);
  await expect(dialog(page)).toContainText('Write at least 2 characters.');

  await page.getByTestId('pad-file:mainLogo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await pngBytes(page, 600, 271) });
  await expect(page.getByTestId('pad-image:mainLogo')).toContainText('This picture is 600 × 271; it must be exactly 600 × 270 pixels.');
  const sizes = { loginBackground: [1280, 800], bootAnimation: [1280, 800], loginLogo: [800, 326], mainLogo: [600, 270], homeTiles: [326, 343] } as const;
  for (const [slot, [width, height]] of Object.entries(sizes)) {
    await page.getByTestId(`pad-file:${slot}`).setInputFiles({ name: `${slot}.png`, mimeType: 'image/png', buffer: await pngBytes(page, width, height) });
    await expect(page.getByTestId(`pad-image:${slot}`).locator('img')).toHaveAttribute('src', /\/api\/storage\//);
  }
  await page.getByTestId('pad-form').locator('#aboutUs').fill('Northwind keeps malls clean.');
  await dialog(page).locator('.ant-radio-button-wrapper', { hasText: 'Purple' }).click();
  await save(page);
  await expect(page.getByText('Pad customisation saved.')).toBeVisible();

  const again = await openUserMenu(page);
  await again.getByRole('menuitem', { name: 'Pad customisation' }).click();
  await expect(page.getByTestId('pad-form').locator('#aboutUs')).toHaveValue('Northwind keeps malls clean.');
  await expect(dialog(page).getByRole('radio', { name: 'Purple' })).toBeChecked();
});

for (const language of ['zh-CN', 'en', 'ar']) {
  test(`screenshots of the user screens in ${language}`, async ({ page, context, baseURL }) => {
    test.slow(); // several sign-ins and dialogs on a machine shared with other runs
    await useLanguage(context, language, baseURL);
    await signIn(page, '/user/index', 'dealerA', DEMO_PASSWORD);
    const shot = (name: string) => page.screenshot({ path: `${ARTIFACTS}/users-${name}-${language}.png` });

    await page.locator('tr', { has: page.getByTestId('user-row:userA1') }).locator('.ant-table-row-expand-icon').click();
    await expect(page.getByTestId('user-row:subA1')).toBeVisible();
    await shot('tree');
    await page.getByTestId('user-more:userA1').click();
    await settled(page);
    await shot('actions');
    await page.getByTestId('user-action:roles').click();
    await expect(page.getByTestId('assign-roles')).toBeVisible();
    await settled(page);
    await shot('assign-roles');
    await page.keyboard.press('Escape');
    await page.getByTestId('user-more:userA1').click();
    await page.getByTestId('user-action:email').click();
    await expect(page.getByTestId('test-mail')).toBeVisible();
    await settled(page);
    await shot('email');
    await page.keyboard.press('Escape');
    await page.getByTestId('user-add').click();
    await expect(page.getByTestId('user-form')).toBeVisible();
    await settled(page);
    await shot('create');
    await page.keyboard.press('Escape');

    await page.goto('/user/userShadow');
    await expect(page.getByTestId('shadow-row:shadowA')).toBeVisible();
    await shot('shadows');
    await page.goto('/user/role');
    await expect(page.getByTestId('role-row:Site supervisor')).toBeVisible();
    await shot('roles');
    await page.getByTestId('role-edit:Site supervisor').click();
    await expect(page.getByTestId('role-form')).toBeVisible();
    await settled(page);
    await shot('role-editor');
    await page.keyboard.press('Escape');
    await page.goto('/user/index/role_group');
    await expect(page.getByTestId('group-row:Site team')).toBeVisible();
    await shot('role-groups');

    for (const [index, name] of ['profile', 'password', 'avatar', 'pad'].entries()) {
      const menu = await openUserMenu(page);
      await menu.getByRole('menuitem').nth(index).click();
      await expect(dialog(page)).toBeVisible();
      await settled(page);
      await shot(`dialog-${name}`);
      await page.keyboard.press('Escape');
      await expect(page.locator('.ant-modal-wrap:visible')).toHaveCount(0);
    }
  });
}
