#!/usr/bin/env node
/**
 * Imports go one way: app -> features -> shared layers (components, api, i18n, lib).
 *
 *   node scripts/check-imports.mjs [srcDir]
 *
 * - src/app (and src/main.tsx) may import anything;
 * - a feature (src/features/<name>) may import its own files and the shared layers, never src/app
 *   and never another feature;
 * - the shared layers may import each other, never src/app nor a feature; the one exception is
 *   src/i18n reading the features' texts (src/features/<name>/locales), which it gathers.
 *
 * Every import counts, `import type` and `import()` too. Exits 1 and names each offending import.
 * oxlint has no import/no-restricted-paths, hence this script (`npm run lint` runs it).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const SHARED = new Set(['components', 'api', 'i18n', 'lib', 'test']);
const SOURCE = /\.(ts|tsx|mts|js|jsx|mjs)$/;
const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The layer a file belongs to: 'app', 'feature:<name>' or a shared layer's name ('lib'...). */
export function layerOf(path) {
  const [top, second] = path.split('/');
  if (top === 'app' || top === 'main.tsx') return 'app';
  if (top === 'features') return `feature:${second}`;
  if (SHARED.has(top)) return top;
  return 'app';
}

/** The source without its comments (examples in doc comments are not imports). */
function withoutComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
}

function listSources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listSources(path);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The imported file's path inside src ('features/fleet/components/echart'), or null for a package. */
function target(fromPath, spec) {
  if (spec.startsWith('@/')) return spec.slice(2);
  if (!spec.startsWith('.')) return null;
  return join(dirname(fromPath), spec).split(sep).join('/');
}

/** Why an import from `from` (a path inside src) to `to` breaks the rule, or null when it may. */
export function ruleBroken(from, to) {
  const source = layerOf(from);
  const imported = layerOf(to);
  if (source === 'app' || source === imported) return null;
  if (imported === 'app') return `${source.replace('feature:', 'the feature ')} may not import src/app (pass what it needs down, or move it to src/lib)`;
  if (imported.startsWith('feature:')) {
    if (source === 'i18n' && to.split('/')[2] === 'locales') return null;
    const name = imported.slice('feature:'.length);
    return source.startsWith('feature:')
      ? `a feature may not import another feature's files (${name}); move what both use to src/components, src/api or src/lib`
      : `src/${source} is shared and may not import a feature (${name})`;
  }
  return null;
}

/** Every import that goes the wrong way, as `{ file, spec, reason }` with paths relative to srcDir. */
export function findViolations(srcDir) {
  const root = resolve(srcDir);
  return listSources(root).flatMap((file) => {
    const from = relative(root, file).split(sep).join('/');
    const text = withoutComments(readFileSync(file, 'utf8'));
    return [...text.matchAll(IMPORT)].flatMap((match) => {
      const spec = match[1] ?? match[2];
      const to = target(from, spec);
      const reason = to === null ? null : ruleBroken(from, to);
      return reason ? [{ file: from, spec, reason }] : [];
    });
  });
}

function main() {
  const here = dirname(fileURLToPath(import.meta.url));
  const srcDir = process.argv[2] ?? join(here, '..', 'src');
  const violations = findViolations(srcDir);
  for (const { file, spec, reason } of violations) console.error(`src/${file}: import '${spec}': ${reason}`);
  if (violations.length > 0) {
    console.error(`\n${violations.length} import(s) against the layer rule (web/README.md, "Layers").`);
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
