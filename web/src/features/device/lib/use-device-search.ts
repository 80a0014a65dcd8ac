import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EMPTY_SEARCH, initialSearch, keepSearch, ownerFromRoute, readKeptSearch, type DeviceSearch } from './device-search';

/**
 * The device list's search: what the filters show (draft) and what the list shows (applied).
 * Starts from the search kept for the session, with a `userId` route parameter choosing the owner.
 */
export function useDeviceSearch(userId: number) {
  const [params] = useSearchParams();
  const routeOwner = ownerFromRoute(params.get('userId'));
  const [applied, setApplied] = useState<DeviceSearch>(() => initialSearch(readKeptSearch(userId), routeOwner));
  const [draft, setDraft] = useState<DeviceSearch>(applied);
  const [seenRouteOwner, setSeenRouteOwner] = useState(routeOwner);

  const run = (search: DeviceSearch) => {
    const next = { ...search, text: search.text.trim() };
    setDraft(next);
    setApplied(next);
  };

  // A userId route parameter pre-selects the owner, also when the page is already open.
  if (routeOwner !== seenRouteOwner) {
    setSeenRouteOwner(routeOwner);
    if (routeOwner !== null) run({ ...applied, ownerId: routeOwner });
  }

  // The last search run is kept for the session.
  useEffect(() => keepSearch(userId, applied), [userId, applied]);

  return { applied, draft, setDraft, run, reset: () => run(EMPTY_SEARCH) };
}
