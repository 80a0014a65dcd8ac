/**
 * The features' locale files (src/features/<feature>/locales/<language>.ts), found by one glob: the
 * one place where a shared layer reaches into src/features, and only for texts
 * (scripts/check-imports.mjs allows no other). features.ts loads this module lazily, with the
 * first page's texts: the first load then carries one reference to it, not a loader per feature
 * and language (about 1.6 KB gzipped, web/README.md "First load").
 */
import type { Language } from './languages';

const files = import.meta.glob<{ default: unknown }>(['../features/*/locales/*.ts', '!**/types.ts', '!**/*.test.ts']);

const FILE = /^\.\.\/features\/([^/]+)\/locales\/[^/]+\.ts$/;

/** The features that have locale files, as the glob found them. */
export const FEATURE_NAMES: readonly string[] = [...new Set(Object.keys(files).map((path) => FILE.exec(path)?.[1]))].filter(
  (name) => name !== undefined,
);

/** A feature's texts in a language (the default export of its locale file). */
export function loadLocaleFile(feature: string, language: Language): Promise<unknown> {
  const load = files[`../features/${feature}/locales/${language}.ts`];
  if (!load) return Promise.reject(new Error(`no ${language} texts for the feature ${feature}`));
  return load().then((m) => m.default);
}
