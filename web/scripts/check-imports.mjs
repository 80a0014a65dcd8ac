#!/usr/bin/env node
/**
 * Imports go one way: app -> features -> shared layers (components, api, i18n, lib).
 *
 *   node scripts/check-imports.mjs [srcDir]
 *
 * - src/app (and src/main.tsx) may import anything;
 * - a feature (src/features/<name>) may import its own files and the shared layers, never src/app
 *   and never another feature;
 * - the shared layers may import each other, never src/app nor a feature.
 *
 * Every import counts, `import type` and `import()` too. A Vite glob (`import.meta.glob(...)`)
 * imports every file it matches, so a shared layer's glob that can match a file of src/features
 * breaks the rule as well, but for one: src/i18n/feature-files.ts may glob the features' locale
 * files (`../features/<any>/locales/<file>`), the one documented way the texts are found (each feature
 * declares their type itself, in its locales/types.ts). A glob with `query: '?raw'` reads files as
 * text (a test reading the sources) and imports nothing. Exits 1 and names each offending import.
 * oxlint has no import/no-restricted-paths, hence this script (`npm run lint` runs it).
 *
 * Two rules keep every server call in one place (tests, which mock calls by path, are not checked):
 * - an API path string ('/api/...') is written in one file only: a second file calling the same path
 *   fails, naming both (use the first file's function). A path as a type argument (`DataOf<'/api/x'>`)
 *   only names a shape, not a call, and is not counted;
 * - `post(` is called only in an api folder (src/api or a feature's api/), never in a page or component.
 *
 * Two rules keep the api folders of one shape (web/README.md, "API files"):
 * - an api file is a resource (`robots.ts`, `device-groups.ts`: its reads, changes and hooks), never one call
 *   named by its verb (`get-robots.ts`, `update-device.ts`);
 * - query keys live only in a `keys.ts` (a feature's api/keys.ts or src/api/<area>/keys.ts): no `queryKey: [...]`
 *   written inline and no `...Keys = {` object anywhere else.
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

/** A quoted string (kept whole: a glob pattern may hold a comment's marks), or a comment. */
const STRING_OR_COMMENT = /('(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*")|\/\*[\s\S]*?\*\/|\/\/.*$/gm;

/** The source without its comments (examples in doc comments are not imports). */
function withoutComments(text) {
  return text.replace(STRING_OR_COMMENT, (match, string) => string ?? '');
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
    const name = imported.slice('feature:'.length);
    return source.startsWith('feature:')
      ? `a feature may not import another feature's files (${name}); move what both use to src/components, src/api or src/lib`
      : `src/${source} is shared and may not import a feature (${name})`;
  }
  return null;
}

/** The one file of a shared layer that may glob feature files, and what it may glob. */
export const TEXTS_ENTRY = 'i18n/feature-files.ts';
const TEXTS_GLOB = /^features\/\*\/locales\/[^/]+$/;
const GLOB = /import\.meta\.glob\s*(?:<[^()]*?>)?\s*\(\s*(\[[^\]]*\]|'[^']*'|"[^"]*")\s*(?:,\s*(\{[^}]*\}))?/g;
const RAW = /query\s*:\s*['"]\?raw['"]/;

/** The pattern's path inside src (`features/<any>/locales/<any>.ts`), or null for a package's. */
function globTarget(fromPath, pattern) {
  if (pattern.startsWith('/src/')) return pattern.slice('/src/'.length);
  return target(fromPath, pattern);
}

/** Whether files matched by `pattern` (a path inside src) can be in src/features. */
function reachesFeatures(pattern) {
  const top = pattern.split('/')[0];
  return top === 'features' || /[*?{[]/.test(top);
}

/** Why a shared layer's glob of `pattern` breaks the rule, or null when it may. */
export function globRuleBroken(from, pattern) {
  const source = layerOf(from);
  if (source === 'app' || source.startsWith('feature:')) return null;
  const to = globTarget(from, pattern);
  if (to === null || !reachesFeatures(to)) return null;
  if (from === TEXTS_ENTRY && TEXTS_GLOB.test(to)) return null;
  return `src/${source} is shared and may not glob the features' files; only src/${TEXTS_ENTRY} finds their locale files`;
}

/** The patterns (without the `!` exclusions) of each glob in `text` that imports what it finds. */
function globPatterns(text) {
  return [...text.matchAll(GLOB)]
    .filter(([, , options]) => !RAW.test(options ?? ''))
    .flatMap(([, patterns]) => [...patterns.matchAll(/['"]([^'"]+)['"]/g)].map((m) => m[1]))
    .filter((pattern) => !pattern.startsWith('!'));
}

/** Every import that goes the wrong way, as `{ file, spec, reason }` with paths relative to srcDir. */
export function findViolations(srcDir) {
  const root = resolve(srcDir);
  return listSources(root).flatMap((file) => {
    const from = relative(root, file).split(sep).join('/');
    const text = withoutComments(readFileSync(file, 'utf8'));
    const imports = [...text.matchAll(IMPORT)].flatMap((match) => {
      const spec = match[1] ?? match[2];
      const to = target(from, spec);
      const reason = to === null ? null : ruleBroken(from, to);
      return reason ? [{ file: from, spec, reason }] : [];
    });
    const globs = globPatterns(text).flatMap((spec) => {
      const reason = globRuleBroken(from, spec);
      return reason ? [{ file: from, spec, reason }] : [];
    });
    return [...imports, ...globs];
  });
}

const TEST = /\.test\.(ts|tsx|mts|js|jsx|mjs)$/;
/** A quoted API path not written as a type argument (`<'/api/x'>`, `<'/api/x', ...>`). */
const API_PATH = /(?<!<\s*)(['"`])(\/api\/[^'"`$\s]+)\1/g;
const POST_CALL = /(?<![\w.$])post\s*\(/;

/** A file of an api folder: src/api/... or src/features/<name>/.../api/... */
export function inApiFolder(path) {
  return path.split('/').slice(0, -1).includes('api');
}

/** The sources (not tests) as `{ file, text }`, comments removed, paths relative to srcDir. */
function readSources(srcDir) {
  const root = resolve(srcDir);
  return listSources(root)
    .map((file) => ({ file: relative(root, file).split(sep).join('/'), text: withoutComments(readFileSync(file, 'utf8')) }))
    .filter(({ file }) => !TEST.test(file));
}

/** Each API path written in more than one file, as `{ path, files }` (files sorted). */
export function findSharedPaths(srcDir) {
  const filesOf = new Map();
  for (const { file, text } of readSources(srcDir)) {
    for (const [, , path] of text.matchAll(API_PATH)) {
      if (!filesOf.has(path)) filesOf.set(path, new Set());
      filesOf.get(path).add(file);
    }
  }
  return [...filesOf]
    .filter(([, files]) => files.size > 1)
    .map(([path, files]) => ({ path, files: [...files].toSorted() }))
    .toSorted((a, b) => a.path.localeCompare(b.path));
}

/** Each file outside an api folder that calls `post(`. */
export function findStrayPosts(srcDir) {
  return readSources(srcDir)
    .filter(({ file, text }) => !inApiFolder(file) && POST_CALL.test(text))
    .map(({ file }) => file);
}

/** A file name that is a call's verb rather than a resource. */
export const CALL_NAMED = /^(get|set|list|insert|add|create|update|edit|change|save|delete|remove|stop|view|search|send|reset|bind|generate|export|upload|replace|apply|fetch|post)-[^/]*$/;

/** Each api-folder file named after one call (a verb) instead of its resource. */
export function findCallNamedApiFiles(srcDir) {
  return readSources(srcDir)
    .filter(({ file }) => inApiFolder(file) && CALL_NAMED.test(file.split('/').at(-1)))
    .map(({ file }) => file);
}

const INLINE_KEY = /\bqueryKey\s*:\s*\[/;
const KEYS_OBJECT = /\b(?:const|let|var)\s+[A-Za-z]\w*Keys\s*=\s*\{/;

/** Each file other than a keys.ts that writes a query key array inline or defines a `...Keys` object. */
export function findStrayQueryKeys(srcDir) {
  return readSources(srcDir)
    .filter(({ file, text }) => file.split('/').at(-1) !== 'keys.ts' && (INLINE_KEY.test(text) || KEYS_OBJECT.test(text)))
    .map(({ file }) => file);
}

function main() {
  const here = dirname(fileURLToPath(import.meta.url));
  const srcDir = process.argv[2] ?? join(here, '..', 'src');
  const violations = findViolations(srcDir);
  for (const { file, spec, reason } of violations) console.error(`src/${file}: import '${spec}': ${reason}`);
  const shared = findSharedPaths(srcDir);
  for (const { path, files } of shared) {
    console.error(`'${path}' is called in ${files.map((f) => `src/${f}`).join(' and ')}: keep each API path in one api file and call its function`);
  }
  const posts = findStrayPosts(srcDir);
  for (const file of posts) console.error(`src/${file}: post( outside an api folder: move the call to src/api or the feature's api/`);
  const callNamed = findCallNamedApiFiles(srcDir);
  for (const file of callNamed) console.error(`src/${file}: an api file is named after its resource, not one call: merge it into the resource's file (web/README.md, "API files")`);
  const strayKeys = findStrayQueryKeys(srcDir);
  for (const file of strayKeys) console.error(`src/${file}: query keys outside keys.ts: add the key to the folder's keys.ts and use it`);
  if (violations.length > 0) console.error(`\n${violations.length} import(s) against the layer rule (web/README.md, "Layers").`);
  if (violations.length + shared.length + posts.length + callNamed.length + strayKeys.length > 0) process.exit(1);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
