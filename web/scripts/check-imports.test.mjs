import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { findViolations } from './check-imports.mjs';

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
  it('lets app import features, features import the shared layers, and i18n read feature texts', () => {
    const src = srcWith({
      'app/router.tsx': "import page from '@/features/device/device-list-page';\nconst lazy = () => import('@/features/fleet/info/page');",
      'features/device/device-list-page.tsx': "import { post } from '@/api/client';\nimport { QueryState } from '@/components/query-state';\nimport { useCan } from '@/lib/use-can';\nimport { x } from './lib/x';",
      'components/owner-picker.tsx': "import { deviceKeys } from '../api/device/keys';\nimport { useSessionStore } from '@/lib/session';",
      'i18n/features.ts': "import type { DeviceMessages } from '@/features/device/locales/types';",
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
    });
    const found = findViolations(src).map(({ file, spec }) => `${file} -> ${spec}`);
    expect(found.toSorted()).toEqual([
      'components/picker.tsx -> @/features/device/components/owner-tree-select',
      "features/monitor/filters.tsx -> ../../app/stores/session",
      'features/monitor/state-donut.tsx -> @/features/fleet/components/echart',
      'i18n/load.ts -> @/features/device/device-list-page',
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
    expect(findViolations(join(dirname(SCRIPT), '..', 'src'))).toEqual([]);
  });
});
