/**
 * Transfer nodes (/wmDeviceHostInfo, page device/index/hostManage) and servers (/host, page
 * file/host) share one shape; each kind has its own calls, keys and regions (api-spec.md 9).
 */
import { useTranslation } from 'react-i18next';
import { useAddNode } from '../../api/transfer-nodes';
import { useAddServer } from '../../api/servers';
import { useDeleteNode } from '../../api/transfer-nodes';
import { useDeleteServer } from '../../api/servers';
import { useEditNode } from '../../api/transfer-nodes';
import { useEditServer } from '../../api/servers';
import { useNodes, type NodeFilter } from '../../api/transfer-nodes';
import { useServers } from '../../api/servers';
import { useCountryName } from '@/lib/place-names';

export type HostKind = 'node' | 'server';

/**
 * Regions by code (api-spec.md 9) as ISO country or union codes, so their names come in the
 * console's language from Intl; a server's region 0 is "domestic".
 */
const NODE_REGION_CODES: Record<number, string> = { 0: 'CN', 1: 'RU', 2: 'SG', 3: 'US', 4: 'AU' };
const SERVER_REGION_CODES: Record<number, string | null> = { 0: null, 1: 'SG', 2: 'FR', 3: 'EU' };

export const HOST_KEYS: Record<HostKind, string> = {
  node: 'device/index/hostManage',
  server: 'file/host',
};

export function regionsOf(kind: HostKind): number[] {
  return Object.keys(kind === 'node' ? NODE_REGION_CODES : SERVER_REGION_CODES).map(Number);
}

/** A region's name in the console's language. */
export function useRegionName(kind: HostKind): (region: number) => string {
  const { t } = useTranslation();
  const countryName = useCountryName();
  return (region: number) => {
    const code = kind === 'node' ? NODE_REGION_CODES[region] : SERVER_REGION_CODES[region];
    if (code === null) return t('fleet.hosts.domestic');
    return code ? countryName(code, code) : String(region);
  };
}

/** The list of one kind (both calls take and answer the same shapes). */
export function useHosts(kind: HostKind, filter: NodeFilter) {
  const nodes = useNodes(filter, kind === 'node');
  const servers = useServers(filter, kind === 'server');
  return kind === 'node' ? nodes : servers;
}

export function useHostMutations(kind: HostKind) {
  const addNode = useAddNode();
  const editNode = useEditNode();
  const deleteNode = useDeleteNode();
  const addServer = useAddServer();
  const editServer = useEditServer();
  const deleteServer = useDeleteServer();
  return kind === 'node'
    ? { add: addNode, edit: editNode, remove: deleteNode }
    : { add: addServer, edit: editServer, remove: deleteServer };
}
