import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ElevatorPicker } from './elevator-picker';
import { readIn } from '@/test/i18n';

const post = vi.hoisted(() => vi.fn<(path: string, body: unknown, options?: object) => Promise<unknown>>());
vi.mock('@/api/client', () => ({ post }));

function renderPicker(value: number | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ElevatorPicker value={value} data-testid="picker" />
    </QueryClientProvider>,
  );
}

/** Issue 29 item 5: a robot bound (by an admin) to an elevator the dealer cannot see. */
describe('ElevatorPicker', () => {
  beforeAll(() => readIn('en'));

  it('names an elevator of another branch as such instead of showing its bare id', async () => {
    post.mockResolvedValue([{ elevatorId: 7, elevatorName: 'East lift', buildingName: 'Tower', floorMin: 1, floorMax: 9 }]);
    renderPicker(1);
    await waitFor(() => expect(screen.getByText('Bound by another branch')).toBeInTheDocument());
    expect(screen.queryByText('1')).not.toBeInTheDocument();
  });

  it('shows an elevator the user sees by its name and building', async () => {
    post.mockResolvedValue([{ elevatorId: 7, elevatorName: 'East lift', buildingName: 'Tower', floorMin: 1, floorMax: 9 }]);
    renderPicker(7);
    await waitFor(() => expect(screen.getByText('East lift · Tower')).toBeInTheDocument());
    expect(screen.queryByText('Bound by another branch')).not.toBeInTheDocument();
  });
});
