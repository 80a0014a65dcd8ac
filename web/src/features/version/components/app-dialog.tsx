import { Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { useSaveApp, type AppUpload, type AppVersion } from '../api/soft';
import { FilePicker } from './file-picker';
import { UploadProgress } from './upload-progress';
import { enter } from '@/lib/form-rules';

/** Add an app version with its release file (and a debug file), uploaded with a progress bar; or edit one (new
 * files only when chosen). */
export function AppDialog({ app, onClose }: { app: AppVersion | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AppUpload>();
  const [release, setRelease] = useState<File | undefined>();
  const [debug, setDebug] = useState<File | undefined>();
  const [percent, setPercent] = useState<number | null>(null);
  const save = useSaveApp(setPercent);
  const submit = (values: AppUpload) => {
    setPercent(release || debug ? 0 : null);
    return save.mutateAsync({ ...values, id: app?.id, release, debug }).finally(() => setPercent(null));
  };
  return (
    <FormModal<AppUpload>
      title={app ? t('version.app.editTitle', { name: app.name }) : t('version.app.addTitle')}
      form={form}
      onSave={submit}
      onClose={onClose}
      saving={save.isPending}
      savedText={app ? t('version.app.saved') : t('version.app.created')}
      testId="app-form"
      initialValues={app ? { name: app.name, log: app.log } : {}}
    >
      <Form.Item name="name" label={t('version.app.fields.name')} rules={[enter(t, t('version.app.fields.name'))]}>
        <Input maxLength={64} count={{ show: true, max: 64 }} data-testid="app-name" />
      </Form.Item>
      <Form.Item name="log" label={t('version.app.fields.log')}>
        <Input.TextArea maxLength={2048} rows={4} data-testid="app-log" />
      </Form.Item>
      <Form.Item
        name="release"
        label={t('version.app.fields.release')}
        extra={app ? t('version.app.fields.keepFile') : undefined}
        rules={[{ validator: () => (release || app ? Promise.resolve() : Promise.reject(new Error(t('version.app.rules.release')))) }]}
      >
        <FilePicker
          file={release}
          label={t('version.app.fields.chooseRelease')}
          testId="app-release"
          onPick={(chosen) => {
            setRelease(chosen);
            void form.validateFields(['release']).catch(() => undefined);
          }}
        />
      </Form.Item>
      <Form.Item name="debug" label={t('version.app.fields.debug')} extra={app ? t('version.app.fields.keepFile') : undefined}>
        <FilePicker file={debug} label={t('version.app.fields.chooseDebug')} testId="app-debug" onPick={setDebug} />
      </Form.Item>
      <UploadProgress percent={percent} text={t('version.app.uploading', { percent: percent ?? 0 })} />
    </FormModal>
  );
}
