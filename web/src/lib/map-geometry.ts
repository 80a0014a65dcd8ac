/**
 * Plane geometry of the robot maps' shapes (metres, [x, y]), shared by the map editor and the task drawing:
 * segments meeting, a point in a polygon, and whether a cleaning area runs into a forbidden zone.
 * backend/cleanfleet/tasks/service.py checks the same rule (`_zone_conflict`) when a task is saved.
 */
export type MapPoint = readonly [number, number];

const orientation = (a: MapPoint, b: MapPoint, c: MapPoint) => (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
const onSegment = (a: MapPoint, b: MapPoint, p: MapPoint) =>
  Math.min(a[0], b[0]) <= p[0] && p[0] <= Math.max(a[0], b[0]) && Math.min(a[1], b[1]) <= p[1] && p[1] <= Math.max(a[1], b[1]);

/** Whether the segments a–b and c–d meet (crossing, or touching at a point or along a line). */
export function segmentsMeet(a: MapPoint, b: MapPoint, c: MapPoint, d: MapPoint): boolean {
  const o1 = orientation(a, b, c);
  const o2 = orientation(a, b, d);
  const o3 = orientation(c, d, a);
  const o4 = orientation(c, d, b);
  if (((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0))) return true;
  return (o1 === 0 && onSegment(a, b, c)) || (o2 === 0 && onSegment(a, b, d)) || (o3 === 0 && onSegment(c, d, a)) || (o4 === 0 && onSegment(c, d, b));
}

/** Whether p lies inside the closed polygon (even-odd rule; a point on an edge may go either way). */
export function insidePolygon([x, y]: MapPoint, polygon: readonly MapPoint[]): boolean {
  let within = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i, i += 1) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) within = !within;
  }
  return within;
}

function edgesMeet(a: readonly MapPoint[], b: readonly MapPoint[]): boolean {
  for (let i = 0; i < a.length; i += 1) {
    for (let j = 0; j < b.length; j += 1) {
      if (segmentsMeet(a[i]!, a[(i + 1) % a.length]!, b[j]!, b[(j + 1) % b.length]!)) return true;
    }
  }
  return false;
}

/**
 * Whether a cleaning area runs into a forbidden zone: their edges meet or cross, or the area lies (partly) inside
 * the zone. A zone wholly inside the area, clear of its edges, is an island the robot cleans around (its planner
 * keeps out of every zone) and is allowed: an operator draws the room and the zone stays out of it.
 */
export function areaHitsZone(area: readonly MapPoint[], zone: readonly MapPoint[]): boolean {
  if (area.length < 3 || zone.length < 3) return false;
  return edgesMeet(area, zone) || area.some((p) => insidePolygon(p, zone));
}

/** The indexes of the zones a cleaning area runs into (empty: the area may be saved). */
export function zonesHit(area: readonly MapPoint[], zones: readonly (readonly MapPoint[])[]): number[] {
  return zones.flatMap((zone, index) => (areaHitsZone(area, zone) ? [index] : []));
}
