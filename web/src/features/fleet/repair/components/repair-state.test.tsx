import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { nextRepairState } from '../../lib/repair-state';
import { RepairStateActions, RepairStateTag } from './repair-state';
import { readIn } from '@/test/i18n';

beforeAll(() => readIn('en'));

describe('nextRepairState', () => {
  it('moves forward one step and stops at handled', () => {
    expect([0, 1, 2].map(nextRepairState)).toEqual([1, 2, null]);
  });
});

describe('RepairStateActions', () => {
  it('offers only "Start processing" while pending', () => {
    const start = vi.fn<() => void>();
    render(<RepairStateActions state={0} onStartProcessing={start} onHandled={vi.fn<() => Promise<void>>()} />);
    expect(screen.getAllByRole('button')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Mark as handled/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Start processing/ }));
    expect(start).toHaveBeenCalledOnce();
  });

  it('offers only "Mark as handled" while processing, after a confirmation', async () => {
    const handled = vi.fn<() => Promise<void>>(() => Promise.resolve());
    render(<RepairStateActions state={1} onStartProcessing={vi.fn<() => void>()} onHandled={handled} />);
    expect(screen.queryByRole('button', { name: /Start processing/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Mark as handled/ }));
    expect(handled).not.toHaveBeenCalled();
    expect(await screen.findByText(/cannot move back/)).toBeInTheDocument();
    const confirm = screen.getAllByRole('button', { name: /Mark as handled/ }).at(-1);
    fireEvent.click(confirm as HTMLElement);
    await waitFor(() => expect(handled).toHaveBeenCalledOnce());
  });

  it('offers nothing once handled', () => {
    const { container } = render(<RepairStateActions state={2} onStartProcessing={vi.fn<() => void>()} onHandled={vi.fn<() => Promise<void>>()} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('RepairStateTag', () => {
  it.each([
    [0, 'Pending'],
    [1, 'Processing'],
    [2, 'Handled'],
  ])('state %i reads %s', (state, text) => {
    render(<RepairStateTag state={state} />);
    expect(screen.getByTestId('repair-state')).toHaveTextContent(text);
  });
});
