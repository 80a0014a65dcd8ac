/**
 * Single sign-on (issue 50 items 1-4) in Chromium against the real server and a real OpenID provider (the run's
 * e2e/oidc/provider.mjs, panva's OpenID-certified `oidc-provider`, started by playwright.config.ts), on a desk
 * (1440x900) and a phone (390x844). A fresh dealer (made by the saved admin session, with a customer below it and a
 * role of its own) adds its provider on the Identity providers page: issuer (tested), client id and secret, e-mail
 * domain, groups claim, and the table group → role with the customer as the landing node. A new person types their
 * e-mail on the sign-in page, gets "Sign in with <name>", signs in on the provider's own pages and lands in the
 * console, created under the customer with the roles of both their groups. A group removed at the provider, the
 * person exits (through the provider's sign-out, RP-initiated logout) and signs in again: its role is gone.
 * Screenshots of the providers page and of the sign-in page with the button, in English and Chinese.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ARTIFACTS, axeProblems, expectSignedIn, OPEN_DROPDOWN, openUserMenu, savedSession, settled, signedCall, signIn } from './helpers';
import { JOURNEY_MOTION, OIDC_CLIENT, OIDC_ISSUER } from './ports';

const PASSWORD = 'Start12345';
const PROVIDER_PASSWORD = 'provider-pw-7';
const ROLE_DEALER = 16;
const ROLE_USER = 11; // "ordinary user"
const runId = Date.now().toString(36);
const VIEWPORTS = [
  { name: 'desk', viewport: { width: 1440, height: 900 }, isMobile: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true },
] as const;

interface Branch {
  dealer: string;
  customerId: number;
  customerName: string;
  leadRole: string;
  leadRoleId: number;
}

/** The provider's people (the test's own door of e2e/oidc/provider.mjs): login → password, e-mail, groups. */
async function providerPeople(people: Record<string, { email: string; name: string; groups: string[] }>) {
  const body = Object.fromEntries(Object.entries(people).map(([login, person]) => [login, { ...person, password: PROVIDER_PASSWORD }]));
  const answer = await fetch(`${OIDC_ISSUER}/_test/people`, { method: 'POST', body: JSON.stringify(body) });
  expect(answer.status).toBe(204);
}

/** The admin makes a dealer and its customer; the dealer makes a role of its own ("Shift lead"). */
async function freshBranch(browser: Browser, baseURL: string | undefined, tag: string): Promise<Branch> {
  const context = await browser.newContext({ reducedMotion: JOURNEY_MOTION, baseURL, storageState: savedSession('admin') });
  const page = await context.newPage();
  await page.goto('/index');
  const dealer = `ssodealer${tag}`;
  const made = await signedCall<{ userId: number }>(page, '/api/user/insertUser', {
    account: dealer, name: `Harbour Dealer ${tag}`, password: PASSWORD, levelDepth: 2, roleIds: [ROLE_DEALER],
  });
  expect(made.message.code, made.message.message).toBe(0);
  const customerName = `Airport ${tag}`;
  const customer = await signedCall<{ userId: number }>(page, '/api/user/insertUser', {
    account: `ssocust${tag}`, name: customerName, password: PASSWORD, levelDepth: 3, parentId: made.data.userId,
  });
  expect(customer.message.code, customer.message.message).toBe(0);
  await context.close();
  return { dealer, customerId: customer.data.userId, customerName, leadRole: `Shift lead ${tag}`, leadRoleId: 0 };
}

/** The customer in the owner tree of the open picker (its dealer's branch opened when it is not listed yet). */
async function pickCustomer(page: Page, picker: string, branch: Branch) {
  await page.getByTestId(picker).click();
  const popup = page.locator(OPEN_DROPDOWN).last();
  const customer = popup.getByTitle(`${branch.customerName} (ssocust`, { exact: false });
  const closed = popup.locator('.ant-select-tree-treenode', { hasText: branch.dealer }).locator('.ant-select-tree-switcher_close');
  await expect(customer.or(closed)).toBeVisible();
  if (await closed.isVisible()) await closed.click();
  await customer.click();
}

async function chooseOption(page: Page, testId: string, label: string) {
  await page.getByTestId(testId).click();
  await page.locator(OPEN_DROPDOWN).last().locator('.ant-select-item-option', { hasText: label }).first().click();
}

/** The dealer adds its provider on the Identity providers page (the dialog, the discovery test, the table). */
async function addProvider(page: Page, branch: Branch, name: string, domain: string) {
  await page.getByTestId('add-provider').click();
  const form = page.getByTestId('provider-form');
  await expect(form).toBeVisible();
  await page.getByTestId('provider-name').fill(name);
  await page.getByTestId('provider-issuer').fill(OIDC_ISSUER);
  await page.getByTestId('test-provider').click();
  await expect(page.getByTestId('provider-test-result')).toContainText(`${OIDC_ISSUER}/auth`);
  await page.getByTestId('provider-client-id').fill(OIDC_CLIENT.id);
  await page.getByTestId('provider-client-secret').fill(OIDC_CLIENT.secret);
  await page.getByTestId('provider-scopes').fill('openid email profile groups');
  await expect(page.getByTestId('provider-groups-claim')).toHaveValue('groups');
  await page.getByTestId('provider-domains').click();
  await page.keyboard.type(domain);
  await page.keyboard.press('Enter');
  for (const [row, group, role] of [[0, 'cleaners', 'Ordinary user'], [1, 'supervisors', branch.leadRole]] as const) {
    await page.getByTestId('add-group').click();
    await page.getByTestId(`group-name-${row}`).fill(group);
    await chooseOption(page, `group-role-${row}`, role);
    await pickCustomer(page, `group-node-${row}`, branch);
  }
  await settled(page);
  await page.screenshot({ path: `${ARTIFACTS}/sso-provider-dialog-${page.viewportSize()?.width === 390 ? 'phone' : 'desk'}.png` });
  await page.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(page.getByText('Provider saved.')).toBeVisible();
  await expect(form).toHaveCount(0);
}

/** The provider's own pages, as the person uses them: its sign-in form (the e-mail already in it), its consent. */
async function throughProvider(page: Page, email: string) {
  await expect(page).toHaveURL(new RegExp(`^${OIDC_ISSUER}/interaction/`));
  await expect(page.getByRole('heading', { name: 'Test provider: Sign in' })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue(email); // the login hint the console passed on
  await page.getByLabel('Password').fill(PROVIDER_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const allow = page.getByRole('button', { name: 'Allow' });
  await expect(allow.or(page.getByTestId('user-menu'))).toBeVisible({ timeout: 30_000 });
  if (await allow.isVisible()) await allow.click();
  await expectSignedIn(page);
}

/** The sign-in page with an e-mail of the provider's domain typed: "Sign in with <name>" shows. */
async function providerButton(page: Page, email: string, name: string, text: string) {
  await page.goto('/login');
  await page.locator('#account').fill(email);
  const button = page.getByTestId('sso-providers').getByRole('link', { name: text.replace('{name}', name) });
  await expect(button).toBeVisible();
  return button;
}

/** The person's roles, as the dealer's user list has them (the customer's children). */
async function rolesOf(page: Page, branch: Branch, email: string): Promise<{ account: string; parentId: number | null; roleIds: number[] }> {
  const found = await signedCall<{ childs: { list: { account: string; email: string; parentId: number | null; roleIds: number[] }[] } }>(
    page, '/api/user/selectUserInfo', { userId: branch.customerId, showChild: true, pageSize: 100 });
  expect(found.message.code, found.message.message).toBe(0);
  const person = found.data.childs.list.find((user) => user.email === email);
  expect(person, `a person with ${email} under the customer`).toBeTruthy();
  return person!;
}

for (const { name, viewport, isMobile } of VIEWPORTS) {
  test(`a dealer adds its identity provider; a new person signs in through it, and a removed group removes the role (${name})`, async ({ browser, baseURL }) => {
    test.slow(); // a provider's round trips and several sign-ins on a machine shared with other runs
    const tag = `${name}${runId}`;
    const branch = await freshBranch(browser, baseURL, tag);
    const options = { reducedMotion: JOURNEY_MOTION, baseURL, locale: 'en-US', viewport, isMobile, hasTouch: isMobile };

    // the dealer: a role of its own, then its provider on the Identity providers page
    const dealerContext = await browser.newContext(options);
    const desk = await dealerContext.newPage();
    await signIn(desk, '/user/sso', branch.dealer, PASSWORD);
    const role = await signedCall<{ id: number }>(desk, '/api/user/role/insert', { name: branch.leadRole, keys: ['index', 'user/index'] });
    expect(role.message.code, role.message.message).toBe(0);
    branch.leadRoleId = role.data.id;
    await expect(desk.getByTestId('sso-page')).toBeVisible();
    await expect(desk.getByText('No identity providers yet')).toBeVisible();
    const providerName = `Acme ${name}`;
    const domain = `acme-${tag}.test`;
    await addProvider(desk, branch, providerName, domain);
    const list = desk.getByTestId('sso-page');
    await expect(list.getByText(domain)).toBeVisible();
    await expect(list.getByText(`supervisors → ${branch.leadRole} under ssocust${tag}`)).toBeVisible();
    await settled(desk);
    expect(await axeProblems(desk), 'axe on the providers page').toEqual([]);
    await desk.screenshot({ path: `${ARTIFACTS}/sso-providers-${name}-en.png`, fullPage: true });
    await dealerContext.addCookies([{ name: 'language', value: 'zh-CN', url: baseURL! }]);
    await desk.reload();
    await expect(desk.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(desk.getByTestId('sso-page')).toContainText(domain);
    await settled(desk);
    await desk.screenshot({ path: `${ARTIFACTS}/sso-providers-${name}-zh-CN.png`, fullPage: true });
    await dealerContext.addCookies([{ name: 'language', value: 'en', url: baseURL! }]);
    await desk.reload();

    // the provider knows the person: both groups
    const email = `mia.${tag}@${domain}`;
    await providerPeople({ [email]: { email, name: `Mia Chen ${name}`, groups: ['cleaners', 'supervisors'] } });

    // the person: the sign-in page offers the provider for their e-mail (shown in Chinese and English)
    const personContext = await browser.newContext(options);
    const person = await personContext.newPage();
    await personContext.addCookies([{ name: 'language', value: 'zh-CN', url: baseURL! }]);
    await providerButton(person, email, providerName, '使用 {name} 登录');
    await settled(person);
    await person.screenshot({ path: `${ARTIFACTS}/sso-login-button-${name}-zh-CN.png`, fullPage: true });
    await personContext.addCookies([{ name: 'language', value: 'en', url: baseURL! }]);
    const button = await providerButton(person, email, providerName, 'Sign in with {name}');
    await settled(person);
    await person.screenshot({ path: `${ARTIFACTS}/sso-login-button-${name}-en.png`, fullPage: true });
    await button.click();
    await throughProvider(person, email);

    // created just in time under the customer, with the roles of both groups
    const first = await rolesOf(desk, branch, email);
    expect(first.parentId).toBe(branch.customerId);
    expect(first.roleIds.toSorted((a, b) => a - b)).toEqual([ROLE_USER, branch.leadRoleId].toSorted((a, b) => a - b));

    // a group removed at the provider; the person exits through the provider's sign-out and signs in again
    await providerPeople({ [email]: { email, name: `Mia Chen ${name}`, groups: ['cleaners'] } });
    const menu = await openUserMenu(person);
    await menu.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(person).toHaveURL(new RegExp(`^${OIDC_ISSUER}/session/end`));
    await person.getByRole('button', { name: 'Yes, sign me out' }).click();
    await expect(person).toHaveURL(/\/login$/);
    await (await providerButton(person, email, providerName, 'Sign in with {name}')).click();
    await throughProvider(person, email);
    const again = await rolesOf(desk, branch, email);
    expect(again.account).toBe(first.account); // the same person, not a second account
    expect(again.roleIds).toEqual([ROLE_USER]);

    await personContext.close();
    await dealerContext.close();
  });
}
