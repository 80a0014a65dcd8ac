import type { QueryClient } from '@tanstack/react-query';
import { deviceKeys } from '@/api/device/keys';

/** After a catalogue change: the catalogue, and every device's parts (they show its names). */
export function refreshCatalogue(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: deviceKeys.catalogue() }),
    client.invalidateQueries({ queryKey: deviceKeys.hardware() }),
  ]);
}
