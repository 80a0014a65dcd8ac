import { DeleteOutlined, DownOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Space, type MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Device } from '@/api/device/types';
import { MenuButton } from '@/components/menu-button';
import { actionsColumnWidth } from '@/lib/text-width';
import { useCan } from '@/lib/use-can';
import type { DeviceKeyName } from '../lib/permissions';

export type DeviceAction = 'edit' | 'owner' | 'bind' | 'hardware' | 'consumables' | 'maintenance' | 'certificate' | 'delete';

/** The key each action needs. */
export const ACTION_KEYS: Record<DeviceAction, DeviceKeyName> = {
  edit: 'edit',
  owner: 'editOwner',
  bind: 'bindUser',
  hardware: 'hardware',
  consumables: 'consumable',
  maintenance: 'maintain',
  certificate: 'view',
  delete: 'delete',
};

const MENU_ACTIONS: DeviceAction[] = ['owner', 'bind', 'hardware', 'consumables', 'maintenance', 'certificate'];

interface Props {
  device: Device;
  keys: Record<DeviceKeyName, boolean>;
  onAction(action: DeviceAction, device: Device): void;
}

/**
 * The actions column's width in the current language: all three entries on one line (in French,
 * "Synchronisation des cartes" beside "Modifier" pushed "Plus" out of a 210 px column).
 */
export function rowActionsWidth(t: TFunction): number {
  return actionsColumnWidth([t('device.actions.edit'), t('device.actions.maps'), t('device.actions.more')], 2, 180);
}

/** Edit, and the other actions the user's keys allow in a menu (delete last, in red). */
export function DeviceRowActions({ device, keys, onAction }: Props) {
  const { t } = useTranslation();
  const can = useCan();
  const allowed = (action: DeviceAction) => keys[ACTION_KEYS[action]];
  const items: MenuProps['items'] = MENU_ACTIONS.filter(allowed).map((action) => ({
    key: action,
    label: t(`device.actions.${action}`),
  }));
  if (allowed('delete')) {
    if (items.length > 0) items.push({ type: 'divider' });
    items.push({ key: 'delete', label: t('device.actions.delete'), danger: true, icon: <DeleteOutlined /> });
  }
  return (
    <Space size={4}>
      {allowed('edit') ? (
        <Button size="small" color="primary" variant="link" icon={<EditOutlined />} onClick={() => onAction('edit', device)} data-testid="device-edit">
          {t('device.actions.edit')}
        </Button>
      ) : null}
      {can('device/maplist') ? (
        <Link to={`/device/maplist?deviceId=${device.deviceId}`} data-testid="device-maps">
          {t('device.actions.maps')}
        </Link>
      ) : null}
      {items.length > 0 ? (
        <MenuButton items={items} onChoose={(key) => onAction(key as DeviceAction, device)} size="small" color="primary" variant="link" data-testid="device-more">
          {t('device.actions.more')} <DownOutlined />
        </MenuButton>
      ) : null}
    </Space>
  );
}
