import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { keepSearch, readKeptSearch } from './device-search';
import { useDeviceSearch } from './use-device-search';

function at(path: string) {
  return ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>;
}

afterEach(() => sessionStorage.clear());

describe('useDeviceSearch', () => {
  it('starts empty, and keeps a search once it runs', () => {
    const { result } = renderHook(() => useDeviceSearch(7), { wrapper: at('/device/index') });
    expect(result.current.applied).toEqual({ deviceType: null, ownerId: null, text: '' });
    act(() => result.current.setDraft({ deviceType: 2, ownerId: null, text: 'lobby ' }));
    // Typing changes the filters, not the list, and keeps nothing yet.
    expect(result.current.applied.text).toBe('');
    expect(readKeptSearch(7)?.text).toBe('');
    act(() => result.current.run(result.current.draft));
    expect(result.current.applied).toEqual({ deviceType: 2, ownerId: null, text: 'lobby' });
    expect(readKeptSearch(7)).toEqual({ deviceType: 2, ownerId: null, text: 'lobby' });
  });

  it('comes back with the kept search (the page opened again in the same session)', () => {
    keepSearch(7, { deviceType: 3, ownerId: 12, text: 'CF2026' });
    const { result } = renderHook(() => useDeviceSearch(7), { wrapper: at('/device/index') });
    expect(result.current.applied).toEqual({ deviceType: 3, ownerId: 12, text: 'CF2026' });
    expect(result.current.draft).toEqual(result.current.applied);
  });

  it('lets a userId route parameter choose the owner over the kept search', () => {
    keepSearch(7, { deviceType: 3, ownerId: 12, text: 'CF' });
    const { result } = renderHook(() => useDeviceSearch(7), { wrapper: at('/device/index?userId=42') });
    expect(result.current.applied).toEqual({ deviceType: 3, ownerId: 42, text: 'CF' });
  });

  it('reset clears the filters and the kept search', () => {
    keepSearch(7, { deviceType: 3, ownerId: 12, text: 'CF' });
    const { result } = renderHook(() => useDeviceSearch(7), { wrapper: at('/device/index') });
    act(() => result.current.reset());
    expect(result.current.applied).toEqual({ deviceType: null, ownerId: null, text: '' });
    expect(readKeptSearch(7)).toEqual({ deviceType: null, ownerId: null, text: '' });
  });
});
