import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/session';
import { envelope, fakeServer, renderWithClient } from '@/test/api';
import { readIn } from '@/test/i18n';
import type { SiteDetail } from '../api/sites';
import { fileNameOf } from '../api/report';
import { ReportPanel } from './report-panel';

const SLOW = { timeout: 10_000 };
const TEST_TIMEOUT = 30_000;
const SITE = {
  siteId: 7, siteName: 'City Hospital', address: '', timeZone: 'Europe/Paris', userId: 3, userName: 'Hospital group',
  buildingCount: 0, floorCount: 0, robotCount: 0, planItemCount: 0, createTime: '', updateTime: '', robots: [], buildings: [],
} as SiteDetail;
const SCHEDULE = {
  siteId: 7, enabled: true, period: 'week', lastSent: '2026-11-16', updateTime: '2026-11-20T10:00:00+00:00',
  recipients: [{ email: 'facilities@example.com', language: 'en' }],
  nextSend: '2026-11-30T00:00:00+00:00', nextStart: '2026-11-23', nextEnd: '2026-11-29',
};
const SENT = { siteId: 7, period: 'week', start: '2026-11-16', end: '2026-11-22', sent: ['facilities@example.com'], failed: [] };

const { fetchMock, notifyError, bodiesTo } = fakeServer();
let saveReply: () => Response;

function signIn(keys: Record<string, true>) {
  useSessionStore.setState({
    token: 'tok',
    user: { userId: 1, account: 'admin', name: 'Admin', levelDepth: 1, shadowId: null, avatarUrl: '', language: 'en', permissionKeys: keys },
  });
}

beforeAll(() => readIn('en'));

beforeEach(() => {
  signIn({ 'site/index': true, 'site/index/edit': true });
  saveReply = () => envelope(SCHEDULE);
  fetchMock.mockImplementation(async (path) => {
    const url = String(path);
    if (url === '/api/site/report/schedule/get') return envelope(SCHEDULE);
    if (url === '/api/site/report/schedule/set') return saveReply();
    if (url === '/api/site/report/send') return envelope(SENT);
    if (url === '/api/site/report/pdf') {
      return new Response('%PDF-1.4', {
        status: 200,
        headers: { 'content-type': 'application/pdf', 'content-disposition': "attachment; filename*=UTF-8''City%20Hospital%202026-11-01_2026-11-30.pdf" },
      });
    }
    return envelope(null);
  });
  URL.createObjectURL = vi.fn<(blob: Blob) => string>(() => 'blob:report');
  URL.revokeObjectURL = vi.fn<(url: string) => void>();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});

afterEach(() => {
  useSessionStore.setState({ token: null, user: null });
  vi.restoreAllMocks();
});

describe('the site report panel', () => {
  it('reads the file name the server gives', () => {
    expect(fileNameOf("attachment; filename*=UTF-8''Mall%20%E5%95%86%E5%9C%BA.pdf", 'pdf')).toBe('Mall 商场.pdf');
    expect(fileNameOf(null, 'xlsx')).toBe('site-report.xlsx');
  });

  it('downloads the month as a PDF and says so', async () => {
    renderWithClient(<ReportPanel site={SITE} />);
    fireEvent.click(await screen.findByTestId('report-pdf', {}, SLOW));
    expect(await screen.findByText('City Hospital 2026-11-01_2026-11-30.pdf downloaded', {}, SLOW)).toBeInTheDocument();
    expect(bodiesTo('/api/site/report/pdf')).toEqual([{ siteId: 7, period: 'month', day: null }]);
    expect(HTMLAnchorElement.prototype.click).toHaveBeenCalledTimes(1);
  }, TEST_TIMEOUT);

  it('shows the schedule and saves it with a new recipient', async () => {
    renderWithClient(<ReportPanel site={SITE} />);
    expect(await screen.findByDisplayValue('facilities@example.com', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Last mailed: the period from 2026-11-16')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('report-add-recipient'));
    const emails = await screen.findAllByRole('textbox', { name: 'E-mail' });
    fireEvent.change(emails[1]!, { target: { value: 'boss@example.com' } });
    fireEvent.click(screen.getByTestId('report-save'));
    await waitFor(() => expect(bodiesTo('/api/site/report/schedule/set')).toHaveLength(1), SLOW);
    expect(bodiesTo('/api/site/report/schedule/set')[0]).toEqual({
      siteId: 7, enabled: true, period: 'week',
      recipients: [{ email: 'facilities@example.com', language: 'en' }, { email: 'boss@example.com', language: 'zh-CN' }],
    });
    expect(await screen.findByText('Report schedule saved', {}, SLOW)).toBeInTheDocument();
  }, TEST_TIMEOUT);

  it('shows the server’s refusal under the recipient’s field, not as a toast', async () => {
    saveReply = () => envelope(null, 10001, 'nobody@ is not an e-mail address', 'recipients.0.email');
    renderWithClient(<ReportPanel site={SITE} />);
    await screen.findByDisplayValue('facilities@example.com', {}, SLOW);
    fireEvent.click(screen.getByTestId('report-save'));
    expect(await screen.findByText('nobody@ is not an e-mail address', {}, SLOW)).toBeInTheDocument();
    await new Promise((done) => setTimeout(done, 10));
    expect(notifyError).not.toHaveBeenCalled();
  }, TEST_TIMEOUT);

  it('lets a reader without the edit key see the schedule but not save it', async () => {
    signIn({ 'site/actual': true });
    renderWithClient(<ReportPanel site={SITE} />);
    expect(await screen.findByDisplayValue('facilities@example.com', {}, SLOW)).toBeDisabled();
    expect(screen.queryByTestId('report-save')).toBeNull();
  }, TEST_TIMEOUT);

  it('shows when the next mail goes on the site’s clock', async () => {
    renderWithClient(<ReportPanel site={SITE} />);
    expect(await screen.findByTestId('report-next-send', {}, SLOW)).toHaveTextContent(
      'Next mail: 2026-11-30 01:00 (Europe/Paris), with the period 2026-11-23 to 2026-11-29',
    );
  }, TEST_TIMEOUT);

  it('sends the report to the recipients now and says to whom', async () => {
    renderWithClient(<ReportPanel site={SITE} />);
    fireEvent.click(await screen.findByTestId('report-send-recipients', {}, SLOW));
    expect(await screen.findByText('Report 2026-11-16 to 2026-11-22 sent to facilities@example.com', {}, SLOW)).toBeInTheDocument();
    expect(bodiesTo('/api/site/report/send')).toEqual([{ siteId: 7, to: 'recipients' }]);
  }, TEST_TIMEOUT);

  it('lets a reader without the edit key send the report to themselves only', async () => {
    signIn({ 'site/actual': true });
    renderWithClient(<ReportPanel site={SITE} />);
    fireEvent.click(await screen.findByTestId('report-send-me', {}, SLOW));
    await waitFor(() => expect(bodiesTo('/api/site/report/send')).toEqual([{ siteId: 7, to: 'me' }]), SLOW);
    expect(screen.queryByTestId('report-send-recipients')).toBeNull();
  }, TEST_TIMEOUT);
});
