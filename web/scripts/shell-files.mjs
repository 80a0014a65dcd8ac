/**
 * The console's shell: what the login page and the layout load before their first paint, read from
 * the Vite manifest of a build (`<dist>/.vite/manifest.json`). Two users:
 * - scripts/measure-bundle.mjs counts its JavaScript against the sign-in and first-load guards;
 * - vite.config.ts lets the service worker precache only these files (with their CSS), not the
 *   hundreds of KB of lazy page chunks (issue 32 item 2).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// The login page is part of the entry (src/app/router.tsx imports it; vite.config.ts's "shell" chunk), drawn with the
// language's shell texts only (`signIn`: issue 52 item 11); the console's root (antd, its style sheet, the query
// cache), the layout, the English fallback and antd's and dayjs's locales follow before the first screen.
export const SHELL_ROOTS = {
  entry: ['index.html'],
  signIn: ['src/i18n/locales/zh-CN.ts'],
  layout: ['src/app/console.tsx', 'src/app/layout/main-layout.tsx'],
  language: [
    'src/i18n/locales/zh-CN.ts',
    'src/i18n/locales/en.ts',
    'node_modules/antd/es/locale/zh_CN.js',
    'node_modules/dayjs/locale/zh-cn.js',
  ],
};

export function readViteManifest(dist) {
  return JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
}

/** The chunk files of `keys` and of their static imports (each once), added to `seen`. */
export function closure(manifest, keys, seen = new Set()) {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`not in the manifest: ${key}`);
    if (seen.has(chunk.file)) continue;
    seen.add(chunk.file);
    closure(manifest, chunk.imports ?? [], seen);
  }
  return seen;
}

/** Every file of the shell: its chunks, their CSS and the assets they import (dist-relative paths). */
export function shellFiles(manifest) {
  const roots = Object.values(SHELL_ROOTS).flat();
  const chunks = closure(manifest, roots);
  const files = new Set(chunks);
  for (const chunk of Object.values(manifest)) {
    if (!chunks.has(chunk.file)) continue;
    for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
  }
  return files;
}
