import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findLongFunctions, functionLengths, LIMIT } from './check-sizes.mjs';

const trees = [];

/** A function of `lines` lines in total. */
function component(name, lines) {
  return `export function ${name}() {\n${'  const x = 1;\n'.repeat(lines - 2)}}\n`;
}

function srcWith(files) {
  const root = mkdtempSync(join(tmpdir(), 'check-sizes-'));
  trees.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

afterEach(() => {
  for (const root of trees.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('check-sizes', () => {
  it('measures declarations and arrow functions by their lines, named by their variable', () => {
    const lengths = functionLengths('a.tsx', `${component('Page', 20)}const useThing = () => {\n  return 1;\n};\n`);
    expect(lengths).toEqual([['Page', 20], ['useThing', 3]]);
  });

  it('fails a new function over the limit and lets one at the limit pass', () => {
    const src = srcWith({ 'features/a/page.tsx': component('Long', LIMIT + 1) + component('Fits', LIMIT) });
    expect(findLongFunctions(src, {})).toEqual([`features/a/page.tsx:Long is ${LIMIT + 1} lines (at most ${LIMIT}): split it by concern`]);
  });

  it('lets a listed function shrink but not grow, and fails a listed one that is now short', () => {
    const src = srcWith({ 'a.tsx': component('Old', 200) + component('Grown', 181), 'b.tsx': component('Split', 40) });
    const problems = findLongFunctions(src, { 'a.tsx:Old': 210, 'a.tsx:Grown': 180, 'b.tsx:Split': 170 });
    expect(problems).toEqual([
      'a.tsx:Grown grew to 181 lines (listed at 180): it may only shrink',
      `b.tsx:Split is no longer over ${LIMIT} lines: take it off scripts/size-baseline.json`,
    ]);
  });

  it('skips tests and type declarations', () => {
    const src = srcWith({ 'a.test.tsx': component('Spec', 300), 'schema.d.ts': component('Types', 300) });
    expect(findLongFunctions(src, {})).toEqual([]);
  });
});
