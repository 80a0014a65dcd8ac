import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/errors';
import { keepSnapshot, keptSnapshot, type KeptSnapshot } from '../lib/store';
import { useOnline } from '../lib/use-online';
import { fetchSnapshot, type Snapshot } from './field';
import { fieldKeys } from './keys';

/** How often the page asks again while it is shown with signal. */
export const SNAPSHOT_EVERY_MS = 60_000;

export interface FieldSnapshot {
  /** What to show: the server's answer of this visit, else the copy kept on the phone; null: neither (yet). */
  shown: Snapshot | null;
  /** Whether `shown` is the copy kept on the phone (no answer in this visit). */
  fromPhone: boolean;
  online: boolean;
  /** The phone's copy was read (or there is none): the page knows whether it has anything. */
  read: boolean;
  fetching: boolean;
  /** The last ask failed for lack of an answer (the server cannot be reached). */
  unreachable: boolean;
  /** The last ask was refused, or failed, with nothing to show. */
  failed: boolean;
  refresh: () => void;
}

/**
 * The snapshot (issue 53 item 5): each answer is kept in IndexedDB for this person; without signal (or without an
 * answer) the kept copy is shown, with its age. Asked quietly: the page says what went wrong in its status line.
 */
export function useFieldSnapshot(userId: number): FieldSnapshot {
  const { i18n } = useTranslation();
  const online = useOnline();
  const [kept, setKept] = useState<KeptSnapshot | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    keptSnapshot(userId)
      .then((found) => current && setKept((known) => known ?? found ?? null))
      .catch(() => current && setKept((known) => known ?? null));
    return () => {
      current = false;
    };
  }, [userId]);
  const query = useQuery({
    queryKey: fieldKeys.snapshot(userId, i18n.language),
    queryFn: async ({ signal }) => {
      const snapshot = await fetchSnapshot({ signal, quiet: true });
      const copy = { userId, savedAt: Date.now(), snapshot };
      await keepSnapshot(copy).catch(() => undefined); // a browser that keeps nothing still shows the answer
      setKept(copy);
      return snapshot;
    },
    enabled: online, // offline the phone's copy is shown; back online the query asks at once
    refetchInterval: SNAPSHOT_EVERY_MS,
    retry: false,
  });
  const shown = query.data ?? kept?.snapshot ?? null;
  const error = query.error;
  return {
    shown,
    fromPhone: query.data === undefined && shown !== null,
    online,
    read: kept !== undefined || query.data !== undefined,
    fetching: online && query.isFetching,
    unreachable: online && isApiError(error) && (error.kind === 'network' || error.kind === 'timeout'),
    failed: query.isError && shown === null,
    refresh: () => void query.refetch(),
  };
}
