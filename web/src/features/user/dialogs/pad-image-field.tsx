import { CheckCircleFilled, PictureOutlined } from '@ant-design/icons';
import { Button, Image, Space, Typography } from 'antd';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/errors';
import { uploadPadImage } from '../api/pad-config';
import type { PadSlot } from '../api/types';
import { IMAGE_TYPES, imageProblem } from '../components/validators';
import { loadPicture } from './crop';

/** The exact size of each pad image (api-spec 9). */
export const PAD_SIZES: Readonly<Record<PadSlot, { width: number; height: number }>> = {
  loginBackground: { width: 1280, height: 800 },
  bootAnimation: { width: 1280, height: 800 },
  loginLogo: { width: 800, height: 326 },
  mainLogo: { width: 600, height: 270 },
  homeTiles: { width: 326, height: 343 },
};

interface Props {
  slot: PadSlot;
  value?: string;
  onChange?(url: string): void;
}

/** One pad image: its size, a preview, and a button that checks and uploads a new picture. */
export function PadImageField({ slot, value, onChange }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const size = PAD_SIZES[slot];

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const wrong = imageProblem(file);
    if (wrong) {
      setProblem(t(`user.avatar.${wrong}`));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const { image, url } = await loadPicture(file);
      URL.revokeObjectURL(url);
      if (image.naturalWidth !== size.width || image.naturalHeight !== size.height) {
        setProblem(
          t('user.pad.wrongSize', {
            actual: `${image.naturalWidth} × ${image.naturalHeight}`,
            expected: `${size.width} × ${size.height}`,
          }),
        );
        return;
      }
      const uploaded = await uploadPadImage(slot, file, file.name);
      onChange?.(uploaded.url);
    } catch (error) {
      // A server refusal was shown by the client; an unreadable file is explained here.
      if (!isApiError(error)) setProblem(t('user.avatar.unreadable'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="cf-pad-image" data-testid={`pad-image:${slot}`}>
      <div className="cf-pad-image__thumb" style={{ aspectRatio: `${size.width} / ${size.height}` }}>
        {value ? <Image src={value} alt={t(`user.pad.slots.${slot}`)} preview={{ mask: false }} /> : <PictureOutlined />}
      </div>
      <Space orientation="vertical" size={2}>
        <Typography.Text strong>
          {t(`user.pad.slots.${slot}`)} {value && <CheckCircleFilled className="cf-pad-image__ok" />}
        </Typography.Text>
        <Typography.Text type="secondary">{t('user.pad.size', size)}</Typography.Text>
        <Button size="small" loading={busy} onClick={() => input.current?.click()}>
          {value ? t('user.pad.replace') : t('user.pad.choose')}
        </Button>
        {problem && <Typography.Text type="danger">{problem}</Typography.Text>}
      </Space>
      <input ref={input} type="file" accept={IMAGE_TYPES.join(',')} hidden style={{ display: 'none' }} onChange={(e) => void choose(e)} data-testid={`pad-file:${slot}`} />
    </div>
  );
}
