import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/lib/use-can';
import { HostTable } from './components/host-table';
import { HOST_KEYS } from './components/host-kinds';
import '../components/fleet.css';

/** Transfer nodes (and, for users holding file/host, the servers). */
export default function HostPage() {
  const { t } = useTranslation();
  const can = useCan();
  const items = [{ key: 'node', label: t('fleet.hosts.nodes'), children: <HostTable kind="node" /> }];
  if (can(HOST_KEYS.server)) items.push({ key: 'server', label: t('fleet.hosts.servers'), children: <HostTable kind="server" /> });
  if (items.length === 1) {
    return (
      <Card size="small" title={t('fleet.hosts.nodes')} data-testid="host-page">
        <HostTable kind="node" />
      </Card>
    );
  }
  return (
    <Card size="small" data-testid="host-page">
      <Tabs items={items} />
    </Card>
  );
}
