import { InfoCircleOutlined, ReloadOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Card, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useChartAll } from '../api/summary';
import { useCountByProvince } from '../api/summary';
import { ChartCard } from '@/components/charts/chart-card';
import { stateDoughnut } from '@/components/charts/chart-options';
import { CountChartCard } from '@/components/charts/count-chart-card';
import { CountTable, type LinkedCountRow } from '@/components/charts/count-table';
import { useDeviceLinks } from '@/lib/device-links';
import { EChart } from '@/components/charts/echart';
import { OwnerFilter } from '@/components/owner-picker';
import { useCountryName } from '@/lib/place-names';
import { QueryState } from '@/components/query-state';
import { SummaryStats } from './components/summary-stats';
import '../components/fleet.css';

const TOP_PROVINCES = 15;

/** Device summary: counts by online state, model, owner, country and province, for one owner's subtree or all. */
export default function DeviceSummaryPage() {
  const { t } = useTranslation();
  const [userId, setUserId] = useState<number>();
  const all = useChartAll(userId);
  const provinces = useCountByProvince(userId);
  const countryName = useCountryName();
  const links = useDeviceLinks();
  const names = { online: t('fleet.summary.online'), offline: t('fleet.summary.offline') };

  const byType: LinkedCountRow[] = useMemo(
    () => (all.data?.byType ?? []).map((r) => ({ key: r.typeId, label: r.typeName, total: r.total, online: r.online })),
    [all.data],
  );
  const byOwner: LinkedCountRow[] = useMemo(
    () =>
      (all.data?.byOwner ?? []).map((r) => ({
        key: r.userId,
        label: r.userName && r.userName !== r.account ? `${r.userName} (${r.account})` : r.account,
        total: r.total,
        online: r.online,
        link: links.devicesOfOwner ? (
          <Tooltip title={t('fleet.common.showDevicesOfOwner')}>
            <Link to={links.devicesOfOwner(r.userId)} aria-label={t('fleet.common.showDevicesOfOwner')}>
              <UnorderedListOutlined />
            </Link>
          </Tooltip>
        ) : undefined,
      })),
    [all.data, links, t],
  );
  const byCountry: LinkedCountRow[] = useMemo(
    () =>
      (all.data?.byCountry ?? []).map((r) => ({
        key: r.countryCode || 'unknown',
        label: countryName(r.countryCode, r.country),
        total: r.total,
        online: r.online,
      })),
    [all.data, countryName],
  );
  const byProvince: LinkedCountRow[] = useMemo(
    () =>
      (provinces.data ?? []).map((r) => ({
        key: `${r.countryCode}/${r.province}`,
        label: r.countryCode
          ? `${countryName(r.countryCode, r.country)} · ${r.province || t('fleet.summary.noProvince')}`
          : t('fleet.summary.unknownPlace'),
        total: r.total,
        online: r.online,
      })),
    [provinces.data, countryName, t],
  );
  const countriesWithDevices = byCountry.filter((r) => r.total > 0);
  const topProvinces = byProvince.slice(0, TOP_PROVINCES);
  const total = all.data?.total ?? 0;
  const empty = all.isSuccess && total === 0;

  const chartLabel = (title: string) => t('fleet.summary.chartLabel', { title, count: total });

  return (
    <div className="cf-fleet" data-testid="device-summary">
      <Card size="small">
        <div className="cf-fleet-toolbar">
          <Typography.Text strong>{t('fleet.common.owner')}</Typography.Text>
          <OwnerFilter value={userId} onChange={(id) => setUserId(id ?? undefined)} />
          <div className="cf-fleet-toolbar__end">
            <Button
              icon={<ReloadOutlined />}
              onClick={() => void Promise.all([all.refetch(), provinces.refetch()])}
              loading={all.isFetching || provinces.isFetching}
            >
              {t('fleet.common.refresh')}
            </Button>
          </div>
        </div>
      </Card>
      <SummaryStats totals={all.data} loading={all.isPending} />
      <QueryState query={all} empty={empty}>
        <div className="cf-fleet-grid">
          <ChartCard
            testId="chart-state"
            title={t('fleet.summary.byState')}
            chart={
              <EChart
                testId="summary-chart"
                label={chartLabel(t('fleet.summary.byState'))}
                option={stateDoughnut(all.data?.online ?? 0, all.data?.offline ?? 0, names)}
              />
            }
            table={
              <CountTable
                labelTitle={t('fleet.common.state')}
                rows={[
                  { key: 'online', label: names.online, total: all.data?.online ?? 0, online: all.data?.online ?? 0 },
                  { key: 'offline', label: names.offline, total: all.data?.offline ?? 0, online: 0 },
                ]}
              />
            }
          />
          <CountChartCard
            testId="chart-type"
            title={t('fleet.summary.byType')}
            chartLabel={chartLabel(t('fleet.summary.byType'))}
            labelTitle={t('fleet.common.deviceType')}
            rows={byType}
          />
          <CountChartCard
            testId="chart-owner"
            title={t('fleet.summary.byOwner')}
            chartLabel={chartLabel(t('fleet.summary.byOwner'))}
            labelTitle={t('fleet.common.owner')}
            rows={byOwner}
            horizontal
          />
          <CountChartCard
            testId="chart-country"
            title={t('fleet.summary.byCountry')}
            chartLabel={chartLabel(t('fleet.summary.byCountry'))}
            labelTitle={t('fleet.summary.country')}
            rows={byCountry}
            chartRows={countriesWithDevices}
            horizontal
            extra={
              <Tooltip title={t('fleet.summary.listedCountriesOnly')}>
                <InfoCircleOutlined className="cf-fleet-muted" aria-label={t('fleet.summary.listedCountriesOnly')} />
              </Tooltip>
            }
          />
          <CountChartCard
            testId="chart-province"
            title={t('fleet.summary.byProvince')}
            chartLabel={chartLabel(t('fleet.summary.byProvince'))}
            labelTitle={t('fleet.summary.province')}
            rows={byProvince}
            chartRows={topProvinces}
            horizontal
            query={provinces}
          />
        </div>
      </QueryState>
    </div>
  );
}
