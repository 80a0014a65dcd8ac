import { Progress, Typography } from 'antd';

/** The progress bar of a dialog's upload, while its bytes leave the browser. */
export function UploadProgress({ percent, text }: { percent: number | null; text: string }) {
  if (percent === null) return null;
  return (
    <div data-testid="upload-progress" style={{ marginTop: 8 }}>
      <Typography.Text type="secondary">{text}</Typography.Text>
      <Progress percent={percent} status={percent < 100 ? 'active' : 'normal'} />
    </div>
  );
}
