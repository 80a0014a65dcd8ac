import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_COLUMNS, OPTIONAL_COLUMNS, type OptionalColumn } from '../lib/device-columns';

interface Props {
  value: readonly OptionalColumn[];
  onChange(columns: OptionalColumn[]): void;
}

/** The device list's column picker: a check box per optional column, and back to the default set. */
export function ColumnPicker({ value, onChange }: Props) {
  const { t } = useTranslation();
  const content = (
    <Space direction="vertical" size={8} data-testid="column-picker-panel">
      <Typography.Text type="secondary">{t('device.columns.pickerHint')}</Typography.Text>
      <Checkbox.Group<OptionalColumn>
        className="cf-devices__column-options"
        value={[...value]}
        onChange={(checked) => onChange(OPTIONAL_COLUMNS.filter((key) => checked.includes(key)))}
        options={OPTIONAL_COLUMNS.map((key) => ({ value: key, label: <span data-testid={`column-option-${key}`}>{t(`device.columns.${key}`)}</span> }))}
      />
      <Button size="small" onClick={() => onChange([...DEFAULT_COLUMNS])} data-testid="column-picker-reset">
        {t('device.columns.pickerReset')}
      </Button>
    </Space>
  );
  return (
    <Popover trigger="click" placement="bottomRight" content={content}>
      <Button size="small" icon={<SettingOutlined />} data-testid="column-picker">
        {t('device.columns.picker')}
      </Button>
    </Popover>
  );
}
