import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Progress, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/errors';
import { uploadFile, type Uploaded } from '../api/oss';
import { validFileName } from '../lib/format';

interface UploadFieldProps {
  folder: string;
  isPrivate?: boolean;
  accept?: string;
  onUploaded: (file: Uploaded) => void;
  testId?: string;
}

/** Choose one file and upload it to object storage with a progress bar (the name rule is checked first). */
export function UploadField({ folder, isPrivate = true, accept, onUploaded, testId = 'upload-input' }: UploadFieldProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [done, setDone] = useState<Uploaded | null>(null);

  const start = async (file: File) => {
    if (!validFileName(file.name)) {
      void message.error(t('files.upload.badName'));
      return;
    }
    setProgress({ name: file.name, percent: 0 });
    try {
      const uploaded = await uploadFile(file, {
        isPrivate,
        targetPath: folder,
        onProgress: (percent) => setProgress({ name: file.name, percent }),
      });
      setDone(uploaded);
      onUploaded(uploaded);
      void message.success(t('files.upload.done', { name: file.name }));
    } catch (error) {
      if (!isApiError(error)) console.error('upload failed', error);
    } finally {
      setProgress(null);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        aria-label={t('files.upload.choose')}
        data-testid={testId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void start(file);
        }}
      />
      <Button icon={<UploadOutlined />} onClick={() => input.current?.click()} loading={progress !== null}>
        {done ? done.name : t('files.upload.choose')}
      </Button>
      {progress ? (
        <div data-testid="upload-progress">
          <Typography.Text type="secondary">{t('files.upload.uploading', { name: progress.name })}</Typography.Text>
          <Progress percent={progress.percent} status="active" aria-label={t('files.upload.uploading', { name: progress.name })} />
        </div>
      ) : null}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('files.upload.rule')}
      </Typography.Text>
    </Space>
  );
}
