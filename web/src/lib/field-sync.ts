/**
 * What the service worker (src/sw.ts) and the field kit's queue (features/fieldkit) agree on (issue 53 item 5): the
 * Background Sync tag the queue registers when it holds actions waiting for signal, and the message the worker posts
 * to the open console windows when the browser fires that sync. The worker does not send the actions itself: a
 * call needs the page's session token and signature, which only the page has; the page flushes and answers on the
 * message's port how many actions still wait, and the worker fails the sync while any do, so the browser tries again
 * later. Without Background Sync (Firefox, Safari) or without a worker, the page flushes on `online` and at start.
 */
export const FIELD_SYNC_TAG = 'cleanfleet-field-queue';
export const FIELD_FLUSH_MESSAGE = 'FIELD_FLUSH';

/** The page's answer to FIELD_FLUSH: actions still waiting for signal after its flush. */
export interface FieldFlushAnswer {
  waiting: number;
}
