import { UploadOutlined } from '@ant-design/icons';
import { Button, Upload } from 'antd';

/** Choose one file (kept in the form's state, sent with the form). */
export function FilePicker({ file, onPick, label, testId }: { file: File | undefined; onPick: (file: File | undefined) => void; label: string; testId: string }) {
  return (
    <Upload
      maxCount={1}
      beforeUpload={(chosen) => {
        onPick(chosen);
        return false;
      }}
      onRemove={() => onPick(undefined)}
      fileList={file ? [{ uid: testId, name: file.name, status: 'done' }] : []}
    >
      <Button icon={<UploadOutlined />} data-testid={testId}>
        {label}
      </Button>
    </Upload>
  );
}
