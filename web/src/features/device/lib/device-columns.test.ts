// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_COLUMNS, keepColumns, readColumns } from './device-columns';

describe('device list columns', () => {
  beforeEach(() => localStorage.clear());

  it('starts with the default set', () => {
    expect(readColumns(7)).toEqual(DEFAULT_COLUMNS);
  });

  it('keeps each user their own choice, in the list order', () => {
    keepColumns(7, ['sim', 'model']);
    expect(readColumns(7)).toEqual(['model', 'sim']);
    expect(readColumns(8)).toEqual(DEFAULT_COLUMNS);
  });

  it('drops a stored column that no longer exists', () => {
    localStorage.setItem('cleanfleet:1.20.0:deviceColumns:7', JSON.stringify(['model', 'gone']));
    expect(readColumns(7)).toEqual(['model']);
  });
});
