import { Modal, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MapInUse } from '../lib/in-use';

const KINDS = ['tasks', 'schedules', 'elevatorSchedules'] as const;

/**
 * Asks before a map in use is replaced (an import or a sync the server refused): names each robot and the
 * tasks and schedules that use its same-named map; "Replace anyway" sends the call again with `replaceInUse`.
 */
export function ReplaceInUseDialog({ inUse, busy, onReplace, onCancel }: { inUse: MapInUse; busy: boolean; onReplace: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('map.replace.title', { name: inUse.mapName })}
      okText={t('map.replace.confirm')}
      okButtonProps={{ danger: true, 'data-testid': 'replace-confirm' } as ButtonProps}
      confirmLoading={busy}
      onOk={onReplace}
      onCancel={onCancel}
      destroyOnHidden
    >
      <div data-testid="replace-in-use">
        <p>{t('map.replace.intro')}</p>
        {inUse.targets.map((target) => (
          <div key={target.deviceId} data-testid="replace-target">
            <strong>{target.deviceName || target.serialNumber}</strong> <small>{target.serialNumber}</small>
            {target.fromRecord && <small> · {t('map.replace.fromRecord')}</small>}
            <ul>
              {KINDS.filter((kind) => target.usedBy[kind].length > 0).map((kind) => (
                <li key={kind}>{t(`map.replace.${kind}`, { names: target.usedBy[kind].join(', ') })}</li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </Modal>
  );
}
