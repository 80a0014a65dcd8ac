import { Alert, App, Button, Card, Col, Form, Input, Popconfirm, Row, Select, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OwnerFilter } from '@/components/owner-picker';
import { QueryState } from '@/components/query-state';
import { showOnField } from '@/components/form-refusal';
import { email, enter, maxChars } from '@/lib/form-rules';
import { useCan } from '@/lib/use-can';
import { useBrand, useRemoveBrand, useSaveBrand, type BrandForm, type BrandSettings } from './api/brands';
import { BrandPreview } from './components/brand-preview';
import { ColourField } from './components/colour-field';
import { ImageField, useObjectUrl } from './components/image-field';
import './brand.css';

type Values = Omit<BrandForm, 'userId'>;

function initialValues(settings: BrandSettings): Values {
  const { logoUrl: _logo, iconUrl: _icon, ...fields } = settings.brand;
  return { ...fields, removeLogo: false, removeIcon: false, logo: null, icon: null };
}

/** The form of one node's brand, its live preview, save and remove. */
function BrandEditor({ settings }: { settings: BrandSettings }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const [form] = Form.useForm<Values>();
  const save = useSaveBrand();
  const remove = useRemoveBrand();
  const editable = settings.editable && can('user/brand/edit');
  const disabled = !editable || save.isPending;
  const name = (Form.useWatch('productName', form) as string | undefined) ?? '';
  const primary = (Form.useWatch('primaryColor', form) as string | undefined) ?? '';
  const header = (Form.useWatch('headerColor', form) as string | undefined) ?? '';
  const logoFile = Form.useWatch('logo', form) as File | null | undefined;
  const removingLogo = Form.useWatch('removeLogo', form) as boolean | undefined;
  const chosenLogo = useObjectUrl(logoFile);
  const effective = settings.effective;
  const ownLogo = settings.own ? settings.brand.logoUrl : null;
  const submit = async () => {
    const values = await form.validateFields();
    try {
      await save.mutateAsync({ ...values, userId: settings.userId });
    } catch (error) {
      showOnField(form, error);
      return;
    }
    void message.success(t('brand.saved'));
  };
  const removeBrand = () =>
    remove.mutateAsync(settings.userId).then(
      () => void message.success(t('brand.removed')),
      () => undefined,
    );
  return (
    <Row gutter={[24, 16]}>
      <Col xs={24} xl={14}>
        <Form<Values> form={form} layout="vertical" initialValues={initialValues(settings)} disabled={disabled} data-testid="brand-form">
          <Form.Item name="productName" label={t('brand.productName')} rules={[enter(t, t('brand.productName')), maxChars(t, 40)]}>
            <Input maxLength={40} data-testid="brand-productName" />
          </Form.Item>
          <ColourField kind="primaryColor" disabled={disabled} />
          <ColourField kind="headerColor" disabled={disabled} />
          {/* a node without a brand starts one without images: those shown above it are another node's */}
          <ImageField kind="logo" current={ownLogo} maxBytes={settings.maxImageBytes} disabled={disabled} />
          <ImageField kind="icon" current={settings.own ? settings.brand.iconUrl : null} maxBytes={settings.maxImageBytes} disabled={disabled} />
          <Form.Item name="footerText" label={t('brand.footerText')} extra={t('brand.footerHelp')} rules={[maxChars(t, 200)]}>
            <Input maxLength={200} data-testid="brand-footerText" />
          </Form.Item>
          <Form.Item name="mailSenderName" label={t('brand.mailSenderName')} extra={t('brand.mailSenderHelp')} rules={[maxChars(t, 64)]}>
            <Input maxLength={64} data-testid="brand-mailSenderName" />
          </Form.Item>
          <Form.Item name="mailReplyTo" label={t('brand.mailReplyTo')} rules={[email(t), maxChars(t, 254)]}>
            <Input maxLength={254} inputMode="email" data-testid="brand-mailReplyTo" />
          </Form.Item>
          {settings.customersAllowed ? (
            <Form.Item name="customersMayBrand" label={t('brand.customersMayBrand')} extra={t('brand.customersHelp')} valuePropName="checked">
              <Switch data-testid="brand-customersMayBrand" />
            </Form.Item>
          ) : null}
          {settings.hostsAllowed ? (
            <Form.Item name="hostNames" label={t('brand.hostNames')} extra={t('brand.hostHelp')}>
              <Select mode="tags" maxCount={settings.maxHosts} tokenSeparators={[',', ' ']} notFoundContent={null}
                placeholder={t('brand.hostPlaceholder')} aria-label={t('brand.hostNames')} data-testid="brand-hostNames" />
            </Form.Item>
          ) : null}
          {editable ? (
            <Space wrap>
              <Button type="primary" htmlType="submit" loading={save.isPending} onClick={() => void submit().catch(() => undefined)} data-testid="brand-save">
                {t('brand.save')}
              </Button>
              {settings.own ? (
                <Popconfirm title={t('brand.removeConfirm')} okButtonProps={{ danger: true }} okText={t('brand.remove')}
                  cancelText={t('common.cancel')} onConfirm={removeBrand}>
                  <Button danger disabled={remove.isPending} data-testid="brand-remove">{t('brand.remove')}</Button>
                </Popconfirm>
              ) : null}
            </Space>
          ) : null}
        </Form>
      </Col>
      <Col xs={24} xl={10}>
        <Typography.Title level={2} className="brand-preview-title">{t('brand.preview')}</Typography.Title>
        <BrandPreview name={name || (effective.productName ?? t('app.name'))} primary={primary} header={header}
          logo={chosenLogo ?? (removingLogo ? null : editable ? ownLogo : effective.logoUrl)} />
      </Col>
    </Row>
  );
}

/** The brand (issue 53 item 4): a node's product name, logo, colours, icon, mail sender, report footer and host
 * names, with a live preview and the contrast of its colours said while one types. */
export default function BrandPage() {
  const { t } = useTranslation();
  const [userId, setUserId] = useState<number | null>(null);
  const brand = useBrand(userId);
  const data = brand.data;
  const source = data?.effective.custom ? (data.effective.productName ?? '') : t('brand.productsOwn');
  return (
    <Card size="small" title={t('brand.title')} data-testid="brand-page">
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>{t('brand.intro')}</Typography.Paragraph>
        <OwnerFilter value={userId} onChange={setUserId} placeholder={t('brand.branch')} data-testid="brand-branch" />
        <QueryState query={brand} rows={8}>
          {data ? (
            <>
              {data.editable ? (
                <Typography.Paragraph style={{ margin: 0 }} data-testid="brand-status">
                  {data.own ? t('brand.own') : t('brand.inherited', { name: source })}
                </Typography.Paragraph>
              ) : (
                <Alert type="info" showIcon title={data.reason} data-testid="brand-not-editable" />
              )}
              <BrandEditor key={`${data.userId}:${brand.dataUpdatedAt}`} settings={data} />
            </>
          ) : null}
        </QueryState>
      </Space>
    </Card>
  );
}
