import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_SEARCH, type DeviceSearch } from '../lib/device-search';
import { DeviceFilters } from './device-filters';
import { readIn } from '@/test/i18n';

vi.mock('@/api/client', () => ({
  post: vi.fn<(path: string) => Promise<unknown>>(async (path: string) => (path === '/api/device/selectDeviceType' ? [{ typeId: 1, typeName: 'CleanBot S1', typeUrl: '', description: '', createTime: '' }] : [])),
}));

function Harness({ onSearch }: { onSearch(search: DeviceSearch): void }) {
  const [draft, setDraft] = useState<DeviceSearch>(EMPTY_SEARCH);
  return <DeviceFilters draft={draft} onDraftChange={setDraft} onSearch={onSearch} onReset={() => setDraft(EMPTY_SEARCH)} />;
}

function renderFilters(onSearch: (search: DeviceSearch) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Harness onSearch={onSearch} />
    </QueryClientProvider>,
  );
}

beforeAll(() => readIn('en'));

beforeEach(() => vi.clearAllMocks());

describe('DeviceFilters', () => {
  it('searches on Enter in the text box, not while typing', () => {
    const onSearch = vi.fn<(search: DeviceSearch) => void>();
    renderFilters(onSearch);
    const text = screen.getByLabelText('Name or serial number');
    fireEvent.change(text, { target: { value: 'CF2026' } });
    expect(onSearch).not.toHaveBeenCalled();
    fireEvent.keyDown(text, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(onSearch).toHaveBeenCalledWith({ deviceType: null, ownerId: null, text: 'CF2026' });
  });

  it('searches with the search button', () => {
    const onSearch = vi.fn<(search: DeviceSearch) => void>();
    renderFilters(onSearch);
    fireEvent.change(screen.getByLabelText('Name or serial number'), { target: { value: 'Lobby' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch.mock.calls[0]?.[0]).toMatchObject({ text: 'Lobby' });
  });
});
