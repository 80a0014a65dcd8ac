import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { enter } from '@/lib/form-rules';
import { useInsertBuilding, useUpdateBuilding } from '../api/sites';
import type { Building } from '../api/sites';

/** Add a building to a site, or rename one (its name unique in the site). */
export function BuildingDialog({ siteId, building, onClose }: { siteId: number; building: Building | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ buildingName: string }>();
  const insert = useInsertBuilding();
  const update = useUpdateBuilding();
  const label = t('site.structure.buildingName');
  return (
    <FormModal<{ buildingName: string }>
      title={building ? t('site.structure.buildingEditTitle', { name: building.buildingName }) : t('site.structure.buildingAddTitle')}
      form={form}
      onSave={({ buildingName }) =>
        building ? update.mutateAsync({ buildingId: building.buildingId, buildingName }) : insert.mutateAsync({ siteId, buildingName })
      }
      onClose={onClose}
      saving={insert.isPending || update.isPending}
      savedText={building ? t('site.structure.buildingSaved') : t('site.structure.buildingCreated')}
      testId="building-form"
      submitOnEnter
      initialValues={{ buildingName: building?.buildingName ?? '' }}
    >
      <Form.Item name="buildingName" label={label} rules={[enter(t, label)]}>
        <Input count={{ show: true, max: 64 }} data-testid="building-name" />
      </Form.Item>
    </FormModal>
  );
}
