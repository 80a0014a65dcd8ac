import { App, Form, Input, Modal, Radio, Skeleton, Tooltip } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { DialogProps } from '@/components/dialog-props';
import { useUserInfo } from '../api/users';
import type { PadImages, PadSlot } from '../api/types';
import { useUpdatePadConfig, type PadConfigInput } from '../api/pad-config';
import { useFormSubmit } from '../components/use-form-submit';
import { aboutUsRules } from '../components/validators';
import { PAD_SIZES, PadImageField } from './pad-image-field';
import '../user.css';

/** The theme colours a pad offers (api-spec 9): the default and seven choices. */
export const THEME_COLOURS = [
  { key: 'default', value: '#017465' },
  { key: 'deepBlue', value: '#0b3d91' },
  { key: 'skyBlue', value: '#36a3f7' },
  { key: 'blue', value: '#1677ff' },
  { key: 'green', value: '#52c41a' },
  { key: 'purple', value: '#722ed1' },
  { key: 'red', value: '#f5222d' },
  { key: 'yellow', value: '#fadb14' },
] as const;

const SLOTS = Object.keys(PAD_SIZES) as PadSlot[];
const OWN_INFO = { showChild: false, currentPage: 1, pageSize: 1 };

/** The pad call's body; the images are filled slot by slot. */
type Values = Omit<PadConfigInput, 'userId' | 'images'> & { images: Partial<PadImages> };

/** Pad customisation (dealers): the pad's five images, the about-us text and the theme colour. */
export default function PadCustomisationDialog({ open, onClose }: DialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const info = useUserInfo(OWN_INFO);
  const save = useUpdatePadConfig();
  const loaded = info.data !== undefined;

  useEffect(() => {
    const config = info.data?.padConfig;
    form.setFieldsValue(config ? { images: config.images, aboutUs: config.aboutUs, themeColor: config.themeColor } : { themeColor: THEME_COLOURS[0].value });
  }, [info.data, form]);

  const submit = useFormSubmit(form, async (values) => {
    await save.mutateAsync({ aboutUs: values.aboutUs.trim(), themeColor: values.themeColor, images: values.images as PadImages });
    void message.success(t('user.pad.saved'));
    onClose();
  });

  return (
    <Modal
      open={open}
      title={t('user.pad.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('user.common.save')}
      cancelText={t('user.common.cancel')}
      confirmLoading={save.isPending}
      okButtonProps={{ disabled: !loaded }}
      destroyOnHidden
      mask={{ closable: false }}
      width={720}
    >
      {!loaded ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Form form={form} layout="vertical" data-testid="pad-form">
          <Form.Item label={t('user.pad.images')} required>
            {/* one message per missing image, under that image (not a list of them under the group) */}
            <div className="cf-pad-images">
              {SLOTS.map((slot) => (
                <Form.Item
                  key={slot}
                  name={['images', slot]}
                  className="cf-pad-images__slot"
                  rules={[{ required: true, message: t('user.pad.imageRequired', { slot: t(`user.pad.slots.${slot}`) }) }]}
                >
                  <PadImageField slot={slot} />
                </Form.Item>
              ))}
            </div>
          </Form.Item>
          <Form.Item name="aboutUs" label={t('user.pad.aboutUs')} rules={aboutUsRules(t)} required>
            <Input.TextArea placeholder={t('user.pad.aboutUsPlaceholder')} autoSize={{ minRows: 3, maxRows: 6 }} maxLength={2000} showCount />
          </Form.Item>
          <Form.Item name="themeColor" label={t('user.pad.themeColor')}>
            <Radio.Group className="cf-pad-colours">
              {THEME_COLOURS.map((colour) => (
                <Tooltip key={colour.key} title={`${t(`user.pad.colours.${colour.key}`)} ${colour.value}`}>
                  <Radio.Button value={colour.value}>
                    <span className="cf-pad-colours__swatch" style={{ background: colour.value }} />
                    <span className="cf-visually-hidden">{t(`user.pad.colours.${colour.key}`)}</span>
                  </Radio.Button>
                </Tooltip>
              ))}
            </Radio.Group>
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
