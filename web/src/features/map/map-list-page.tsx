/**
 * The map list (page key device/maplist): one robot's maps (`?deviceId=<id>`, reached from the device
 * list and the remote control page) with picture, area, size, resolution, last change and the map in
 * use marked; load, edit (the map editor), download, sync and delete, import a map file, and build a
 * new map live. The list is the server's record, read again from the robot while it is online; "used by"
 * names the robot's tasks and schedules on each map (as last read while it is offline). Importing over a
 * map in use asks first, naming them.
 */
import { App, Alert, Button, Empty, Modal, Popconfirm, Select, Space, Table, Upload } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError } from '@/api/errors';
import type { RelayTarget } from '@/api/relay';
import { WiderScreenNotice } from '@/components/wider-screen-notice';
import { useCan } from '@/lib/use-can';
import { useIsPhone } from '@/lib/use-is-phone';
import { useAllDevices } from '@/api/device/devices';
import { downloadMap, useImportMap, useMapList, type MapRecord } from './api/map-records';
import { useDevice } from '@/api/device/devices';
import { BuildPanel } from './components/build-panel';
import { mapInfoColumns } from './components/map-columns';
import { ReplaceInUseDialog } from './components/replace-dialog';
import { SyncDialog } from './components/sync-dialog';
import { mapInUseOf, type MapInUse } from './lib/in-use';
import { useMapCommands } from './lib/use-map-commands';
import './map-list.css';

const MapEditor = lazy(() => import('./components/map-editor').then((m) => ({ default: m.MapEditor })));
const PAGE = 'device/maplist';

function readDeviceId(params: URLSearchParams): number | null {
  const id = Number(params.get('deviceId'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

function RobotPicker({ value, onChange }: { value: number | null; onChange: (id: number) => void }) {
  const { t } = useTranslation();
  const robots = useAllDevices();
  return (
    <Select
      showSearch
      className="cf-map-robot"
      placeholder={t('map.page.chooseRobot')}
      aria-label={t('map.page.chooseRobot')}
      value={value ?? undefined}
      loading={robots.isLoading}
      optionFilterProp="label"
      onChange={onChange}
      data-testid="map-robot"
      options={(robots.data ?? []).map((r) => ({ value: r.deviceId, label: `${r.deviceCode} · ${r.deviceSerialNumber}` }))}
    />
  );
}

export default function MapListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const deviceId = readDeviceId(params);
  return (
    <div className="cf-map-page" data-testid="map-list-page">
      <Space className="cf-map-head" wrap>
        <span>{t('map.page.robot')}</span>
        <RobotPicker value={deviceId} onChange={(id) => setParams({ deviceId: String(id) })} />
      </Space>
      {deviceId === null ? <Empty description={t('map.page.chooseRobot')} /> : <RobotMaps key={deviceId} deviceId={deviceId} />}
    </div>
  );
}

function RobotMaps({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const record = useDevice(deviceId, { refetchInterval: 10_000 });
  if (!record.data) return null;
  if (!record.data.frpPort) return <Alert type="warning" showIcon message={t('map.page.noPort')} />;
  return <MapTable target={{ deviceId, port: record.data.frpPort }} />;
}

function MapTable({ target }: { target: RelayTarget }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const list = useMapList(target.deviceId);
  const importing = useImportMap(target.deviceId);
  const [building, setBuilding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const phone = useIsPhone();
  const [syncing, setSyncing] = useState<string | null>(null);
  const [replacing, setReplacing] = useState<{ file: File; inUse: MapInUse } | null>(null);
  const online = list.data?.online === 1;

  /** Imports a map file; a same-named map in use is replaced only after the user confirms (named tasks and schedules). */
  const importFile = (file: File, replaceInUse: boolean) =>
    importing.mutate(
      { file, replaceInUse },
      {
        onSuccess: (done) => {
          setReplacing(null);
          void message.success(t('map.importing.done', { name: done.mapName }));
        },
        onError: (error) => {
          const inUse = mapInUseOf(error);
          if (!isApiError(error) || !error.claim()) return;
          if (inUse && !replaceInUse) setReplacing({ file, inUse });
          else {
            setReplacing(null);
            if (error.kind !== 'aborted') void message.error(error.message);
          }
        },
      },
    );

  const { deleteMap, askLoad } = useMapCommands(target);

  return (
    <>
      {!online && list.data && <Alert type="warning" showIcon message={t('map.page.offline')} className="cf-map-offline" />}
      {online && list.data && !list.data.usageRefreshed && <Alert type="info" showIcon message={t('map.page.usageOld')} className="cf-map-offline" />}
      <Space className="cf-map-actions" wrap>
        {can(`${PAGE}/edit`) && <BuildPanel target={target} online={online} building={building} onBuilding={setBuilding} />}
        {can(`${PAGE}/import`) && (
          <Upload
            accept=".zip,application/zip"
            showUploadList={false}
            beforeUpload={(file) => {
              importFile(file, false);
              return false;
            }}
          >
            <Button loading={importing.isPending} data-testid="map-import">
              {t('map.importing.button')}
            </Button>
          </Upload>
        )}
      </Space>
      <Table<MapRecord>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={t('map.page.empty')} /> }}
        data-testid="map-table"
        columns={[
          ...mapInfoColumns(t, target),
          {
            title: t('map.table.actions'),
            key: 'actions',
            render: (_, row) => (
              <Space wrap size="small">
                {can(`${PAGE}/edit`) && (
                  <Button size="small" disabled={!online} onClick={() => setEditing(row.mapName)} data-testid="map-edit">
                    {t('map.table.edit')}
                  </Button>
                )}
                {can(`${PAGE}/edit`) && !row.current && (
                  <Button size="small" disabled={!online} onClick={() => askLoad(row)}>
                    {t('map.table.load')}
                  </Button>
                )}
                {can(`${PAGE}/download`) && (
                  <Button size="small" disabled={!online} onClick={() => void downloadMap(target.deviceId, row.mapName)}>
                    {t('map.table.download')}
                  </Button>
                )}
                {can(`${PAGE}/sync`) && (
                  <Button size="small" disabled={!online} onClick={() => setSyncing(row.mapName)} data-testid="map-sync">
                    {t('map.table.sync')}
                  </Button>
                )}
                {can(`${PAGE}/delete`) && (
                  <Popconfirm
                    title={t('map.remove.title', { name: row.mapName })}
                    description={row.inUse.length ? t('map.remove.used', { names: row.inUse.join(', ') }) : t('map.remove.content')}
                    onConfirm={() => deleteMap(row, row.inUse.length > 0)}
                  >
                    <Button size="small" danger disabled={!online} data-testid="map-delete">
                      {t('map.table.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing && phone && (
        <Modal open footer={null} onCancel={() => setEditing(null)} title={null} width={360}>
          <WiderScreenNotice onBack={() => setEditing(null)} />
        </Modal>
      )}
      {editing && !phone && (
        <Suspense fallback={null}>
          <MapEditor target={target} name={editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
      {replacing && (
        <ReplaceInUseDialog
          inUse={replacing.inUse}
          busy={importing.isPending}
          onReplace={() => importFile(replacing.file, true)}
          onCancel={() => setReplacing(null)}
        />
      )}
      {syncing && <SyncDialog deviceId={target.deviceId} mapName={syncing} onClose={() => setSyncing(null)} />}
    </>
  );
}
