import { afterAll } from 'vitest';
import { undoBetweenFiles } from './between-files';

// The logic's tests run in plain Node; the few that ask for a document (`// @vitest-environment jsdom`) get the
// components' setup too: matchMedia, ResizeObserver, and storage and cookies emptied after each test.
if (typeof document !== 'undefined') await import('./setup');

afterAll(undoBetweenFiles);
