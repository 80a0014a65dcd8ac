import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormColumns, FormModal } from '@/components/form-modal';
import { OwnerPicker } from '@/components/owner-picker';
import { choose, enter } from '@/lib/form-rules';
import { useInsertSite, useUpdateSite } from '../api/sites';
import type { Site } from '../api/sites';
import { browserZone } from '../lib/time-zones';
import { TimeZonePicker } from './time-zone-picker';
import type { BodyOf } from '@/api/types';

/** The form's values: the site as /site/insert takes it (the owner picker leaves `userId` null for the caller). */
type SiteValues = Required<BodyOf<'/api/site/insert'>>;

/**
 * Add or edit a site: its name (unique per customer), address and time zone; a new site's customer is a user of
 * the caller's subtree (the caller when none is chosen), which cannot change later.
 */
export function SiteDialog({ site, onClose }: { site: Pick<Site, 'siteId' | 'siteName' | 'address' | 'timeZone' | 'userName'> | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SiteValues>();
  const insert = useInsertSite();
  const update = useUpdateSite();
  const save = async ({ userId, ...values }: SiteValues) => {
    if (site) await update.mutateAsync({ siteId: site.siteId, ...values });
    else await insert.mutateAsync({ ...values, userId: userId ?? undefined });
  };
  const nameLabel = t('site.fields.siteName');
  const zoneLabel = t('site.fields.timeZone');
  return (
    <FormModal<SiteValues>
      title={site ? t('site.dialog.editTitle', { name: site.siteName }) : t('site.dialog.addTitle')}
      form={form}
      onSave={save}
      onClose={onClose}
      saving={insert.isPending || update.isPending}
      savedText={site ? t('site.dialog.saved') : t('site.dialog.created')}
      width={640}
      testId="site-form"
      initialValues={{ siteName: site?.siteName ?? '', address: site?.address ?? '', timeZone: site?.timeZone ?? browserZone(), userId: null }}
    >
      <FormColumns>
        <Form.Item name="siteName" label={nameLabel} rules={[enter(t, nameLabel)]}>
          <Input count={{ show: true, max: 64 }} data-testid="site-name" />
        </Form.Item>
        {site ? (
          <Form.Item label={t('site.fields.customer')}>
            <Input value={site.userName} disabled aria-label={t('site.fields.customer')} />
          </Form.Item>
        ) : (
          <Form.Item name="userId" label={t('site.fields.customer')} extra={t('site.dialog.customerHelp')}>
            <OwnerPicker data-testid="site-customer" />
          </Form.Item>
        )}
      </FormColumns>
      <Form.Item name="address" label={t('site.fields.address')}>
        <Input count={{ show: true, max: 255 }} data-testid="site-address" />
      </Form.Item>
      <Form.Item name="timeZone" label={zoneLabel} rules={[choose(t, zoneLabel)]} extra={t('site.dialog.zoneHelp')}>
        <TimeZonePicker placeholder={t('site.dialog.zonePlaceholder')} data-testid="site-zone" />
      </Form.Item>
    </FormModal>
  );
}
