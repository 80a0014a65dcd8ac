import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/instance';
import en from '@/i18n/locales/en';
import { useAlarmPreferences } from '../stores/alarm-preferences';
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
  useAlarmPreferences.setState({ showAlarms: true, playSound: false });
});

describe('AlarmControls', () => {
  it('shows the unread count and caps it at 99+', () => {
    renderControls();
    act(() => useAlarmsStore.getState().setUnread(7));
    expect(screen.getByLabelText('Unread alarms: 7')).toHaveTextContent('7');
    act(() => useAlarmsStore.getState().setUnread(150));
    expect(screen.getByLabelText('Unread alarms: 150')).toHaveTextContent('99+');
  });

  it('disables the sound while alarms are hidden, and keeps both choices', () => {
    renderControls();
    const show = screen.getByRole('checkbox', { name: 'Show alarms' });
    const sound = screen.getByRole('checkbox', { name: 'Play alarm sound' });
    fireEvent.click(sound);
    expect(sound).toBeChecked();
    fireEvent.click(show);
    expect(show).not.toBeChecked();
    expect(sound).toBeDisabled();
    expect(JSON.parse(localStorage.getItem(storageKey('alarmPreferences')) ?? '{}')).toEqual({
      showAlarms: false,
      playSound: true,
    });
  });
});
