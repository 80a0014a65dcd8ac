import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/session';
import { envelope, fakeServer, renderWithClient } from '@/test/api';
import { readIn } from '@/test/i18n';
import MyDataPage from './my-data-page';

const SLOW = { timeout: 10_000 };
const TEST_TIMEOUT = 30_000;
const { fetchMock, bodiesTo } = fakeServer();

const JOB: {
  [key: string]: unknown; link: string | null; linkExpiresAt: string | null; state: string; progress: number; id: number;
} = {
  id: 4, kind: 'person_export', subjectId: 5, subjectName: 'night', own: true, state: 'done', progress: 100, step: '',
  stepText: '', error: null, errorText: null, counts: {}, pseudonym: null, link: '/api/storage/signed/abc?sig=1',
  linkExpiresAt: '2026-01-09T03:04:00+00:00', createdAt: '2026-01-02T03:04:00+00:00', startedAt: null, finishedAt: null,
};
let jobs: (typeof JOB)[] = [];
let check = { userId: 9, account: 'leaver', allowed: true, reason: null as string | null };

const renderPage = (path = '/user/privacy') =>
  renderWithClient(
    <MemoryRouter initialEntries={[path]}>
      <MyDataPage />
    </MemoryRouter>,
  );

beforeAll(() => readIn('en'));

beforeEach(() => {
  jobs = [];
  check = { userId: 9, account: 'leaver', allowed: true, reason: null };
  useSessionStore.setState({
    token: 'tok',
    user: { userId: 5, account: 'night', name: 'Night shift', levelDepth: 3, shadowId: null, avatarUrl: '', language: 'en',
            permissionKeys: { 'user/index/export_data': true, 'user/index/erase': true } },
  });
  fetchMock.mockImplementation(async (path) => {
    const url = String(path);
    if (url === '/api/privacy/job/list') return envelope({ list: jobs, total: jobs.length, pageNum: 1, pageSize: 10 });
    if (url === '/api/privacy/job/get') return envelope(jobs[0]);
    if (url === '/api/privacy/export') {
      jobs = [{ ...JOB, id: 5, state: 'queued', progress: 0, link: null, linkExpiresAt: null }];
      return envelope(jobs[0]);
    }
    if (url === '/api/privacy/erase/check') return envelope(check);
    if (url === '/api/privacy/erase') return envelope({ ...JOB, id: 6, kind: 'person_erasure', state: 'queued', link: null });
    return envelope(null);
  });
});

afterEach(() => useSessionStore.setState({ token: null, user: null }));

describe('my data', () => {
  it('asks for the person\'s own export and shows its progress', async () => {
    renderPage();
    expect(await screen.findByText('No export or erasure yet', {}, SLOW)).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('export-data'));
    await waitFor(() => expect(bodiesTo('/api/privacy/export')).toEqual([{}]));
    expect(await screen.findByText('Waiting', {}, SLOW)).toBeInTheDocument();
  }, TEST_TIMEOUT);

  it('offers the download link of a finished export', async () => {
    jobs = [JOB];
    renderPage();
    const link = await screen.findByTestId('download-export', {}, SLOW);
    expect(link).toHaveAttribute('href', JOB.link);
  }, TEST_TIMEOUT);

  it('erases a user of the branch only after the account name is typed', async () => {
    renderPage('/user/privacy?userId=9');
    fireEvent.click(await screen.findByTestId('erase-person', {}, SLOW));
    const confirm = await screen.findByTestId('confirm-erase');
    expect(confirm).toBeDisabled();
    fireEvent.change(screen.getByTestId('erase-typed'), { target: { value: 'leaver' } });
    await waitFor(() => expect(confirm).toBeEnabled());
    fireEvent.click(confirm);
    await waitFor(() => expect(bodiesTo('/api/privacy/erase')).toEqual([{ userId: 9, confirm: 'leaver' }]));
  }, TEST_TIMEOUT);

  it('says what to do first when the person is the only administrator', async () => {
    check = { userId: 9, account: '', allowed: false, reason: 'leaver is the only person who can administer acme' };
    renderPage('/user/privacy?userId=9');
    expect(await screen.findByTestId('erase-refused', {}, SLOW)).toHaveTextContent('only person who can administer');
    expect(screen.queryByTestId('erase-person')).toBeNull();
  }, TEST_TIMEOUT);
});
