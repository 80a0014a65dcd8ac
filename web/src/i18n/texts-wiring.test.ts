/**
 * Feature texts load with the modules that show them (see load.ts). This test follows the import
 * graph from src/main.tsx and fails when a module could render a feature's key before that
 * feature's texts were asked for: the shell (everything loaded statically) must use no feature's
 * keys, and a lazily imported module may use only the features named by `withTexts(() =>
 * import(…), 'feature', …)` around its import, or by the lazy imports that led to it.
 */
import { describe, expect, it } from 'vitest';
import { loadFeatureNames, type Feature } from './features';

const FEATURES = await loadFeatureNames();

/** Every source file by its path ('/src/app/router.tsx'), read by Vite (no Node types in the app project). */
const SOURCES: Record<string, string> = import.meta.glob(['/src/**/*.{ts,tsx}', '!**/*.test.{ts,tsx}', '!**/*.d.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

function normalize(path: string): string {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') out.pop();
    else if (part !== '.' && part !== '') out.push(part);
  }
  return `/${out.join('/')}`;
}

function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@/')) base = `/src/${spec.slice(2)}`;
  else if (spec.startsWith('.')) base = normalize(`${from.slice(0, from.lastIndexOf('/'))}/${spec}`);
  else return null; // a package
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (SOURCES[candidate] !== undefined) return candidate;
  }
  return null; // css, json, assets
}

const relative = (file: string) => file.replace(/^\/src\//, '');

interface Parsed {
  text: string;
  statics: string[];
  /** Lazy imports with the features named by a withTexts around them. */
  dynamics: { target: string; features: Feature[] }[];
}

const cache = new Map<string, Parsed>();
const STATIC = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?'([^']+)'/gm;
const DYNAMIC = /import\(\s*'([^']+)'\s*\)/g;
const WITH_TEXTS = /withTexts\(\s*(?:async\s*)?\(\)\s*=>\s*import\(\s*'([^']+)'\s*\)\s*((?:,\s*'[^']+'\s*)*),?\s*\)/g;

function parse(file: string): Parsed {
  let parsed = cache.get(file);
  if (parsed) return parsed;
  const text = SOURCES[file]!;
  const statics = [...text.matchAll(STATIC)].map((m) => resolveImport(file, m[1]!)).filter((f) => f !== null);
  const named = new Map<string, Feature[]>();
  for (const m of text.matchAll(WITH_TEXTS)) {
    // loadFeatureTexts brings the shared form messages (`form.*`) with every withTexts.
    named.set(m[1]!, [...[...m[2]!.matchAll(/'([^']+)'/g)].map((n) => n[1] as Feature), 'form']);
  }
  const dynamics = [...text.matchAll(DYNAMIC)].flatMap((m) => {
    const target = resolveImport(file, m[1]!);
    return target ? [{ target, features: named.get(m[1]!) ?? [] }] : [];
  });
  parsed = { text, statics, dynamics };
  cache.set(file, parsed);
  return parsed;
}

/** The module and everything it imports statically (locale files aside: they hold the texts). */
function staticClosure(file: string): string[] {
  const seen = new Set<string>();
  const visit = (f: string) => {
    if (seen.has(f) || f.includes('/locales/')) return;
    seen.add(f);
    for (const next of parse(f).statics) visit(next);
  };
  visit(file);
  return [...seen];
}

const KEY_OF = new RegExp(`['"\`](${FEATURES.join('|')})\\.[A-Za-z_$]`, 'g');

const COMMENTS = /\/\*[\s\S]*?\*\/|(^|\s)\/\/.*$/gm;

/** The features whose keys a file names (`'device.list.loading'`, `\`monitor.alarm.keys.${k}\``). */
function featuresUsed(file: string): Set<string> {
  const code = parse(file).text.replace(COMMENTS, '$1');
  return new Set([...code.matchAll(KEY_OF)].map((m) => m[1]!));
}

/** Walks from main.tsx; for each lazily loaded module, the features it uses that nobody loaded. */
function walk(): { findings: Set<string>; entries: Map<string, Set<Feature>> } {
  const findings = new Set<string>();
  const entries = new Map<string, Set<Feature>>();
  const queue: [string, Set<Feature>][] = [['/src/main.tsx', new Set()]];
  const done = new Set<string>();
  while (queue.length) {
    const [entry, loaded] = queue.shift()!;
    const id = `${entry}|${[...loaded].toSorted().join(',')}`;
    if (done.has(id)) continue;
    done.add(id);
    entries.set(entry, new Set([...(entries.get(entry) ?? []), ...loaded]));
    for (const file of staticClosure(entry)) {
      const missing = [...featuresUsed(file)].filter((f) => !loaded.has(f as Feature));
      for (const feature of missing) findings.add(`${relative(entry)} (${feature}.* in ${relative(file)})`);
      for (const { target, features } of parse(file).dynamics) queue.push([target, new Set([...loaded, ...features])]);
    }
  }
  return { findings, entries };
}

describe('feature texts', () => {
  const { findings, entries } = walk();
  const loadedWith = (file: string) => [...(entries.get(`/src/${file}`) ?? [])].toSorted();

  it('arrive before anything shows them', () => {
    expect([...findings].toSorted()).toEqual([]);
  });

  it('are found: the walk reaches the pages and the texts they use', () => {
    expect(loadedWith('features/device/device-list-page.tsx')).toContain('device');
    expect(loadedWith('app/live/live-services.tsx')).toEqual(['form', 'monitor']);
    expect(featuresUsed('/src/app/live/alarm-feed.tsx')).toEqual(new Set(['monitor']));
    // the shared form rules read only the form messages, which load with every page's texts
    expect(featuresUsed('/src/lib/form-rules.ts')).toEqual(new Set(['form']));
  });
});
