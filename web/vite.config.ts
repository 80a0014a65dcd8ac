import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

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

export default defineConfig(({ command }) => ({
  plugins: [react(), rcFormIndexPure],
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
    chunkSizeWarningLimit: 800,
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
    css: false,
  },
}));
