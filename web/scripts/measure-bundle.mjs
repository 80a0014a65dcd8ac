#!/usr/bin/env node
/**
 * Gzipped size of the JavaScript the console loads before the sign-in form shows, and before its first screen (the
 * login page, the console's root and the main layout), read from the Vite manifest of a production build.
 * `npm run build` runs it: the build fails when either grows past its guard.
 *
 * - Before the sign-in form (docs/budgets.md `slow-link`, issue 52 item 11: ≤ 150 KB gzipped): index.html's entry
 *   and its static imports (the login page is one of them, drawn without antd) and the default language's (zh-CN)
 *   shell texts. The guard is the budget: the form needs 144.4 KB (26 November 2026, from 268.1 KB).
 * - Before the first screen (docs/budgets.md `first-load-size`, issue 18 item 9: ≤ 300 KB gzipped): that, the
 *   console's root (antd and its providers, the query cache) and the layout chunk with their static imports, the
 *   English fallback and antd's and dayjs's zh-CN locales. Each file is counted once.
 *
 *   node scripts/measure-bundle.mjs [distDir] [--max KB] [--max-sign-in KB] [--json]
 *
 * Exits 1 when a total is over its guard (--max: the first load's, default GUARD_KB; --max-sign-in: the sign-in
 * form's, default SIGN_IN_GUARD_KB).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { closure as closureIn, readViteManifest, SHELL_ROOTS as ROOTS } from './shell-files.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
export const BUDGET_KB = 300;
export const GUARD_KB = 300;
export const SIGN_IN_BUDGET_KB = 150;
export const SIGN_IN_GUARD_KB = 150;
const maxKb = option('--max', GUARD_KB);
const maxSignInKb = option('--max-sign-in', SIGN_IN_GUARD_KB);
const asJson = args.includes('--json');
const dist = resolve(args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--max')) ?? 'dist');
const manifest = readViteManifest(dist);
const closure = (keys, seen) => closureIn(manifest, keys, seen);

const gzipKb = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;
const sum = (files) => [...files].reduce((total, file) => total + gzipKb(file), 0);

const entry = closure(ROOTS.entry);
const signIn = closure([...ROOTS.entry, ...ROOTS.signIn]);
const all = closure([...ROOTS.entry, ...ROOTS.layout, ...ROOTS.language]);

const report = {
  entryKb: +sum(entry).toFixed(1),
  signInKb: +sum(signIn).toFixed(1),
  signInFiles: signIn.size,
  signInBudgetKb: maxSignInKb,
  loginPlusLayoutKb: +sum(all).toFixed(1),
  files: all.size,
  budgetKb: maxKb,
};

if (asJson) console.log(JSON.stringify(report));
else {
  console.log(`entry (react, router, i18n, client, the login page without antd): ${report.entryKb} KB gzip`);
  console.log(`before the sign-in form (entry + zh-CN shell texts):          ${report.signInKb} KB gzip in ${report.signInFiles} files (guard ${maxSignInKb} KB, design budget ${SIGN_IN_BUDGET_KB} KB)`);
  console.log(`before the first screen (+ antd, layout, locales, fallback):  ${report.loginPlusLayoutKb} KB gzip in ${report.files} files (guard ${maxKb} KB, design budget ${BUDGET_KB} KB)`);
}
let over = false;
if (report.signInKb > maxSignInKb) {
  console.error(`the sign-in form needs ${report.signInKb} KB of gzipped JavaScript, over ${maxSignInKb} KB: keep antd and what the form does not draw out of the entry (see web/README.md, "First load")`);
  over = true;
}
if (report.loginPlusLayoutKb > maxKb) {
  console.error(`the first load (login page + console + main layout) is ${report.loginPlusLayoutKb} KB gzipped, over ${maxKb} KB: load what the first screen does not need when it is used (see web/README.md, "First load")`);
  over = true;
}
if (over) process.exit(1);
