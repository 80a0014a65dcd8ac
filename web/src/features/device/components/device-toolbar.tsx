import { AppstoreOutlined, ClusterOutlined, DownloadOutlined, KeyOutlined, PlusOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { DeviceKeyName } from '../lib/permissions';

export type ToolbarDialog = 'types' | 'authCode' | 'add' | 'export' | 'certificates';

interface Props {
  keys: Record<DeviceKeyName, boolean>;
  onOpen(dialog: ToolbarDialog): void;
  exporting: boolean;
}

/** Device types, auth code, add device, device groups (only with their keys) and export (no key). */
export function DeviceToolbar({ keys, onOpen, exporting }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Space wrap size={[8, 8]} className="cf-devices__toolbar" data-testid="device-toolbar">
      {keys.typeAdmin ? (
        <Button icon={<AppstoreOutlined />} onClick={() => onOpen('types')} data-testid="toolbar-types">
          {t('device.toolbar.types')}
        </Button>
      ) : null}
      {keys.authCode ? (
        <Button icon={<KeyOutlined />} onClick={() => onOpen('authCode')} data-testid="toolbar-auth-code">
          {t('device.toolbar.authCode')}
        </Button>
      ) : null}
      {keys.groups ? (
        <Button icon={<ClusterOutlined />} onClick={() => void navigate('/device/group')} data-testid="toolbar-groups">
          {t('device.toolbar.groups')}
        </Button>
      ) : null}
      {keys.view ? (
        <Button icon={<SafetyCertificateOutlined />} onClick={() => onOpen('certificates')} data-testid="toolbar-certificates">
          {t('device.toolbar.certificates')}
        </Button>
      ) : null}
      <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => onOpen('export')} data-testid="toolbar-export">
        {t('device.toolbar.export')}
      </Button>
      {keys.add ? (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => onOpen('add')} data-testid="toolbar-add">
          {t('device.toolbar.add')}
        </Button>
      ) : null}
    </Space>
  );
}
