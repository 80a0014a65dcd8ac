import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Input, Select } from 'antd';
import { ResponsiveFilters } from '@/components/responsive-filters';
import { useTranslation } from 'react-i18next';
import { useDeviceTypes } from '@/api/device/device-types';
import type { DeviceSearch } from '../lib/device-search';
import { OwnerPicker } from '@/components/owner-picker';

interface Props {
  draft: DeviceSearch;
  onDraftChange(draft: DeviceSearch): void;
  /** Run the search (Enter in the text box, or the button). */
  onSearch(search: DeviceSearch): void;
  onReset(): void;
}

/** Model, owner and free text; Enter or the search button runs the search (choosing alone does not). Folded on a phone. */
export function DeviceFilters({ draft, onDraftChange, onSearch, onReset }: Props) {
  const { t } = useTranslation();
  const types = useDeviceTypes();
  return (
    <ResponsiveFilters className="cf-devices__filters" active={[draft.deviceType, draft.ownerId, draft.text].filter((v) => v !== null && v !== undefined && v !== '').length} data-testid="device-filters">
      <Select<number>
        aria-label={t('device.filters.model')}
        data-testid="filter-model"
        className="cf-devices__filter-model"
        placeholder={t('device.filters.allModels')}
        allowClear
        loading={types.isLoading}
        value={draft.deviceType ?? undefined}
        onChange={(deviceType) => onDraftChange({ ...draft, deviceType: deviceType ?? null })}
        options={(types.data ?? []).map((type) => ({ value: type.typeId, label: type.typeName }))}
        showSearch={{ optionFilterProp: 'label' }}
      />
      <OwnerPicker
        aria-label={t('device.filters.owner')}
        data-testid="filter-owner"
        style={{ width: 220 }}
        placeholder={t('device.filters.allOwners')}
        value={draft.ownerId}
        onChange={(ownerId) => onDraftChange({ ...draft, ownerId })}
      />
      <Input
        aria-label={t('device.filters.text')}
        data-testid="filter-text"
        className="cf-devices__filter-text"
        placeholder={t('device.filters.textPlaceholder')}
        allowClear
        maxLength={64}
        value={draft.text}
        onChange={(e) => onDraftChange({ ...draft, text: e.target.value })}
        onPressEnter={() => onSearch(draft)}
      />
      <Button type="primary" icon={<SearchOutlined />} onClick={() => onSearch(draft)} data-testid="filter-search">
        {t('device.filters.search')}
      </Button>
      <Button icon={<ReloadOutlined />} onClick={onReset} data-testid="filter-reset">
        {t('device.filters.reset')}
      </Button>
    </ResponsiveFilters>
  );
}
