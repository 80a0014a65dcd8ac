import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Code } from '@/api/codes';
import { useSessionStore } from '@/lib/session';
import { envelope, fakeServer, renderWithClient } from '@/test/api';
import { readIn } from '@/test/i18n';
import type { UserRow } from '../api/types';
import { EndCustomerDialog } from './end-customer-dialog';
import { userActions } from './user-columns';

const SLOW = { timeout: 10_000 };
const TEST_TIMEOUT = 30_000;
const { fetchMock, bodiesTo } = fakeServer();

const CUSTOMER = { userId: 31, account: 'acme', name: 'Acme Cleaning', levelDepth: 3 } as UserRow;
const counts = (robots: string) => ({
  people: 3, robots: robots === 'remove' ? 2 : 0, robotsHandedOver: robots === 'remove' ? 0 : 2, maps: 40, reports: 1203,
  alarms: 0, incidents: 1, sites: 0, logs: 0, backups: 0, files: 12, bytes: 2.1 * 1024 ** 3, records: 1500, tables: [],
});
const JOB = {
  id: 77, kind: 'customer_end', subjectId: 31, subjectName: 'Acme Cleaning', own: false, state: 'running', progress: 40,
  step: 'customerend.STEP_RECORDS', stepText: 'Deleting records', error: null, errorText: null, counts: {}, pseudonym: null,
  link: null, linkExpiresAt: null, createdAt: '2026-01-02T03:04:00+00:00', startedAt: '2026-01-02T03:04:01+00:00', finishedAt: null,
};
const RECEIPT = {
  jobId: 77, customerId: 31, customerName: 'Acme Cleaning', customerAccount: 'acme', dealerId: 2, dealerName: 'North Dealer',
  robots: 'handover', requestedBy: 2, requestedByAccount: 'north', startedAt: '2026-01-02T03:04:01+00:00',
  finishedAt: '2026-01-02T03:05:10+00:00', removed: counts('handover'), handedOver: [{ id: 5, serialNumber: 'CF3-0009', name: 'Lobby' }],
  auditRowsPseudonymised: 17,
};
/** What /privacy/job/get answers now (the test moves the job on). */
let job: Record<string, unknown> = JOB;
let refuseConfirm = false;

beforeAll(() => readIn('en'));

beforeEach(() => {
  job = JOB;
  refuseConfirm = false;
  useSessionStore.setState({
    token: 'tok',
    user: { userId: 2, account: 'north', name: 'North Dealer', levelDepth: 2, shadowId: null, avatarUrl: '', language: 'en',
            permissionKeys: { 'user/index/end_customer': true } },
  });
  fetchMock.mockImplementation(async (path, init) => {
    const url = String(path);
    const body = JSON.parse(String(init?.body ?? '{}')) as { robots?: string };
    if (url === '/api/customer/end/preview') {
      const robots = body.robots ?? 'handover';
      return envelope({ userId: 31, name: 'Acme Cleaning', account: 'acme', dealerId: 2, dealerName: 'North Dealer', robots, counts: counts(robots) });
    }
    if (url === '/api/customer/end/start') {
      if (refuseConfirm) return envelope(null, Code.badParameter, 'Type the customer\'s name "Acme Cleaning" exactly to confirm', 'confirm');
      return envelope({ jobId: 77 });
    }
    if (url === '/api/privacy/job/get') return envelope(job);
    if (url === '/api/customer/end/receipt') return envelope(RECEIPT);
    if (url === '/api/customer/end/receipt/pdf') {
      return new Response('%PDF-1.4', {
        status: 200,
        headers: { 'content-type': 'application/pdf', 'content-disposition': "attachment; filename*=UTF-8''customer-end-acme-77.pdf" },
      });
    }
    return envelope(null);
  });
});

afterEach(() => useSessionStore.setState({ token: null, user: null }));

const holding = (...keys: string[]) => (...wanted: string[]) => wanted.some((key) => keys.includes(key));
const typeName = (value: string) => fireEvent.change(screen.getByTestId('end-typed'), { target: { value } });

/** Types the name and presses "End customer" once it is enabled. */
async function confirmWith(value: string) {
  typeName(value);
  await waitFor(() => expect(screen.getByTestId('end-confirm')).toBeEnabled());
  fireEvent.click(screen.getByTestId('end-confirm'));
}

describe('ending a customer', () => {
  it('offers "End customer" only on a customer, and only with its key', () => {
    const t = ((key: string) => key) as never;
    const keysOf = (levelDepth: number, can = holding('user/index/end_customer')) =>
      userActions(t, can, { ...CUSTOMER, levelDepth }).map((item) => item.key);
    expect(keysOf(3)).toEqual(['endCustomer']);
    expect(keysOf(2)).toEqual([]);
    expect(keysOf(4)).toEqual([]);
    expect(keysOf(3, holding('user/index/delete'))).toEqual(['delete']);
  });

  it('names what goes, asks for the name, then shows the progress and the receipt', async () => {
    renderWithClient(<EndCustomerDialog user={CUSTOMER} onClose={() => undefined} />);
    const preview = await screen.findByTestId('end-preview', {}, SLOW);
    for (const line of ['3 people', '2 robots handed over to the dealer', '40 maps', '1203 reports', '1 incident', '12 files (2.1 GB)', 'Records in all: 1500']) {
      expect(within(preview).getByText(line)).toBeInTheDocument();
    }
    expect(within(preview).queryByText(/alarm/)).toBeNull();
    expect(screen.getByText('Hand them over to the dealer North Dealer, without the customer\'s history')).toBeInTheDocument();

    const confirm = screen.getByTestId('end-confirm');
    expect(confirm).toBeDisabled();
    typeName('acme'); // the login name is not the name the server checks
    expect(confirm).toBeDisabled();
    typeName('Acme Cleanin');
    expect(confirm).toBeDisabled();
    typeName('Acme Cleaning');
    await waitFor(() => expect(confirm).toBeEnabled());
    fireEvent.click(confirm);
    await waitFor(() => expect(bodiesTo('/api/customer/end/start')).toEqual([{ userId: 31, robots: 'handover', confirm: 'Acme Cleaning' }]));

    const progress = await screen.findByTestId('end-progress', {}, SLOW);
    await waitFor(() => expect(progress).toHaveAttribute('data-percent', '40'), SLOW);
    expect(within(progress).getByText('Deleting records')).toBeInTheDocument();
    expect(within(progress).getByRole('progressbar', { name: 'Ending Acme Cleaning' })).toBeInTheDocument();
    expect(screen.getByText(/goes on in the background/)).toBeInTheDocument();
    expect(bodiesTo('/api/customer/end/receipt')).toEqual([]);

    job = { ...JOB, state: 'done', progress: 100, stepText: 'Finished', finishedAt: RECEIPT.finishedAt };

    const receipt = await screen.findByTestId('end-receipt', {}, SLOW);
    expect(progress).toHaveAttribute('data-state', 'done');
    expect(within(progress).queryByText('Deleting records')).toBeNull(); // a finished job names no step
    expect(bodiesTo('/api/customer/end/receipt')).toEqual([{ jobId: 77 }]);
    expect(within(receipt).getByText('Acme Cleaning (acme)')).toBeInTheDocument();
    expect(within(receipt).getByText('north')).toBeInTheDocument();
    expect(within(receipt).getByText('CF3-0009 Lobby')).toBeInTheDocument();
    expect(within(receipt).getByText('17')).toBeInTheDocument();
    expect(within(receipt).getByText('1203 reports')).toBeInTheDocument();
    expect(within(receipt).getByTestId('end-receipt-download')).toHaveTextContent('Download receipt (JSON)');
    expect(screen.queryByText(/goes on in the background/)).toBeNull();

    URL.createObjectURL = vi.fn<(blob: Blob) => string>(() => 'blob:receipt');
    URL.revokeObjectURL = vi.fn<(url: string) => void>();
    const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.click(within(receipt).getByTestId('end-receipt-pdf'));
    expect(await screen.findByText('Receipt saved.', {}, SLOW)).toBeInTheDocument();
    expect(bodiesTo('/api/customer/end/receipt/pdf')).toEqual([{ jobId: 77 }]);
    expect(saved).toHaveBeenCalledTimes(1);
    saved.mockRestore();
  }, TEST_TIMEOUT);

  it('asks again what goes when the robots are to be removed', async () => {
    renderWithClient(<EndCustomerDialog user={CUSTOMER} onClose={() => undefined} />);
    await screen.findByTestId('end-preview', {}, SLOW);
    fireEvent.click(screen.getByLabelText('Remove their records too'));
    expect(await screen.findByText('2 robots\' records', {}, SLOW)).toBeInTheDocument();
    expect(bodiesTo('/api/customer/end/preview').map((body) => body.robots)).toEqual(['handover', 'remove']);
    await confirmWith('Acme Cleaning');
    await waitFor(() => expect(bodiesTo('/api/customer/end/start')).toEqual([{ userId: 31, robots: 'remove', confirm: 'Acme Cleaning' }]));
  }, TEST_TIMEOUT);

  it('shows the server\'s refusal of the name under the name field', async () => {
    refuseConfirm = true;
    renderWithClient(<EndCustomerDialog user={CUSTOMER} onClose={() => undefined} />);
    await screen.findByTestId('end-preview', {}, SLOW);
    await confirmWith(' Acme Cleaning ');
    const refusal = await screen.findByText(/exactly to confirm/, {}, SLOW);
    expect(refusal.closest('.ant-form-item')).toContainElement(screen.getByTestId('end-typed'));
    expect(screen.queryByTestId('end-progress')).toBeNull();
  }, TEST_TIMEOUT);

  it('says why a failed end failed', async () => {
    job = { ...JOB, state: 'failed', errorText: 'The job failed' };
    renderWithClient(<EndCustomerDialog user={CUSTOMER} onClose={() => undefined} />);
    await screen.findByTestId('end-preview', {}, SLOW);
    await confirmWith('Acme Cleaning');
    const progress = await screen.findByTestId('end-progress', {}, SLOW);
    await waitFor(() => expect(progress).toHaveAttribute('data-state', 'failed'), SLOW);
    expect(within(progress).getByRole('alert')).toHaveTextContent('The job failed');
    expect(screen.queryByTestId('end-receipt')).toBeNull();
  }, TEST_TIMEOUT);
});
