import { App, Modal, Progress, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/errors';
import { fetchAllDevices } from '../api/devices';
import type { DeviceSearch } from '../lib/device-search';
import { downloadBlob, EXPORT_FILE_NAME, exportTable, exportWorkbook } from '../lib/device-export';

type Step = { phase: 'idle' } | { phase: 'loading'; loaded: number; total: number } | { phase: 'writing'; total: number };

/** Export to export.xlsx with progress: every device of the current search, then the file. */
export function useDeviceExport() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [step, setStep] = useState<Step>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);

  const start = async (search: DeviceSearch) => {
    if (controller.current) return;
    const abort = new AbortController();
    controller.current = abort;
    setStep({ phase: 'loading', loaded: 0, total: 0 });
    try {
      const devices = await fetchAllDevices(search, (loaded, total) => setStep({ phase: 'loading', loaded, total }), abort.signal);
      if (devices.length === 0) {
        void message.info(t('device.export.nothing'));
        return;
      }
      setStep({ phase: 'writing', total: devices.length });
      const blob = await exportWorkbook(exportTable(devices, t, Date.now(), i18n.language), t('routes.device/index'));
      if (abort.signal.aborted) return;
      downloadBlob(blob, EXPORT_FILE_NAME);
      void message.success(t('device.export.done', { count: devices.length, file: EXPORT_FILE_NAME }));
    } catch (error) {
      if (isApiError(error) && (error.kind === 'aborted' || error.shown)) return;
      console.error('export failed', error);
      void message.error(t('device.export.failed'));
    } finally {
      controller.current = null;
      setStep({ phase: 'idle' });
    }
  };

  const cancel = () => controller.current?.abort();

  const percent =
    step.phase === 'writing' ? 100 : step.phase === 'loading' && step.total > 0 ? Math.floor((step.loaded / step.total) * 100) : 0;
  const modal = (
    <Modal
      open={step.phase !== 'idle'}
      title={t('device.export.title')}
      okButtonProps={{ style: { display: 'none' } }}
      cancelText={t('device.common.cancel')}
      onCancel={cancel}
      mask={{ closable: false }}
      data-testid="export-progress"
    >
      <Progress percent={percent} status="active" />
      <Typography.Text type="secondary">
        {step.phase === 'writing'
          ? t('device.export.writing', { count: step.total })
          : step.phase === 'loading'
            ? t('device.export.loading', { loaded: step.loaded, total: step.total })
            : ''}
      </Typography.Text>
    </Modal>
  );
  return { start, running: step.phase !== 'idle', modal };
}
