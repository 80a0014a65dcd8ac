/**
 * What one test file may leave behind for the next in the same worker (the files share one module graph:
 * vite.config.ts `isolate: false`), undone after each file: the stores' states, the language, fake timers, stubbed
 * globals and environment, storage (setup.ts empties storage and cookies after each test too). Which files keep a
 * graph of their own instead: vite.config.ts `ownGraphFiles`.
 */
import { vi } from 'vitest';
import { i18n } from '@/i18n/instance';
import { DEFAULT_LANGUAGE } from '@/i18n/languages';
import { resetStores } from './zustand';

const hasDocument = typeof document !== 'undefined';
const firstLang = hasDocument ? document.documentElement.getAttribute('lang') : null;
const firstDir = hasDocument ? document.documentElement.getAttribute('dir') : null;

function restoreAttribute(name: string, value: string | null): void {
  if (value === null) document.documentElement.removeAttribute(name);
  else document.documentElement.setAttribute(name, value);
}

/** The setups' `afterAll` (a setup file runs again before each file; this module, once per worker). */
export async function undoBetweenFiles(): Promise<void> {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  resetStores();
  if (i18n.language !== DEFAULT_LANGUAGE) await i18n.changeLanguage(DEFAULT_LANGUAGE);
  if (!hasDocument) return;
  restoreAttribute('lang', firstLang);
  restoreAttribute('dir', firstDir);
  localStorage.clear();
  sessionStorage.clear();
}
