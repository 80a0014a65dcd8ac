import { PictureOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, App, Avatar, Button, Modal, Space, Typography } from 'antd';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/errors';
import type { DialogProps } from '@/components/dialog-props';
import { useSessionStore } from '@/lib/session';
import { useUpdateAvatar } from '../api/users';
import { useMe } from '../components/user-access';
import { IMAGE_TYPES, imageProblem } from '../components/validators';
import { AvatarCropper, VIEW } from './avatar-cropper';
import { canvasBlob, centredCrop, drawCrop, loadPicture, type Crop } from './crop';
import '../user.css';

interface Picture {
  image: HTMLImageElement;
  url: string;
}

/** Change avatar: choose a picture (at most 2 MB), place it in the square, upload it as 60 × 60. */
export default function EditAvatarDialog({ open, onClose }: DialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const me = useMe();
  const updateUser = useSessionStore((s) => s.updateUser);
  const save = useUpdateAvatar();
  const input = useRef<HTMLInputElement>(null);
  const [picture, setPicture] = useState<Picture | null>(null);
  const [crop, setCrop] = useState<Crop>({ x: 0, y: 0, zoom: 1 });
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => () => {
    if (picture) URL.revokeObjectURL(picture.url);
  }, [picture]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const wrong = imageProblem(file);
    if (wrong) {
      setProblem(t(`user.avatar.${wrong}`));
      return;
    }
    try {
      const loaded = await loadPicture(file);
      setPicture(loaded);
      setCrop(centredCrop({ width: loaded.image.naturalWidth, height: loaded.image.naturalHeight }, VIEW));
      setProblem(null);
    } catch {
      setProblem(t('user.avatar.unreadable'));
    }
  };

  const upload = async () => {
    if (!picture) {
      setProblem(t('user.avatar.selectPicture'));
      void message.warning(t('user.avatar.selectPicture'));
      return;
    }
    const canvas = document.createElement('canvas');
    drawCrop(canvas, picture.image, crop, { width: picture.image.naturalWidth, height: picture.image.naturalHeight }, VIEW);
    try {
      const blob = await canvasBlob(canvas);
      const user = await save.mutateAsync({ image: blob, userId: me.userId, account: me.account });
      updateUser({ avatarUrl: user.url });
      void message.success(t('user.avatar.saved'));
      onClose();
    } catch (error) {
      // The client showed a server refusal; a picture that cannot be drawn is shown here.
      if (!isApiError(error)) setProblem(t('user.avatar.unreadable'));
    }
  };

  return (
    <Modal
      open={open}
      title={t('user.avatar.title')}
      onCancel={onClose}
      onOk={() => void upload()}
      okText={t('user.common.save')}
      cancelText={t('user.common.cancel')}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'avatar-save' }}
      destroyOnHidden
      mask={{ closable: false }}
      width={520}
    >
      <Space orientation="vertical" size={12} className="cf-avatar">
        <Space>
          <Avatar size={60} src={me.avatarUrl || undefined} icon={<UserOutlined />} />
          <Button icon={<PictureOutlined />} onClick={() => input.current?.click()} data-testid="avatar-choose">
            {t('user.avatar.choose')}
          </Button>
          <input ref={input} type="file" accept={IMAGE_TYPES.join(',')} hidden style={{ display: 'none' }} onChange={(e) => void choose(e)} data-testid="avatar-file" />
        </Space>
        <Typography.Text type="secondary">{t('user.avatar.rules')}</Typography.Text>
        {problem && <Alert type="error" showIcon title={problem} data-testid="avatar-problem" />}
        {picture && (
          <>
            <Typography.Text type="secondary">{t('user.avatar.crop')}</Typography.Text>
            <AvatarCropper image={picture.image} url={picture.url} crop={crop} onChange={setCrop} />
          </>
        )}
      </Space>
    </Modal>
  );
}
