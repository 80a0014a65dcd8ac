import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/session';
import { envelope, fakeServer, renderWithClient } from '@/test/api';
import { readIn } from '@/test/i18n';
import SiteListPage from './site-list-page';

const SLOW = { timeout: 10_000 };
const TEST_TIMEOUT = 30_000;

const SITE = {
  siteId: 7, siteName: 'City Hospital', address: '1 Ward Road', timeZone: 'Asia/Shanghai', userId: 3, userName: 'Hospital group',
  buildingCount: 2, floorCount: 5, robotCount: 3, planItemCount: 4, createTime: '2026-11-20T08:00:00+00:00', updateTime: '2026-11-20T08:00:00+00:00',
};

const { fetchMock, notifyError, bodiesTo } = fakeServer();

function signInWith(...keys: string[]) {
  useSessionStore.setState({
    token: 'tok',
    user: { userId: 1, account: 'admin', name: 'Admin', levelDepth: 1, shadowId: null, avatarUrl: '', language: 'en', permissionKeys: Object.fromEntries(keys.map((k) => [k, true])) },
  });
}

function renderPage() {
  return renderWithClient(
    <MemoryRouter initialEntries={['/site/index']}>
      <SiteListPage />
    </MemoryRouter>,
  );
}

beforeAll(() => readIn('en'));

beforeEach(() => {
  signInWith('site/index', 'site/index/add', 'site/index/edit', 'site/index/delete');
  fetchMock.mockImplementation(async (path) => {
    if (String(path) === '/api/site/list') return envelope({ list: [SITE], total: 1, pageNum: 1, pageSize: 20 });
    if (String(path) === '/api/site/insert') return envelope({ ...SITE, siteId: 8, siteName: 'Airport' });
    if (String(path) === '/api/site/delete') return envelope({ siteId: 7 });
    return envelope([]);
  });
});

afterEach(() => useSessionStore.setState({ token: null, user: null }));

describe('the sites list', () => {
  it('shows each site with its customer, zone and counts', async () => {
    renderPage();
    const row = (await screen.findByTestId('open-site-City Hospital', {}, SLOW)).closest('tr')!;
    expect(row).toHaveTextContent('Hospital group');
    expect(row).toHaveTextContent('Asia/Shanghai');
    expect(row).toHaveTextContent('UTC+08:00');
    expect([...row.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(expect.arrayContaining(['2', '5', '3', '4']));
  }, TEST_TIMEOUT);

  it('adds a site with its name and time zone, and says so', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('add-site', {}, SLOW));
    const form = await screen.findByTestId('site-form', {}, SLOW);
    fireEvent.change(within(form).getByTestId('site-name'), { target: { value: 'Airport' } });
    fireEvent.change(within(form).getByTestId('site-address'), { target: { value: 'Terminal 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesTo('/api/site/insert')).toHaveLength(1), SLOW);
    // the reader's own zone by default (the tests run in UTC)
    expect(bodiesTo('/api/site/insert')[0]).toEqual({ siteName: 'Airport', address: 'Terminal 2', timeZone: 'UTC' });
    expect(await screen.findByText('Site added.', {}, SLOW)).toBeInTheDocument();
  }, TEST_TIMEOUT);

  it('shows a refusal of the name under the name, in the screen’s words, without a toast', async () => {
    fetchMock.mockImplementation(async (path) =>
      String(path) === '/api/site/insert'
        ? envelope(null, 10002, 'This customer already has a site named Airport', 'siteName')
        : String(path) === '/api/site/list'
          ? envelope({ list: [], total: 0, pageNum: 1, pageSize: 20 })
          : envelope([]),
    );
    renderPage();
    expect(await screen.findByText('No sites yet', {}, SLOW)).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('add-site'));
    const form = await screen.findByTestId('site-form', {}, SLOW);
    fireEvent.change(within(form).getByTestId('site-name'), { target: { value: 'Airport' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('This customer already has a site named Airport', {}, SLOW)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(notifyError).not.toHaveBeenCalled();
    expect(screen.getByTestId('site-form')).toBeInTheDocument();
  }, TEST_TIMEOUT);

  it('deletes a site only after its confirmation', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('delete-site-City Hospital', {}, SLOW));
    const question = await screen.findByText(/Delete the site "City Hospital"/, {}, SLOW);
    expect(bodiesTo('/api/site/delete')).toEqual([]);
    fireEvent.click(within(question.closest('.ant-popover')!).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(bodiesTo('/api/site/delete')).toEqual([{ siteId: 7 }]), SLOW);
    expect(await screen.findByText('Site deleted.', {}, SLOW)).toBeInTheDocument();
  }, TEST_TIMEOUT);

  it('shows add, edit and delete only with their keys', async () => {
    signInWith('site/index');
    renderPage();
    expect(await screen.findByTestId('open-site-City Hospital', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByTestId('add-site')).toBeNull();
    expect(screen.queryByTestId('edit-site-City Hospital')).toBeNull();
    expect(screen.queryByTestId('delete-site-City Hospital')).toBeNull();
    expect(screen.getByTestId('site-detail-City Hospital')).toBeInTheDocument();
  }, TEST_TIMEOUT);
});
