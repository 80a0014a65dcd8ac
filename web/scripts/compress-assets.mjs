#!/usr/bin/env node
/**
 * Writes a gzipped copy (name.gz) beside each script, style sheet, JSON and SVG file of a build's assets, where
 * it is smaller; the server sends it to browsers that accept gzip (backend/cleanfleet/web.py). `npm run build`
 * runs it.
 *
 *   node scripts/compress-assets.mjs [distDir]
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|json|svg|map)$/;

export function compressAssets(dist) {
  const assets = join(dist, 'assets');
  let before = 0;
  let after = 0;
  for (const name of readdirSync(assets)) {
    if (!COMPRESSIBLE.test(name)) continue;
    const raw = readFileSync(join(assets, name));
    const gzipped = gzipSync(raw, { level: constants.Z_BEST_COMPRESSION });
    if (gzipped.length >= raw.length) continue;
    writeFileSync(join(assets, `${name}.gz`), gzipped);
    before += raw.length;
    after += gzipped.length;
  }
  return { before, after };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { before, after } = compressAssets(resolve(process.argv[2] ?? 'dist'));
  console.log(`gzipped copies: ${(before / 1024).toFixed(1)} KB of assets as ${(after / 1024).toFixed(1)} KB`);
}
