import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/session';
import { envelope, fakeServer, renderWithClient } from '@/test/api';
import { readIn } from '@/test/i18n';
import { DETAIL, INCIDENT } from '../test-data';
import { IncidentDetailDrawer } from './incident-detail';

const SLOW = { timeout: 10_000 };
const TEST_TIMEOUT = 30_000;

const { fetchMock, notifyError, bodiesTo } = fakeServer();

function signInWith(...keys: string[]) {
  useSessionStore.setState({
    token: 'tok',
    user: { userId: 1, account: 'admin', name: 'Admin', levelDepth: 1, shadowId: null, avatarUrl: '', language: 'en', permissionKeys: Object.fromEntries(keys.map((k) => [k, true])) },
  });
}

const renderDrawer = () => renderWithClient(<IncidentDetailDrawer incidentId={41} onClose={() => undefined} />);

beforeAll(() => readIn('en'));

beforeEach(() => {
  signInWith('incident/index', 'incident/index/ack', 'incident/index/resolve');
  fetchMock.mockImplementation(async (path) => {
    const url = String(path);
    if (url === '/api/incident/detail') return envelope(DETAIL);
    if (url === '/api/incident/acknowledge') return envelope({ ...INCIDENT, state: 'acknowledged' });
    if (url === '/api/incident/resolve') return envelope({ ...INCIDENT, state: 'resolved' });
    if (url === '/api/incident/close') return envelope({ ...INCIDENT, state: 'closed' });
    return envelope([]);
  });
});

afterEach(() => useSessionStore.setState({ token: null, user: null }));

describe('an incident’s detail', () => {
  it('shows the timeline: alarms attached, each notice with its level, channel, recipient and state', async () => {
    renderDrawer();
    const timeline = await screen.findByTestId('incident-timeline', {}, SLOW);
    expect(within(timeline).getAllByTestId('timeline-alarm')).toHaveLength(2);
    const [mail, sms] = within(timeline).getAllByTestId('timeline-sent');
    expect(mail).toHaveTextContent('Notice to Hospital group by E-mail');
    expect(mail).toHaveTextContent('Level 0');
    expect(within(mail!).getByText('Sent')).toHaveAttribute('data-send-state', 'sent');
    expect(sms).toHaveTextContent('by SMS');
    expect(within(sms!).getByText('Failed')).toBeInTheDocument();
    expect(sms).toHaveTextContent('webhook answered HTTP 500');
    expect(screen.getByTestId('incident-policy')).toHaveTextContent('Reminders every 15 min, at most 3');
  }, TEST_TIMEOUT);

  it('acknowledges an open incident and says so', async () => {
    renderDrawer();
    fireEvent.click(await screen.findByTestId('incident-ack', {}, SLOW));
    await waitFor(() => expect(bodiesTo('/api/incident/acknowledge')).toEqual([{ incidentId: 41 }]), SLOW);
    expect(await screen.findByText('Incident acknowledged: the escalation has stopped.', {}, SLOW)).toBeInTheDocument();
  }, TEST_TIMEOUT);

  it('leaves a refused acknowledgement (someone was first) to the client’s message', async () => {
    fetchMock.mockImplementation(async (path) =>
      String(path) === '/api/incident/acknowledge' ? envelope(null, 10009, 'Ada acknowledged this incident first.', 'incidentId') : envelope(DETAIL),
    );
    renderDrawer();
    fireEvent.click(await screen.findByTestId('incident-ack', {}, SLOW));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('Ada acknowledged this incident first.', expect.any(Number)), SLOW);
    expect(screen.queryByText('Incident acknowledged: the escalation has stopped.')).toBeNull();
  }, TEST_TIMEOUT);

  it('resolves with a cause (asked for) and a note', async () => {
    renderDrawer();
    fireEvent.click(await screen.findByTestId('incident-resolve', {}, SLOW));
    const form = await screen.findByTestId('resolve-form', {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Resolve' }));
    expect(await within(form).findByText('Choose an option.', {}, SLOW)).toBeInTheDocument();
    expect(bodiesTo('/api/incident/resolve')).toEqual([]);
    fireEvent.mouseDown(within(form).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Robot stuck', {}, SLOW));
    fireEvent.change(within(form).getByTestId('resolve-note'), { target: { value: ' Freed the wheel ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(bodiesTo('/api/incident/resolve')).toEqual([{ incidentId: 41, cause: 'stuck', note: 'Freed the wheel' }]), SLOW);
    expect(await screen.findByText('Incident resolved.', {}, SLOW)).toBeInTheDocument();
  }, TEST_TIMEOUT);

  it('shows a refusal of the note under the note, without a toast', async () => {
    fetchMock.mockImplementation(async (path) =>
      String(path) === '/api/incident/resolve' ? envelope(null, 10002, 'The note is too long.', 'note') : envelope(DETAIL),
    );
    renderDrawer();
    fireEvent.click(await screen.findByTestId('incident-resolve', {}, SLOW));
    const form = await screen.findByTestId('resolve-form', {}, SLOW);
    fireEvent.mouseDown(within(form).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Other', {}, SLOW));
    fireEvent.click(screen.getByRole('button', { name: 'Resolve' }));
    expect(await within(form).findByText('The note is too long.', {}, SLOW)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(notifyError).not.toHaveBeenCalled();
  }, TEST_TIMEOUT);

  it('closes as noise only after its confirmation', async () => {
    renderDrawer();
    fireEvent.click(await screen.findByTestId('incident-close', {}, SLOW));
    expect(await screen.findByText('Close incident #41 as noise?', {}, SLOW)).toBeInTheDocument();
    expect(bodiesTo('/api/incident/close')).toEqual([]);
    fireEvent.change(screen.getByTestId('close-note'), { target: { value: 'Cleaner bumped it' } });
    fireEvent.click(screen.getByRole('button', { name: 'Close as noise' }));
    await waitFor(() => expect(bodiesTo('/api/incident/close')).toEqual([{ incidentId: 41, note: 'Cleaner bumped it' }]), SLOW);
    expect(await screen.findByText('Incident closed as noise.', {}, SLOW)).toBeInTheDocument();
  }, TEST_TIMEOUT);

  it('shows the buttons by key and state: none without keys', async () => {
    signInWith('incident/index');
    renderDrawer();
    await screen.findByTestId('incident-timeline', {}, SLOW);
    expect(screen.queryByTestId('incident-ack')).toBeNull();
    expect(screen.queryByTestId('incident-resolve')).toBeNull();
    expect(screen.queryByTestId('incident-close')).toBeNull();
  }, TEST_TIMEOUT);
});
