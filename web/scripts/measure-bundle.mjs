#!/usr/bin/env node
/**
 * Gzipped size of the JavaScript the console loads for the login page and for the main layout,
 * read from the Vite manifest of a production build. `npm run build` runs it: the build fails when
 * the first load grows past GUARD_KB. The budget is 300 KB (docs/budgets.md `first-load-size`; issue 18 item 9), met on 23 November
 * 2026 (299.1 KB, from 356.6): the guard stands at that figure rounded up, so that it cannot grow back.
 *
 *   node scripts/measure-bundle.mjs [distDir] [--max KB] [--json]
 *
 * Counted: index.html's entry and its static imports (the login page is one of them); the layout chunk and
 * its static imports; the default language's texts (zh-CN), the English fallback, and antd's
 * and dayjs's zh-CN locales, which load before the first paint. Each file is counted once.
 * Exits 1 when the total is over --max (default GUARD_KB).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { closure as closureIn, readViteManifest, SHELL_ROOTS as ROOTS } from './shell-files.mjs';

const args = process.argv.slice(2);
const maxAt = args.indexOf('--max');
export const BUDGET_KB = 300;
export const GUARD_KB = 300;
const maxKb = maxAt >= 0 ? Number(args[maxAt + 1]) : GUARD_KB;
const asJson = args.includes('--json');
const dist = resolve(args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--max') ?? 'dist');
const manifest = readViteManifest(dist);
const closure = (keys, seen) => closureIn(manifest, keys, seen);

const gzipKb = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;
const sum = (files) => [...files].reduce((total, file) => total + gzipKb(file), 0);

const entry = closure(ROOTS.entry);
const language = closure(ROOTS.language, new Set(entry));
const login = closure([...ROOTS.entry, ...ROOTS.language]);
const all = closure([...ROOTS.entry, ...ROOTS.layout, ...ROOTS.language]);
for (const file of entry) language.delete(file);

const report = {
  entryKb: +sum(entry).toFixed(1),
  languageKb: +sum(language).toFixed(1),
  loginPageKb: +sum(login).toFixed(1),
  loginPlusLayoutKb: +sum(all).toFixed(1),
  files: all.size,
  budgetKb: maxKb,
};

if (asJson) console.log(JSON.stringify(report));
else {
  console.log(`entry (react, router, antd core, i18n, client, login page): ${report.entryKb} KB gzip`);
  console.log(`language (zh-CN + en fallback + antd/dayjs zh-CN): ${report.languageKb} KB gzip`);
  console.log(`login page total:                            ${report.loginPageKb} KB gzip`);
  console.log(`login page + main layout:                    ${report.loginPlusLayoutKb} KB gzip in ${report.files} files (guard ${maxKb} KB, design budget ${BUDGET_KB} KB)`);
}
if (report.loginPlusLayoutKb > maxKb) {
  console.error(`the first load (login page + main layout) is ${report.loginPlusLayoutKb} KB gzipped, over ${maxKb} KB: load what the first screen does not need when it is used (see web/README.md, "First load")`);
  process.exit(1);
}
