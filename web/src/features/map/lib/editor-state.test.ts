import { describe, expect, it } from 'vitest';
import { addShape, draftStep, moveShape, problems, record, redo, removeShape, selfCrossing, startHistory, toMetres, toPixel, undo, type EditableMap, type Pt } from './editor-state';

const frame = { origin: [0, 0], resolution: 0.05, width: 200, height: 100 }; // 10 m x 5 m
const empty: EditableMap = { walls: [], zones: [], erasers: [], flags: [] };
const square: Pt[] = [[1, 1], [2, 1], [2, 2], [1, 2]];
const tolerance = 0.2; // metres: 8 screen pixels at the zoom of these clicks
const at = (x: number, y: number, time: number) => ({ at: [x, y] as Pt, time });

describe('the map editor', () => {
  it('undoes and redoes edits in order, and a new edit drops what was undone', () => {
    let h = startHistory(empty);
    h = record(h, addShape(h.present, 'zones', square));
    h = record(h, moveShape(h.present, 'zones', 0, 1, 0));
    expect(h.present.zones[0]![0]).toEqual([2, 1]);
    h = undo(h);
    expect(h.present.zones[0]![0]).toEqual([1, 1]);
    h = redo(h);
    expect(h.present.zones[0]![0]).toEqual([2, 1]);
    h = undo(undo(h));
    expect(h.present.zones).toEqual([]);
    h = record(h, addShape(h.present, 'walls', [[0, 0], [1, 1]]));
    expect(h.future).toEqual([]);
    expect(redo(h)).toBe(h);
    expect(removeShape(h.present, 'walls', 0).walls).toEqual([]);
  });

  it('finds polygons that cross themselves', () => {
    expect(selfCrossing(square)).toBe(false);
    expect(selfCrossing([[1, 1], [2, 2], [2, 1], [1, 2]])).toBe(true);
  });

  it('refuses shapes past the edge, crossing zones and flags without a name', () => {
    const map: EditableMap = {
      walls: [[[1, 1], [11, 1]]],
      zones: [[[1, 1], [2, 2], [2, 1], [1, 2]]],
      erasers: [square],
      flags: [{ name: ' ', x: 1, y: 1, yaw: 0, type: 0 }, { name: 'Pile', x: 20, y: 1, yaw: 0, type: 1 }],
    };
    expect(problems(map, frame)).toEqual([
      { kind: 'walls', index: 0, problem: 'outside' },
      { kind: 'zones', index: 0, problem: 'crossing' },
      { kind: 'flags', index: 0, problem: 'noName' },
      { kind: 'flags', index: 1, problem: 'outside' },
    ]);
  });

  it('turns metres into picture pixels (north up) and back', () => {
    expect(toPixel(frame, [1, 1])).toEqual([20, 80]);
    expect(toMetres(frame, [20, 80])).toEqual([1, 1]);
  });

  describe('drawing a shape point by point', () => {
    it('adds a point for each quick click at a different place: two clicks 250 ms apart do not end the shape', () => {
      const first = at(1, 1, 0);
      expect(draftStep('zones', [], first, null, tolerance)).toEqual({ action: 'add' });
      const second = at(3, 1, 250);
      expect(draftStep('zones', [[1, 1]], second, first, tolerance)).toEqual({ action: 'add' });
      const third = at(3, 3, 500);
      expect(draftStep('zones', [[1, 1], [3, 1]], third, second, tolerance)).toEqual({ action: 'add' });
      // a fourth quick click elsewhere still adds, though the shape could be ended
      expect(draftStep('zones', [[1, 1], [3, 1], [3, 3]], at(1, 3, 750), third, tolerance)).toEqual({ action: 'add' });
    });

    it('ends the shape on a double click on its last point, or on a click on its first point', () => {
      const drawn: Pt[] = [[1, 1], [3, 1], [3, 3]];
      const last = at(3, 3, 1000);
      expect(draftStep('zones', drawn, at(3.05, 3, 1200), last, tolerance)).toEqual({ action: 'finish' });
      expect(draftStep('zones', drawn, at(1.1, 1.1, 5000), last, tolerance)).toEqual({ action: 'finish' });
      expect(draftStep('walls', [[1, 1], [3, 1]], at(3, 1, 1200), at(3, 1, 1000), tolerance)).toEqual({ action: 'finish' });
    });

    it('neither ends nor repeats a point on a slow second click on the last point, or too early', () => {
      expect(draftStep('zones', [[1, 1], [3, 1], [3, 3]], at(3, 3, 2000), at(3, 3, 1000), tolerance)).toEqual({ action: 'ignore' });
      // two points: a double click cannot end a zone yet, and the first point does not close it
      expect(draftStep('zones', [[1, 1], [3, 1]], at(3, 1, 1200), at(3, 1, 1000), tolerance)).toEqual({ action: 'ignore' });
      expect(draftStep('zones', [[1, 1], [3, 1]], at(1, 1, 1200), at(3, 1, 1000), tolerance)).toEqual({ action: 'add' });
      // a wall is open: its first point is an ordinary place to click
      expect(draftStep('walls', [[1, 1], [3, 1], [3, 3]], at(1, 1, 9000), at(3, 3, 1000), tolerance)).toEqual({ action: 'add' });
    });
  });
});
