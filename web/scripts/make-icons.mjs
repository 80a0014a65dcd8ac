#!/usr/bin/env node
/**
 * The installed console's icons (issue 32 item 2), drawn from public/favicon.svg by Debian's
 * Chromium (the browser the e2e journeys use) and committed as small PNGs in public/:
 *
 *   node scripts/make-icons.mjs
 *
 * - pwa-192x192.png, pwa-512x512.png: the favicon as it is (rounded teal square);
 * - maskable-icon-512x512.png: a full teal square with the glyph inside the maskable safe zone
 *   (the middle 80% circle: launchers cut any shape out of it);
 * - pwa-badge-96x96.png: the glyph alone, white on transparent (Android draws a notification's
 *   badge from its alpha only);
 * - apple-touch-icon-180x180.png: a full square (iOS rounds it itself).
 * Run it again when favicon.svg changes; nothing runs at build time.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const PUBLIC = fileURLToPath(new URL('../public', import.meta.url));
const TEAL = '#017465';
const favicon = readFileSync(join(PUBLIC, 'favicon.svg'), 'utf8');
// the glyph: the favicon without its rounded background
const glyph = favicon.replace(/<rect[^>]*\/>/, '');

/** An SVG of `size` px: the glyph scaled to `scale` of it, on `background` (none: transparent). */
function framed(size, scale, background) {
  const inner = glyph.replace('<svg ', `<svg width="${size * scale}" height="${size * scale}" x="${(size * (1 - scale)) / 2}" y="${(size * (1 - scale)) / 2}" `);
  const fill = background ? `<rect width="${size}" height="${size}" fill="${background}"/>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">${fill}${inner}</svg>`;
}

const ICONS = [
  { file: 'pwa-192x192.png', size: 192, svg: favicon.replace('<svg ', '<svg width="192" height="192" ') },
  { file: 'pwa-512x512.png', size: 512, svg: favicon.replace('<svg ', '<svg width="512" height="512" ') },
  { file: 'maskable-icon-512x512.png', size: 512, svg: framed(512, 0.7, TEAL) },
  { file: 'apple-touch-icon-180x180.png', size: 180, svg: framed(180, 0.85, TEAL) },
  { file: 'pwa-badge-96x96.png', size: 96, svg: framed(96, 1, null) },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { file, size, svg } of ICONS) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
    const png = await page.locator('svg').first().screenshot({ omitBackground: true });
    writeFileSync(join(PUBLIC, file), png);
    console.log(`${file}: ${png.length} bytes`);
  }
} finally {
  await browser.close();
}
