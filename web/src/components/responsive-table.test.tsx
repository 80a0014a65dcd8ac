import { fireEvent, render, screen, within } from '@testing-library/react';
import { Button, Popconfirm } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHONE_QUERY } from '@/lib/use-is-phone';
import { matchingMediaQueries } from '@/test/media';
import { ResponsiveFilters } from './responsive-filters';
import { ResponsiveTable } from './responsive-table';

interface Robot {
  id: number;
  name: string;
  place: { floor: string };
  battery: number;
}

const robots: Robot[] = [
  { id: 1, name: 'Lobby sweeper', place: { floor: 'Ground' }, battery: 80 },
  { id: 2, name: 'Ward scrubber', place: { floor: 'Third' }, battery: 15 },
];

function columns(onStart: (robot: Robot) => void): ColumnsType<Robot> {
  return [
    { key: 'name', title: 'Robot', dataIndex: 'name', render: (name: string) => <strong>{name}</strong> },
    { key: 'floor', title: 'Floor', dataIndex: ['place', 'floor'] },
    { key: 'battery', title: 'Battery', render: (_, r) => `${r.battery} %` },
    {
      key: 'actions',
      title: 'Actions',
      render: (_, r) => (
        <Popconfirm title={`Start ${r.name}?`} onConfirm={() => onStart(r)}>
          <Button size="small">Start</Button>
        </Popconfirm>
      ),
    },
  ];
}

/** The screen as a phone's (the phone query matches) or a desktop's. */
function screenOf(phone: boolean) {
  matchingMediaQueries(...(phone ? [PHONE_QUERY] : []));
}

afterEach(() => vi.restoreAllMocks());

describe('ResponsiveTable', () => {
  it('is a table on a desktop', () => {
    screenOf(false);
    render(<ResponsiveTable<Robot> rowKey="id" columns={columns(() => undefined)} dataSource={robots} pagination={false} data-testid="robots" />);
    expect(screen.getByTestId('robots').querySelector('table')).not.toBeNull();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Robot', 'Floor', 'Battery', 'Actions']);
  });

  it('is one card per row on a phone, each fact drawn by the column it belongs to', () => {
    screenOf(true);
    render(<ResponsiveTable<Robot> rowKey="id" columns={columns(() => undefined)} dataSource={robots} pagination={false} data-testid="robots" cardTestId="robot" />);
    expect(screen.getByTestId('robots').querySelector('table')).toBeNull();
    const card = screen.getByTestId('robot-2');
    // the title column heads the card, without its own title; the others are title then value
    expect(card.querySelector('.cf-rcard__title')?.innerHTML).toBe('<strong>Ward scrubber</strong>');
    expect([...card.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['Floor', 'Battery']);
    expect([...card.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual(['Third', '15 %']);
    expect(within(card).getByRole('button', { name: 'Start' }).closest('.cf-rcard__actions')).not.toBeNull();
  });

  it('keeps a confirmation of a card action: nothing happens until it is confirmed', async () => {
    screenOf(true);
    const onStart = vi.fn<(robot: Robot) => void>();
    render(<ResponsiveTable<Robot> rowKey="id" columns={columns(onStart)} dataSource={robots} pagination={false} cardTestId="robot" />);
    fireEvent.click(within(screen.getByTestId('robot-1')).getByRole('button', { name: 'Start' }));
    expect(await screen.findByText('Start Lobby sweeper?')).toBeInTheDocument();
    expect(onStart).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onStart).toHaveBeenCalledWith(robots[0]);
  });

  it('pages on a phone as the table does, and says when there is nothing', () => {
    screenOf(true);
    const onChange = vi.fn<(page: number, pageSize: number) => void>();
    const { rerender } = render(
      <ResponsiveTable<Robot> rowKey="id" columns={columns(() => undefined)} dataSource={robots} pagination={{ current: 1, pageSize: 2, total: 5, onChange, showTotal: (n) => `${n} robots` }} />,
    );
    expect(screen.getByText('5 robots')).toBeInTheDocument();
    fireEvent.click(screen.getByTitle('Next Page'));
    expect(onChange).toHaveBeenCalledWith(2, 2);
    rerender(<ResponsiveTable<Robot> rowKey="id" columns={columns(() => undefined)} dataSource={[]} locale={{ emptyText: 'No robots yet' }} />);
    expect(screen.getByText('No robots yet')).toBeInTheDocument();
  });
});

describe('ResponsiveFilters', () => {
  it('shows the filters in a row on a desktop', () => {
    screenOf(false);
    render(<ResponsiveFilters>{<input aria-label="Serial" />}</ResponsiveFilters>);
    expect(screen.getByLabelText('Serial')).toBeVisible();
    expect(screen.queryByTestId('filters-toggle')).toBeNull();
  });

  it('folds them behind a button on a phone, opened and closed by it', () => {
    screenOf(true);
    render(<ResponsiveFilters active={2}>{<input aria-label="Serial" />}</ResponsiveFilters>);
    const toggle = screen.getByTestId('filters-toggle');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByLabelText('Serial')).not.toBeVisible();
    expect(screen.getByText('2')).toBeInTheDocument();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Serial')).toBeVisible();
  });
});
