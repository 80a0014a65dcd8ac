#!/usr/bin/env node
/**
 * No function of the console over 100 lines (issue 31 item 7 at 150; 100 since issue 49 item 5): a long component is
 * split by concern (state and effects in hooks, table columns and form sections in their own files).
 *
 *   node scripts/check-sizes.mjs [srcDir]
 *
 * Counts every function (declaration, arrow, function expression, method) of src/ except tests and .d.ts files,
 * from its first line to its last. The functions that were over the limit when the rule came are listed in
 * scripts/size-baseline.json with their length then: such a function may shrink, never grow, and leaves the list
 * once under the limit (the check fails on a stale entry, so the list only gets shorter). Any other function over
 * the limit fails. Exits 1 and names each.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const LIMIT = 100;
const HERE = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

function nameOf(node) {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText();
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  return '(anonymous)';
}

/** Every function of one file as [name, lines], in source order. */
export function functionLengths(fileName, text) {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isMethodDeclaration(node)) {
      const first = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const last = file.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push([nameOf(node), last - first + 1]);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** What breaks the rule in `src`, against `baseline` ("path:name" -> lines when the rule came). */
export function findLongFunctions(src, baseline) {
  const problems = [];
  const seen = new Set();
  for (const path of sourceFiles(src)) {
    const rel = relative(src, path).split(sep).join('/');
    for (const [name, lines] of functionLengths(path, readFileSync(path, 'utf8'))) {
      if (lines <= LIMIT) continue;
      const key = `${rel}:${name}`;
      seen.add(key);
      const allowed = baseline[key];
      if (allowed === undefined) problems.push(`${key} is ${lines} lines (at most ${LIMIT}): split it by concern`);
      else if (lines > allowed) problems.push(`${key} grew to ${lines} lines (listed at ${allowed}): it may only shrink`);
    }
  }
  for (const key of Object.keys(baseline)) {
    if (!seen.has(key)) problems.push(`${key} is no longer over ${LIMIT} lines: take it off scripts/size-baseline.json`);
  }
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const src = resolve(process.argv[2] ?? join(HERE, '..', 'src'));
  const baseline = JSON.parse(readFileSync(join(HERE, 'size-baseline.json'), 'utf8'));
  const problems = findLongFunctions(src, baseline);
  for (const problem of problems) console.error(problem);
  process.exit(problems.length ? 1 : 0);
}
