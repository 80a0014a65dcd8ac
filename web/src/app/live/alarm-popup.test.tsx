import { render, screen } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { alarmPopup, type Announced } from './alarm-popup';

const t = ((key: string, values?: { count?: number }) => (values?.count === undefined ? key : `${key}:${values.count}`)) as unknown as TFunction;
const view = { t, exists: () => false, placement: 'bottomRight' as const };

const alarm = (warnId: number, level: number, content = `fault ${warnId}`): Announced => ({
  warnId,
  level,
  deviceSerialNumber: `SN${warnId}`,
  deviceName: `R${warnId}`,
  key: '',
  code: '',
  content,
  time: '2026-11-24T08:00:00Z',
});

describe('alarmPopup', () => {
  it('shows one alarm with its robot and text, keyed by the alarm so a repeat replaces it', () => {
    const popup = alarmPopup([alarm(7, 2)], view);
    expect(popup).toMatchObject({ key: 'alarm-7', type: 'warning', title: 'R7 · SN7', duration: 8 });
    render(<>{popup.description}</>);
    expect(screen.getByTestId('alarm-popup')).toHaveTextContent('fault 7');
  });

  it('groups a burst: the first three lines, how many more, and the worst level', () => {
    const popup = alarmPopup([alarm(1, 1), alarm(2, 3), alarm(3, 1), alarm(4, 1), alarm(5, 2)], view);
    expect(popup).toMatchObject({ key: 'alarm-group', type: 'error', title: 'monitor.alarm.group:5' });
    render(<>{popup.description}</>);
    const group = screen.getByTestId('alarm-group');
    expect(group).toHaveAttribute('data-count', '5');
    expect(group.querySelectorAll('li')).toHaveLength(4);
    expect(group).toHaveTextContent('monitor.alarm.more:2');
    expect(group).not.toHaveTextContent('fault 4');
  });
});
