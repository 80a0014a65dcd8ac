import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/session';
import { envelope, fakeServer, renderWithClient } from '@/test/api';
import { readIn } from '@/test/i18n';
import { PRESET_RULE, RULE } from '../test-data';
import { SettingsPanel } from './settings-panel';

const SLOW = { timeout: 10_000 };
const TEST_TIMEOUT = 30_000;

const DUTY = { dutyId: 9, userId: 1, personId: 4, personName: 'Ada', weekdays: [1, 2, 3, 4, 5], startTime: '08:00', endTime: '18:00', timeZone: 'Europe/Paris', onDutyNow: true };

const { fetchMock, notifyError, bodiesTo } = fakeServer();

function signInWith(...keys: string[]) {
  useSessionStore.setState({
    token: 'tok',
    user: { userId: 1, account: 'admin', name: 'Admin', levelDepth: 1, shadowId: null, avatarUrl: '', language: 'en', permissionKeys: Object.fromEntries(keys.map((k) => [k, true])) },
  });
}

function answer(refusal?: { path: string; message: string; field: string }) {
  fetchMock.mockImplementation(async (path) => {
    const url = String(path);
    if (refusal && url === refusal.path) return envelope(null, 10002, refusal.message, refusal.field);
    if (url === '/api/incident/rule/list') return envelope([RULE, PRESET_RULE]);
    if (url === '/api/incident/rule/edit') return envelope(RULE);
    if (url === '/api/incident/rule/reset') return envelope({ ...RULE, custom: false });
    if (url === '/api/incident/duty/list') return envelope([DUTY]);
    if (url === '/api/incident/duty/delete') return envelope(null);
    return envelope([]);
  });
}

beforeAll(() => readIn('en'));

beforeEach(() => {
  signInWith('incident/index', 'incident/index/settings');
  answer();
});

afterEach(() => useSessionStore.setState({ token: null, user: null }));

async function openRule() {
  renderWithClient(<SettingsPanel />);
  fireEvent.click(await screen.findByTestId('edit-rule-emergency_stop', {}, SLOW));
  return screen.findByTestId('rule-form', {}, SLOW);
}

describe('the incident settings', () => {
  it('lists each alarm’s rule: opens, urgency, escalation and where it comes from', async () => {
    renderWithClient(<SettingsPanel />);
    const row = (await screen.findByTestId('edit-rule-emergency_stop', {}, SLOW)).closest('tr')!;
    expect(row).toHaveTextContent('Emergency stop');
    expect(row).toHaveTextContent('2 levels · Reminders every 15 min, at most 3');
    expect(row).toHaveTextContent('This branch');
    const preset = screen.getByTestId('edit-rule-low_battery').closest('tr')!;
    expect(preset).toHaveTextContent('Preset');
    expect(within(preset).queryByTestId('reset-rule-low_battery')).toBeNull();
    // the duty is asked beside the rules: it may answer a moment later
    await waitFor(() => expect(screen.getByTestId('duty-table')).toHaveTextContent('Ada'), SLOW);
    expect(screen.getByTestId('duty-table')).toHaveTextContent('Mon · Tue · Wed · Thu · Fri');
  }, TEST_TIMEOUT);

  it('saves a rule with its levels and reminders', async () => {
    const form = await openRule();
    fireEvent.change(within(form).getByTestId('rule-wait-1'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesTo('/api/incident/rule/edit')).toHaveLength(1), SLOW);
    expect(bodiesTo('/api/incident/rule/edit')[0]).toEqual({
      code: 'emergency_stop',
      opens: true,
      urgency: 'high',
      levels: [{ up: 0, waitMinutes: 0 }, { up: 1, waitMinutes: 20 }],
      reminderMinutes: 15,
      reminderLimit: 3,
    });
    expect(await screen.findByText('Rule saved.', {}, SLOW)).toBeInTheDocument();
  }, TEST_TIMEOUT);

  it('shows the server’s refusal of a zero interval under the interval, without a toast', async () => {
    answer({ path: '/api/incident/rule/edit', message: 'Reminders cannot repeat every 0 minutes.', field: 'reminderMinutes' });
    const form = await openRule();
    fireEvent.change(within(form).getByTestId('rule-interval'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const error = await within(form).findByText('Reminders cannot repeat every 0 minutes.', {}, SLOW);
    expect(error.closest('.ant-form-item')).toContainElement(within(form).getByTestId('rule-interval'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(notifyError).not.toHaveBeenCalled();
    expect(screen.getByTestId('rule-form')).toBeInTheDocument();
  }, TEST_TIMEOUT);

  it('shows a refusal of a later level’s wait under that level’s field', async () => {
    answer({ path: '/api/incident/rule/edit', message: 'A later level must wait at least a minute.', field: 'levels.1.waitMinutes' });
    const form = await openRule();
    fireEvent.change(within(form).getByTestId('rule-wait-1'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const error = await within(form).findByText('A later level must wait at least a minute.', {}, SLOW);
    expect(error.closest('.ant-form-item')).toContainElement(within(form).getByTestId('rule-wait-1'));
    expect(notifyError).not.toHaveBeenCalled();
  }, TEST_TIMEOUT);

  it('resets a branch’s own rule only after its confirmation', async () => {
    renderWithClient(<SettingsPanel />);
    fireEvent.click(await screen.findByTestId('reset-rule-emergency_stop', {}, SLOW));
    const question = await screen.findByText(/Remove this branch’s own rule for “Emergency stop”/, {}, SLOW);
    expect(bodiesTo('/api/incident/rule/reset')).toEqual([]);
    fireEvent.click(within(question.closest('.ant-popover')!).getByRole('button', { name: 'Reset to preset' }));
    await waitFor(() => expect(bodiesTo('/api/incident/rule/reset')).toEqual([{ code: 'emergency_stop' }]), SLOW);
    expect(await screen.findByText('Rule reset.', {}, SLOW)).toBeInTheDocument();
  }, TEST_TIMEOUT);

  it('takes a person off duty only after its confirmation', async () => {
    renderWithClient(<SettingsPanel />);
    fireEvent.click(await screen.findByTestId('delete-duty-9', {}, SLOW));
    const question = await screen.findByText('Take Ada off duty for this branch?', {}, SLOW);
    expect(bodiesTo('/api/incident/duty/delete')).toEqual([]);
    fireEvent.click(within(question.closest('.ant-popover')!).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(bodiesTo('/api/incident/duty/delete')).toEqual([{ dutyId: 9 }]), SLOW);
    expect(await screen.findByText('Person taken off duty.', {}, SLOW)).toBeInTheDocument();
  }, TEST_TIMEOUT);

  it('shows no change buttons without the settings key', async () => {
    signInWith('incident/index');
    renderWithClient(<SettingsPanel />);
    expect(await screen.findByText('Ada', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByTestId('edit-rule-emergency_stop')).toBeNull();
    expect(screen.queryByTestId('add-duty')).toBeNull();
    expect(screen.queryByTestId('delete-duty-9')).toBeNull();
  }, TEST_TIMEOUT);
});
