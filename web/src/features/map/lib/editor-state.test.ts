import { describe, expect, it } from 'vitest';
import { addShape, moveShape, problems, record, redo, removeShape, selfCrossing, startHistory, toMetres, toPixel, undo, type EditableMap, type Pt } from './editor-state';

const frame = { origin: [0, 0], resolution: 0.05, width: 200, height: 100 }; // 10 m x 5 m
const empty: EditableMap = { walls: [], zones: [], erasers: [], flags: [] };
const square: Pt[] = [[1, 1], [2, 1], [2, 2], [1, 2]];

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
});
