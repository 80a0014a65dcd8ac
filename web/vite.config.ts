import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { availableParallelism } from 'node:os';
import type { Plugin } from 'vite';
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';
import { configDefaults, defineConfig } from 'vitest/config';
import { readViteManifest, shellFiles } from './scripts/shell-files.mjs';

/** The unit test files that need a module graph of their own (see `test.projects` below). */
function ownGraphFiles(): string[] {
  const OWN = /vi\.(mock|doMock|unmock|doUnmock|resetModules)\(|@vitest-environment|^\/\/ own modules:/m;
  return ['src', 'scripts'].flatMap((dir) => readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.(ts|tsx|mjs)$/.test(file))
    .map((file) => join(dir, file))
    .filter((file) => OWN.test(readFileSync(file, 'utf8'))));
}
const OWN_GRAPH = process.env.VITEST ? ownGraphFiles() : [];

// The API server listens here during `npm run dev` (see README).
const apiTarget = process.env.CLEANFLEET_API_URL ?? 'http://127.0.0.1:8765';

// The Makefile passes the server's signing key and IV as CLEANFLEET_SIGN_KEY / _IV; explicit
// VITE_SIGN_KEY / VITE_SIGN_IV win. Vite reads VITE_* from the environment after this file runs.
// (process.env turns undefined into the string "undefined", so assign only real values.)
for (const name of ['KEY', 'IV']) {
  const fromServer = process.env[`CLEANFLEET_SIGN_${name}`];
  if (!process.env[`VITE_SIGN_${name}`] && fromServer) process.env[`VITE_SIGN_${name}`] = fromServer;
}

// react-router's package exports point every bundler at its development build (warnings and checks
// included: about 9 KB more gzipped JS on the first load); a build takes its production files.
const reactRouterProduction = [
  { find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
  { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
];

// antd's form context imports rc-form's index for one re-export the console never uses; the index
// has no side effects, but its package does not say so, so every screen loaded all of rc-form and
// async-validator (about 11 KB gzipped) before the first paint.
const RC_FORM_INDEX = /[\\/]@rc-component[\\/]form[\\/]es[\\/]index\.js$/;
const rcFormIndexPure = {
  name: 'cleanfleet:rc-form-index-pure',
  transform(code: string, id: string) {
    return RC_FORM_INDEX.test(id) ? { code, moduleSideEffects: false } : null;
  },
};

// The installed console (issue 32 item 2): the pad-customisation default colour, the product's name as
// the console shows it (app.name), icons made from favicon.svg by scripts/make-icons.mjs.
const THEME_COLOUR = '#017465';
const webManifest: Partial<VitePWAOptions['manifest']> = {
  name: 'CleanFleet',
  short_name: 'CleanFleet',
  description: '清洁机器人集群云端管理控制台',
  lang: 'zh-CN',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: THEME_COLOUR,
  background_color: THEME_COLOUR,
  icons: [
    { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

// The build's folder (`--outDir` included), known once Vite has resolved its configuration.
let outDir = 'dist';
const rememberOutDir: Plugin = {
  name: 'cleanfleet:out-dir',
  configResolved(config) {
    outDir = resolve(config.root, config.build.outDir);
  },
};

// The worker precaches the shell only (scripts/shell-files.mjs: index.html's entry, the login page and the
// layout with their CSS and first-load texts) and the public icons: the lazy page chunks stay out. Nor the web app
// manifest: the server answers it per host name's brand (backend branding/manifest.py), a cached copy would be the
// default one.
function shellOnly<E extends { url: string }>(entries: E[]) {
  const shell = shellFiles(readViteManifest(outDir));
  const kept = entries.filter(
    ({ url }) => url !== 'manifest.webmanifest' && (url === 'index.html' || !url.startsWith('assets/') || shell.has(url)),
  );
  return { manifest: kept, warnings: [] };
}

const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  // the update waits for the user's "Reload" (app/pwa); the registration is made after the first paint
  registerType: 'prompt',
  injectRegister: false,
  manifest: webManifest,
  injectManifest: {
    // the manifest's icons are added by the plugin; these two are not in the manifest
    globPatterns: ['**/*.{js,css,html,svg,woff,woff2}', 'pwa-badge-96x96.png', 'apple-touch-icon-180x180.png'],
    globIgnores: ['**/*.gz', '.vite/**'],
    manifestTransforms: [shellOnly],
  },
});

export default defineConfig(({ command }) => ({
  plugins: [react(), rcFormIndexPure, rememberOutDir, pwa],
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${fileURLToPath(new URL('./src', import.meta.url))}/` },
      ...(command === 'build' ? reactRouterProduction : []),
    ],
  },
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false, ws: true } },
  },
  build: {
    // The manifest lets scripts/measure-bundle.mjs find what the login page and the layout load.
    manifest: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        // What index.html loads before the sign-in form (the entry and the login page it imports: React, the
        // router, antd's inputs, i18n) in one chunk: left to automatic splitting it came as some 50 files of
        // 0.1-90 KB, each shared with lazy pages, a waterfall on a slow link (issue 37 item 3). Lazy pages import
        // from it; the language files and every page stay their own chunks.
        codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] },
      },
    },
  },
  test: {
    globals: true,
    css: false,
    // every core (Vitest leaves one free by default: on two cores, one worker; 143 s against 96 s with two)
    maxWorkers: availableParallelism(),
    // Components (.test.tsx) in a browser-like document (jsdom); the logic's tests (.test.ts, scripts) in plain
    // Node, which starts at once where a jsdom document costs about a second a file: 80 of the 93 need none. A
    // logic test that does need one (storage, cookies, focus) says so at its top with `// @vitest-environment jsdom`.
    //
    // The files of a worker share one module graph (`isolate: false`): each file importing antd, React and the
    // console afresh cost half of the run's CPU (side by side on a quiet 2-core machine: 434 s of CPU and 226 s,
    // against 213 s and 113 s shared). What a file leaves behind is undone after it (src/test/between-files.ts; zustand's
    // stores through src/test/zustand.ts). A file that mocks modules, picks its own environment or says
    // `// own modules:` keeps a graph of its own (the `-own` projects).
    alias: [{ find: /^zustand$/, replacement: fileURLToPath(new URL('./src/test/zustand.ts', import.meta.url)) }],
    projects: [
      { extends: true, test: { name: 'components', environment: 'jsdom', setupFiles: ['./src/test/setup.ts'], include: ['src/**/*.test.tsx'], exclude: [...configDefaults.exclude, ...OWN_GRAPH], isolate: false } },
      { extends: true, test: { name: 'components-own', environment: 'jsdom', setupFiles: ['./src/test/setup.ts'], include: OWN_GRAPH.filter((file) => file.endsWith('.tsx')) } },
      { extends: true, test: { name: 'logic', environment: 'node', setupFiles: ['./src/test/setup-logic.ts'], include: ['src/**/*.test.ts', 'scripts/**/*.test.mjs'], exclude: [...configDefaults.exclude, ...OWN_GRAPH], isolate: false } },
      { extends: true, test: { name: 'logic-own', environment: 'node', setupFiles: ['./src/test/setup-logic.ts'], include: OWN_GRAPH.filter((file) => !file.endsWith('.tsx')) } },
    ],
  },
}));
