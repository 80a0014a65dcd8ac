/**
 * Where a drawn task runs into the map's forbidden zones: the zones its area overlaps (lib/map-geometry.ts
 * `areaHitsZone`: a zone wholly inside the area is an island cleaned around and allowed) and the zone its start
 * point lies in. Zones are counted from 0; the dialog names them from 1, as the map editor does.
 */
import { insidePolygon, zonesHit, type MapPoint } from '@/lib/map-geometry';
import type { Point } from './geometry';

export interface ZoneConflicts {
  area: number[];
  start: number | null;
}

export function zoneConflicts(zones: readonly number[][][], area: readonly Point[], start: Point | null): ZoneConflicts {
  const shapes = zones.map((zone) => zone.map(([x = 0, y = 0]): MapPoint => [x, y]));
  const within = start ? shapes.findIndex((zone) => zone.length >= 3 && insidePolygon(start, zone)) : -1;
  return { area: area.length >= 3 ? zonesHit(area, shapes) : [], start: within >= 0 ? within : null };
}
