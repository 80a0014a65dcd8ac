import { vi } from 'vitest';

/** The browser's media queries as a test wants them: those given match, every other does not (restore with
 * `vi.restoreAllMocks()`). */
export function matchingMediaQueries(...matching: string[]) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({ matches: matching.includes(query), media: query, addEventListener: () => undefined, removeEventListener: () => undefined }) as unknown as MediaQueryList,
  );
}
