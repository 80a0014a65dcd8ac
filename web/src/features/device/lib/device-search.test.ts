// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { EMPTY_SEARCH, initialSearch, keepSearch, normaliseSearch, ownerFromRoute, readKeptSearch, searchBody } from './device-search';

afterEach(() => sessionStorage.clear());

describe('device search', () => {
  it('keeps the last search for the session, per user', () => {
    expect(readKeptSearch(7)).toBeNull();
    keepSearch(7, { deviceType: 3, ownerId: 12, text: ' lobby ' });
    expect(readKeptSearch(7)).toEqual({ deviceType: 3, ownerId: 12, text: 'lobby' });
    expect(readKeptSearch(8)).toBeNull();
    expect(sessionStorage.getItem('cleanfleet:1.20.0:device-search:7')).not.toBeNull();
    // Not in localStorage: a new session starts empty.
    expect(localStorage.length).toBe(0);
  });

  it('drops what storage or a route got wrong', () => {
    sessionStorage.setItem('cleanfleet:1.20.0:device-search:7', '{not json');
    expect(readKeptSearch(7)).toBeNull();
    expect(normaliseSearch({ deviceType: 'x', ownerId: -1, text: 5 })).toEqual(EMPTY_SEARCH);
    expect(normaliseSearch(null)).toEqual(EMPTY_SEARCH);
    expect(normaliseSearch({ text: 'a'.repeat(100) }).text).toHaveLength(64);
  });

  it('lets the userId route parameter pre-select the owner over the kept search', () => {
    expect(ownerFromRoute('42')).toBe(42);
    expect(ownerFromRoute(null)).toBeNull();
    expect(ownerFromRoute('abc')).toBeNull();
    expect(ownerFromRoute('0')).toBeNull();
    const kept = { deviceType: 2, ownerId: 5, text: 'CF' };
    expect(initialSearch(kept, 42)).toEqual({ deviceType: 2, ownerId: 42, text: 'CF' });
    expect(initialSearch(kept, null)).toEqual(kept);
    expect(initialSearch(null, 42)).toEqual({ ...EMPTY_SEARCH, ownerId: 42 });
    expect(initialSearch(null, null)).toEqual(EMPTY_SEARCH);
  });

  it('turns a search into the list call filters', () => {
    expect(searchBody({ deviceType: 3, ownerId: 9, text: '  CF2026 ' })).toEqual({
      deviceType: 3,
      userId: 9,
      deviceCode: 'CF2026',
      isPc: 1,
    });
    expect(searchBody(EMPTY_SEARCH)).toEqual({ deviceType: null, userId: null, deviceCode: null, isPc: 1 });
  });
});
