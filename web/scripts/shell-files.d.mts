/** Types of shell-files.mjs, for vite.config.ts. */
export interface ViteManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  assets?: string[];
}
export type ViteManifest = Record<string, ViteManifestChunk>;
export const SHELL_ROOTS: Record<'entry' | 'signIn' | 'layout' | 'language', string[]>;
export function readViteManifest(dist: string): ViteManifest;
export function closure(manifest: ViteManifest, keys: string[], seen?: Set<string>): Set<string>;
export function shellFiles(manifest: ViteManifest): Set<string>;
