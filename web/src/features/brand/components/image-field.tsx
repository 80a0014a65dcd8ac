import { PictureOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Space } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';

const ACCEPT = 'image/png,image/jpeg,image/webp';

/** A chosen file's address for the preview (revoked when it changes or the field goes). */
export function useObjectUrl(file: File | null | undefined): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/** Holds the chosen File as the form's value (a file input takes no value from a form). */
function Held(_props: { value?: File | null; onChange?: (value: File | null) => void }) {
  return null;
}

interface Props {
  kind: 'logo' | 'icon';
  /** The brand's current image (null: none). */
  current: string | null;
  maxBytes: number;
  disabled: boolean;
}

/**
 * A brand image: choose a PNG, JPEG or WebP (kept in the form as a File until the brand is saved; the server checks
 * and scales it), see it, or mark the current one to be removed.
 */
export function ImageField({ kind, current, maxBytes, disabled }: Props) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const input = useRef<HTMLInputElement>(null);
  const file = Form.useWatch(kind, form) as File | null | undefined;
  const removeName = kind === 'logo' ? 'removeLogo' : 'removeIcon';
  const removing = Form.useWatch(removeName, form) as boolean | undefined;
  const preview = useObjectUrl(file);
  const shown = preview ?? (removing ? null : current);
  const label = t(`brand.${kind}`);
  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    form.setFieldValue(kind, chosen);
    form.setFieldValue(removeName, false);
    form.setFields([{ name: kind, errors: chosen.size > maxBytes ? [t('brand.tooLarge')] : [] }]);
  };
  return (
    <Form.Item label={label} extra={t(kind === 'logo' ? 'brand.logoHelp' : 'brand.iconHelp')}>
      <Space wrap align="center">
        <span className={`brand-image brand-image--${kind}`} data-testid={`brand-${kind}-preview`}>
          {shown ? <img src={shown} alt={label} /> : <PictureOutlined aria-hidden />}
        </span>
        <Form.Item name={kind} noStyle>
          <Held />
        </Form.Item>
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          style={{ display: 'none' }}
          data-testid={`brand-${kind}-file`}
          onChange={(event) => {
            choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <Button icon={<PictureOutlined />} disabled={disabled} onClick={() => input.current?.click()}>
          {t('brand.chooseImage')}
        </Button>
        {current && !file ? (
          <Form.Item name={removeName} valuePropName="checked" noStyle>
            <Checkbox disabled={disabled}>{t(kind === 'logo' ? 'brand.removeLogo' : 'brand.removeIcon')}</Checkbox>
          </Form.Item>
        ) : null}
        {removing && !file ? <span className="brand-muted">{t('brand.willRemove')}</span> : null}
      </Space>
    </Form.Item>
  );
}
