import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { wearBars, wearTone } from './wear-parts';

const t = ((key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key)) as unknown as TFunction;
const part = { part: 'c:filter', kind: 'filter', name: 'Filter', state: 'dated', dueDate: '2026-04-21', earliest: '2026-04-19', latest: '2026-04-23', sureness: 'high' } as const;

describe('wear parts', () => {
  it('colours by how soon: due now and this week red, within two weeks amber, later teal, no date grey', () => {
    expect(wearTone('2026-03-02', { state: 'due_now', dueDate: '2026-03-02' })).toBe('danger');
    expect(wearTone('2026-03-02', { state: 'dated', dueDate: '2026-03-09' })).toBe('danger');
    expect(wearTone('2026-03-02', { state: 'dated', dueDate: '2026-03-16' })).toBe('warning');
    expect(wearTone('2026-03-02', { state: 'dated', dueDate: '2026-04-21' })).toBe('normal');
    expect(wearTone('2026-03-02', { state: 'no_history', dueDate: null })).toBe('muted');
  });

  it('draws a dated part from its earliest to its latest day, and says the date, range and how sure', () => {
    const bar = wearBars(t, '2026-03-02', [part])[0]!;
    expect([bar.start, bar.due, bar.end]).toEqual(['2026-04-19', '2026-04-21', '2026-04-23']);
    expect(bar.note).toContain('wear.range');
    expect(bar.note).toContain('wear.sure.high');
  });

  it('leaves out the range of an exact date and draws no bar without a date', () => {
    const bars = wearBars(t, '2026-03-02', [
      { ...part, part: 'm:1', kind: 'maintenance', earliest: '2026-03-11', dueDate: '2026-03-11', latest: '2026-03-11' },
      { ...part, part: 'c:edge_brush', state: 'no_history', dueDate: null, earliest: null, latest: null, sureness: 'none' },
    ]);
    const [exact, none] = [bars[0]!, bars[1]!];
    expect(exact.note).not.toContain('wear.range');
    expect(none.due).toBeNull();
    expect(none.note).toBe('wear.states.no_history');
  });
});
