import { App } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteDevice } from '../api/devices';
import type { Device } from '@/api/device/types';
import { AuthCodeModal } from './auth-code-modal';
import { BindUserModal } from './bind-user-modal';
import { ConsumablesModal } from './consumables-modal';
import { DeviceFormModal } from './device-form-modal';
import { DeviceOwnerModal } from './device-owner-modal';
import { useDeviceKeys } from '../lib/permissions';
import type { DeviceAction } from './device-row-actions';
import { DeviceTypesModal } from './device-types-modal';
import { CertificateDrawer } from './certificate-drawer';
import { ExpiringCertificatesModal } from './expiring-certificates-modal';
import { HardwareDrawer } from './hardware-drawer';
import { MaintenanceModal } from './maintenance-modal';

type Dialog =
  | { kind: Exclude<DeviceAction, 'delete'>; device: Device }
  | { kind: 'add' | 'types' | 'authCode' | 'certificates' };

/** The list's dialogs: one open at a time; delete asks first. */
export function useDeviceDialogs() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const remove = useDeleteDevice();
  const keys = useDeviceKeys();
  const close = useCallback(() => setDialog(null), []);

  const onAction = useCallback(
    (action: DeviceAction, device: Device) => {
      if (action !== 'delete') {
        setDialog({ kind: action, device });
        return;
      }
      modal.confirm({
        title: t('device.delete.title', { name: device.deviceCode }),
        content: t('device.delete.content', { serial: device.deviceSerialNumber }),
        okText: t('device.common.delete'),
        okButtonProps: { danger: true, ...({ 'data-testid': 'delete-confirm' } as Record<string, string>) },
        cancelText: t('device.common.cancel'),
        onOk: () =>
          remove.mutateAsync(device.deviceId).then(
            () => void message.success(t('device.delete.done', { name: device.deviceCode })),
            () => undefined,
          ),
      });
    },
    [message, modal, remove, t],
  );

  const open = useCallback((kind: 'add' | 'types' | 'authCode' | 'certificates') => setDialog({ kind }), []);

  let node: React.ReactNode = null;
  if (dialog) {
    switch (dialog.kind) {
      case 'add':
        node = <DeviceFormModal open device={null} onClose={close} />;
        break;
      case 'edit':
        node = <DeviceFormModal open device={dialog.device} onClose={close} />;
        break;
      case 'owner':
        node = <DeviceOwnerModal device={dialog.device} onClose={close} />;
        break;
      case 'bind':
        node = <BindUserModal device={dialog.device} onClose={close} />;
        break;
      case 'hardware':
        node = <HardwareDrawer device={dialog.device} onClose={close} />;
        break;
      case 'consumables':
        node = <ConsumablesModal device={dialog.device} onClose={close} />;
        break;
      case 'maintenance':
        node = <MaintenanceModal device={dialog.device} onClose={close} />;
        break;
      case 'certificate':
        node = <CertificateDrawer device={dialog.device} canRevoke={keys.revokeCert} onClose={close} />;
        break;
      case 'certificates':
        node = <ExpiringCertificatesModal onClose={close} />;
        break;
      case 'types':
        node = <DeviceTypesModal onClose={close} />;
        break;
      case 'authCode':
        node = <AuthCodeModal onClose={close} />;
        break;
    }
  }
  return { onAction, open, node };
}
