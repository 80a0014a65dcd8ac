import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { findCallNamedApiFiles, findSharedPaths, findStrayPosts, findStrayQueryKeys, findViolations } from './check-imports.mjs';

const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), 'check-imports.mjs');
const trees = [];

/** A src folder with these files (path -> source). */
function srcWith(files) {
  const root = mkdtempSync(join(tmpdir(), 'check-imports-'));
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

describe('check-imports', () => {
  it('lets app import features, features import the shared layers, and i18n glob the features\' locale files', () => {
    const src = srcWith({
      'app/router.tsx': "import page from '@/features/device/device-list-page';\nconst lazy = () => import('@/features/fleet/info/page');",
      'features/device/device-list-page.tsx': "import { post } from '@/api/client';\nimport { QueryState } from '@/components/query-state';\nimport { useCan } from '@/lib/use-can';\nimport { x } from './lib/x';",
      'components/owner-picker.tsx': "import { deviceKeys } from '../api/device/keys';\nimport { useSessionStore } from '@/lib/session';",
      'i18n/feature-files.ts': "const files = import.meta.glob<{ default: unknown }>(['../features/*/locales/*.ts', '!**/types.ts']);",
      'i18n/wiring.test.ts': "const text = import.meta.glob(['/src/**/*.{ts,tsx}'], { query: '?raw', import: 'default', eager: true });",
      'i18n/form/index.ts': "const files = import.meta.glob(['./*.ts', '!./index.ts'], { eager: true });",
      'lib/doc.ts': "/** withTexts(() => import('@/features/device/device-list-page'), 'device') */\nexport const a = 1;",
    });
    expect(findViolations(src)).toEqual([]);
  });

  it('names each import that goes the wrong way, type-only and lazy ones too', () => {
    const src = srcWith({
      'features/monitor/state-donut.tsx': "import { EChart } from '@/features/fleet/components/echart';",
      'features/monitor/filters.tsx': "import type { SessionUser } from '../../app/stores/session';",
      'components/picker.tsx': "const page = () => import('@/features/device/components/owner-tree-select');",
      'lib/texts.ts': "import type en from '@/features/monitor/locales/en';",
      'i18n/load.ts': "import page from '@/features/device/device-list-page';",
      // a feature's texts are typed by the feature (module augmentation), not imported by src/i18n
      'i18n/features.ts': "import type { DeviceMessages } from '@/features/device/locales/types';",
      'lib/pages.ts': "const pages = import.meta.glob('../features/*/*-page.tsx');",
      'i18n/texts.ts': "const files = import.meta.glob(['/src/features/*/locales/*.ts']);",
      'i18n/feature-files.ts': "const files = import.meta.glob<{ default: unknown }>(['../features/**/*.ts', '!**/types.ts']);",
    });
    const found = findViolations(src).map(({ file, spec }) => `${file} -> ${spec}`);
    expect(found.toSorted()).toEqual([
      'components/picker.tsx -> @/features/device/components/owner-tree-select',
      "features/monitor/filters.tsx -> ../../app/stores/session",
      'features/monitor/state-donut.tsx -> @/features/fleet/components/echart',
      'i18n/feature-files.ts -> ../features/**/*.ts',
      'i18n/features.ts -> @/features/device/locales/types',
      'i18n/load.ts -> @/features/device/device-list-page',
      'i18n/texts.ts -> /src/features/*/locales/*.ts',
      'lib/pages.ts -> ../features/*/*-page.tsx',
      'lib/texts.ts -> @/features/monitor/locales/en',
    ]);
    const reasons = findViolations(src).map((v) => v.reason).join('\n');
    expect(reasons).toContain("another feature's files (fleet)");
    expect(reasons).toContain('may not import src/app');
  });

  it('fails the lint run with the offending file and import, and passes a clean tree', () => {
    const bad = srcWith({ 'features/screen/page.tsx': "import { useDeviceLinks } from '@/features/fleet/components/device-links';" });
    let output = '';
    let failed = false;
    try {
      execFileSync(process.execPath, [SCRIPT, bad], { encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      failed = true;
      output = String(error.stderr);
    }
    expect(failed).toBe(true);
    expect(output).toContain("src/features/screen/page.tsx: import '@/features/fleet/components/device-links'");

    const clean = srcWith({ 'features/screen/page.tsx': "import { useDeviceLinks } from '@/lib/device-links';" });
    expect(execFileSync(process.execPath, [SCRIPT, clean], { encoding: 'utf8' })).toBe('');
  });

  it('finds nothing wrong in the console itself', () => {
    const src = join(dirname(SCRIPT), '..', 'src');
    expect(findViolations(src)).toEqual([]);
    expect(findSharedPaths(src)).toEqual([]);
    expect(findStrayPosts(src)).toEqual([]);
  });

  it('names both files when one API path is called in two, but not type arguments, comments or tests', () => {
    const src = srcWith({
      'features/task/api/tasks.ts': "export const list = () => post('/api/task/list', {});\nexport type Task = DataOf<'/api/task/state'>;",
      'features/map/api/maps.ts': "export const work = () => post(\"/api/task/list\", {});\n/** like post('/api/task/state') */",
      'features/task/api/state.ts': "export const state = () => post('/api/task/state', {});",
      'features/task/api/tasks.test.ts': "if (url === '/api/task/list') return [];",
    });
    expect(findSharedPaths(src)).toEqual([{ path: '/api/task/list', files: ['features/map/api/maps.ts', 'features/task/api/tasks.ts'] }]);
  });

  it('allows post( only in src/api and a feature api folder', () => {
    const src = srcWith({
      'api/device/get-device.ts': "export const a = () => post('/api/a', {});",
      'features/fleet/hire/api/hires.ts': "export const b = () => post('/api/b', {});",
      'features/files/ad-page.tsx': "const robots = useQuery({ queryFn: () => post('/api/c', {}) });",
      'app/live/feed.tsx': "void post('/api/d', {});",
      'features/files/upload.ts': "export const e = () => client.post('/api/e'); const f = () => repost(1);",
      'features/files/ad-page.test.tsx': "post('/api/c', {});",
    });
    expect(findStrayPosts(src).toSorted()).toEqual(['app/live/feed.tsx', 'features/files/ad-page.tsx']);
  });

  it('names api files called after one call instead of their resource', () => {
    const src = srcWith({
      'features/fleet/api/get-nodes.ts': "export const a = () => post('/api/a', {});",
      'features/fleet/api/transfer-nodes.ts': "export const b = () => post('/api/b', {});",
      'api/device/update-device.ts': "export const c = () => post('/api/c', {});",
      'api/device/devices.ts': "export const d = () => post('/api/d', {});",
      'features/fleet/components/get-label.ts': 'export const e = 1;',
      'features/fleet/api/get-nodes.test.ts': "post('/api/a', {});",
    });
    expect(findCallNamedApiFiles(src).toSorted()).toEqual(['api/device/update-device.ts', 'features/fleet/api/get-nodes.ts']);
  });

  it('keeps query keys in keys.ts: no inline key array, no keys object elsewhere', () => {
    const src = srcWith({
      'features/site/api/keys.ts': "export const siteKeys = { all: ['site'] as const };",
      'features/site/api/sites.ts': 'export const use = () => useQuery({ queryKey: siteKeys.all, queryFn });',
      'features/site/api/report.ts': "export const use = () => useQuery({ queryKey: ['site', 'report'], queryFn });",
      'features/report/components/run-path.tsx': "const q = useQuery({\n    queryKey:\n      ['taskReport', 1],\n  });",
      'api/wear/forecast.ts': "export const wearKeys = {\n  all: ['wear'] as const,\n};",
      'features/site/api/sites.test.ts': "client.invalidateQueries({ queryKey: ['site'] });",
      'features/site/lib/note.ts': "// queryKey: ['site'] in a comment is no key",
      'features/site/components/tree.tsx': 'const t = <Tree expandedKeys={open} checkedKeys={{ checked: [] }} />;',
    });
    expect(findStrayQueryKeys(src).toSorted()).toEqual(['api/wear/forecast.ts', 'features/report/components/run-path.tsx', 'features/site/api/report.ts']);
  });

  it('fails the lint run naming both files of a shared path and the stray post', () => {
    const bad = srcWith({
      'features/a/api/one.ts': "post('/api/x/y', {});",
      'features/b/page.tsx': "post('/api/x/y', {});",
    });
    let output = '';
    try {
      execFileSync(process.execPath, [SCRIPT, bad], { encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      output = String(error.stderr);
    }
    expect(output).toContain("'/api/x/y' is called in src/features/a/api/one.ts and src/features/b/page.tsx");
    expect(output).toContain('src/features/b/page.tsx: post( outside an api folder');
  });
});
