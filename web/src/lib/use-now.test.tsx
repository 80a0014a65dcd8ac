import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNow } from './use-now';

function Clock({ id, every }: { id: string; every?: number }) {
  return <span data-testid={id}>{useNow(every)}</span>;
}

function Parent({ n }: { n: number }) {
  return (
    <div data-n={n}>
      <Clock id="c" />
    </div>
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-23T12:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('useNow', () => {
  it('moves every clock on together, with one timer per period', () => {
    const view = render(
      <>
        <Clock id="a" />
        <Clock id="b" />
        <Clock id="slow" every={15_000} />
      </>,
    );
    const start = Date.now();
    expect(vi.getTimerCount()).toBe(2);
    act(() => vi.advanceTimersByTime(3_000));
    expect(screen.getByTestId('a').textContent).toBe(String(start + 3_000));
    expect(screen.getByTestId('b').textContent).toBe(String(start + 3_000));
    expect(screen.getByTestId('slow').textContent).toBe(String(start));
    view.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a clock shown again later starts from the time then, not when it last stopped', () => {
    render(<Clock id="first" />).unmount();
    act(() => vi.advanceTimersByTime(60_000));
    render(<Clock id="again" />);
    expect(screen.getByTestId('again').textContent).toBe(String(Date.now()));
  });
});

describe('useNow with a parent that redraws', () => {
  it('keeps one clock running and settles (no redraw loop)', () => {
    const view = render(<Parent n={1} />);
    view.rerender(<Parent n={2} />);
    view.rerender(<Parent n={3} />);
    expect(vi.getTimerCount()).toBe(1);
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByTestId('c').textContent).toBe(String(Date.now()));
    view.unmount();
  });
});
