import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/instance';
import en from '@/i18n/locales/en';
import { popsUp, useAlarmPreferences } from '../stores/alarm-preferences';
import { useAlarmsStore } from '../stores/alarms';
import { storageKey } from '@/lib/storage';
import { AlarmControls } from './alarm-controls';

function renderControls() {
  return render(
    <MemoryRouter>
      <AlarmControls />
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  i18n.addResourceBundle('en', 'translation', en);
  await i18n.changeLanguage('en');
});

beforeEach(() => {
  useAlarmsStore.setState({ unread: 0 });
  useAlarmPreferences.setState({ popups: 'faults', playSound: false });
});

describe('AlarmControls', () => {
  it('shows the unread count and caps it at 99+', () => {
    renderControls();
    act(() => useAlarmsStore.getState().setUnread(7));
    expect(screen.getByLabelText('Unread alarms: 7')).toHaveTextContent('7');
    act(() => useAlarmsStore.getState().setUnread(150));
    expect(screen.getByLabelText('Unread alarms: 150')).toHaveTextContent('99+');
  });

  it('pops up faults only by default, disables the sound while pop-ups are off, and keeps both choices', () => {
    renderControls();
    const choice = screen.getByTestId('alarm-popups');
    expect(choice).toHaveTextContent('Alarm pop-ups: Faults only');
    const sound = screen.getByRole('checkbox', { name: 'Play alarm sound' });
    fireEvent.click(sound);
    expect(sound).toBeChecked();
    act(() => useAlarmPreferences.getState().setPopups('off')); // what the choice's menu does (jsdom draws no menu)
    expect(screen.getByTestId('alarm-popups')).toHaveTextContent('Alarm pop-ups: Off');
    expect(sound).toBeDisabled();
    expect(JSON.parse(localStorage.getItem(storageKey('alarmPreferences')) ?? '{}')).toEqual({ popups: 'off', playSound: true });
  });
});

describe('popsUp', () => {
  it('lets faults through by default, everything on all, nothing when off', () => {
    expect(popsUp({ popups: 'faults' }, 3)).toBe(true);
    expect(popsUp({ popups: 'faults' }, 1)).toBe(false);
    expect(popsUp({ popups: 'all' }, 1)).toBe(true);
    expect(popsUp({ popups: 'off' }, 3)).toBe(false);
  });
});
