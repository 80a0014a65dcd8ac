import { describe, expect, it } from 'vitest';
import { zoneConflicts } from './zones';

const zones = [[[25, 12], [31, 12], [31, 19], [25, 19]], [[2, 2], [3, 2], [3, 3]]];

describe('a drawn task against the map zones', () => {
  it('names the zones the area runs into and the one the start point is in', () => {
    expect(zoneConflicts(zones, [[24, 11], [27, 11], [27, 14], [24, 14]], [26, 13])).toEqual({ area: [0], start: 0 });
  });

  it('finds nothing for an area clear of the zones, or an area not yet drawn', () => {
    expect(zoneConflicts(zones, [[5, 9], [8, 9], [8, 11]], [5.5, 9.5])).toEqual({ area: [], start: null });
    expect(zoneConflicts(zones, [[26, 13], [28, 13]], null)).toEqual({ area: [], start: null });
  });
});
