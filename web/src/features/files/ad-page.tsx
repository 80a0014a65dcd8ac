import { DeleteOutlined, EditOutlined, PlusOutlined, SoundOutlined } from '@ant-design/icons';
import { App, Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { ButtonProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllDevices } from '@/api/device/devices';
import { isApiError } from '@/api/errors';
import { QueryState } from '@/components/query-state';
import { LANGUAGES } from '@/i18n/languages';
import { useCan } from '@/lib/use-can';
import { validFields } from '@/lib/valid-fields';
import {
  useAddMedia, useAddPlaylist, useAssignPlaylist, useDeleteMedia, useDeletePlaylist, useMedia, usePlaylists, useUnassign, useUpdatePlaylist,
  type Media, type Playlist,
} from './api/ads';
import type { Uploaded } from './api/oss';
import { speak } from './api/speech';
import { UploadField } from './components/upload-field';
import { formatBytes } from '@/lib/format';
import { enter, maxChars } from '@/lib/form-rules';

const PAGE = 'device/ad';
const ALL = 1_000_000;

/** Advertising (device/ad): media for the robots' pads, playlists of them, the robots each plays on, and a voice preview. */
export default function AdPage() {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('files.ads.title')} data-testid="ad-page">
      <Tabs items={[
        { key: 'playlists', label: t('files.ads.playlists'), children: <Playlists /> },
        { key: 'media', label: t('files.ads.media'), children: <MediaList /> },
        { key: 'voice', label: t('files.ads.voice'), children: <VoicePreview /> },
      ]} />
    </Card>
  );
}

function MediaList() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const media = useMedia({ pageSize: ALL, currentPage: 1 });
  const remove = useDeleteMedia();
  const [adding, setAdding] = useState(false);
  const columns: ColumnsType<Media> = [
    { title: t('files.ads.mediaName'), dataIndex: 'name', key: 'name', render: (n: string) => <strong>{n}</strong> },
    { title: t('files.ads.kind'), dataIndex: 'kind', key: 'kind', render: (k: string) => <Tag>{t(`files.ads.kinds.${k as 'image'}`)}</Tag> },
    { title: t('files.ads.seconds'), dataIndex: 'seconds', key: 'seconds' },
    { title: t('files.entries.file'), key: 'file', render: (_, m) => `${m.fileName} · ${formatBytes(m.size)}` },
    {
      title: t('files.common.actions'), key: 'actions',
      render: (_, m) => can(`${PAGE}/delete`) ? (
        <Popconfirm title={t('files.ads.mediaDeleteConfirm', { name: m.name })} okButtonProps={{ danger: true }} okText={t('files.common.delete')}
          onConfirm={() => remove.mutateAsync({ id: m.id }).then(() => void message.success(t('files.common.deleted'))).catch(() => undefined)}>
          <Button size="small" type="link" danger icon={<DeleteOutlined />}>{t('files.common.delete')}</Button>
        </Popconfirm>
      ) : null,
    },
  ];
  return (
    <>
      {can(`${PAGE}/add`) ? (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} style={{ marginBottom: 12 }} data-testid="add-media">
          {t('files.ads.addMedia')}
        </Button>
      ) : null}
      <QueryState query={media}>
        <Table<Media> rowKey="id" columns={columns} dataSource={media.data?.list ?? []} pagination={false} locale={{ emptyText: t('files.ads.noMedia') }} />
      </QueryState>
      {adding ? <AddMediaDialog onClose={() => setAdding(false)} /> : null}
    </>
  );
}

function AddMediaDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string; seconds: number }>();
  const [file, setFile] = useState<Uploaded | null>(null);
  const [missing, setMissing] = useState(false);
  const add = useAddMedia();
  const save = async () => {
    setMissing(!file); // said together with the other fields' reasons, not only once they are right
    const values = await validFields(form);
    if (!values || !file) return;
    try {
      await add.mutateAsync({ ...values, savePath: file.savePath, isPrivate: file.isPrivate });
      void message.success(t('files.common.saved'));
      onClose();
    } catch (error) {
      if (!isApiError(error)) throw error;
    }
  };
  return (
    <Modal open title={t('files.ads.addMedia')} onCancel={onClose} onOk={() => void save()} okText={t('files.common.save')}
      cancelText={t('files.common.cancel')} confirmLoading={add.isPending} okButtonProps={{ 'data-testid': 'save-media' } as ButtonProps}>
      <Form form={form} layout="vertical" initialValues={{ seconds: 10 }}>
        <Form.Item label={t('files.entries.file')} required validateStatus={missing ? 'error' : undefined} help={missing ? t('files.upload.required') : undefined}>
          <UploadField folder="ads" accept="image/*,video/*,audio/*" onUploaded={(u) => {
            setFile(u);
            setMissing(false);
            if (!form.getFieldValue('name')) form.setFieldValue('name', u.name.replace(/\.[^.]+$/, ''));
          }} />
        </Form.Item>
        <Form.Item name="name" label={t('files.ads.mediaName')} rules={[enter(t, t('files.ads.mediaName')), maxChars(t, 64)]}>
          <Input data-testid="media-name" />
        </Form.Item>
        <Form.Item name="seconds" label={t('files.ads.seconds')} rules={[enter(t, t('files.ads.seconds'))]}>
          <InputNumber min={1} max={3600} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function Playlists() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const playlists = usePlaylists({ pageSize: ALL, currentPage: 1 });
  const remove = useDeletePlaylist();
  const unassign = useUnassign();
  const [editing, setEditing] = useState<Playlist | 'new' | null>(null);
  const [assigning, setAssigning] = useState<Playlist | null>(null);
  const columns: ColumnsType<Playlist> = [
    { title: t('files.ads.playlistName'), dataIndex: 'name', key: 'name', render: (n: string, p) => (
      <div><strong>{n}</strong><div><Typography.Text type="secondary">{t('files.ads.totalSeconds', { seconds: p.totalSeconds })}</Typography.Text></div></div>) },
    { title: t('files.ads.items'), key: 'items', render: (_, p) => p.items.map((i, n) => <Tag key={`${i.mediaId}-${n}`}>{n + 1}. {i.name} · {i.seconds}s</Tag>) },
    {
      title: t('files.ads.robots'), key: 'robots',
      render: (_, p) => p.devices.length === 0 ? <Typography.Text type="secondary">{t('files.ads.noRobots')}</Typography.Text> : p.devices.map((d) => (
        <Tag key={d.deviceId} data-testid={`playing-${d.deviceSerialNumber}`} closable={can(`${PAGE}/edit`)}
          onClose={(e) => {
            e.preventDefault();
            Modal.confirm({ title: t('files.ads.unassignConfirm', { name: d.deviceCode }), okButtonProps: { danger: true },
              onOk: () => unassign.mutateAsync({ deviceIds: [d.deviceId] }).catch(() => undefined) });
          }}>{d.deviceCode} · {d.deviceSerialNumber}</Tag>)),
    },
    {
      title: t('files.common.actions'), key: 'actions',
      render: (_, p) => (
        <Space size={4}>
          {can(`${PAGE}/edit`) ? (<>
            <Button size="small" type="link" onClick={() => setAssigning(p)} data-testid={`assign-${p.name}`}>{t('files.ads.assign')}</Button>
            <Button size="small" type="link" icon={<EditOutlined />} onClick={() => setEditing(p)}>{t('files.ads.editPlaylist')}</Button>
          </>) : null}
          {can(`${PAGE}/delete`) ? (
            <Popconfirm title={t('files.ads.playlistDeleteConfirm', { name: p.name })} okButtonProps={{ danger: true }} okText={t('files.common.delete')}
              onConfirm={() => remove.mutateAsync({ id: p.id }).then(() => void message.success(t('files.common.deleted'))).catch(() => undefined)}>
              <Button size="small" type="link" danger icon={<DeleteOutlined />}>{t('files.common.delete')}</Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];
  return (
    <>
      {can(`${PAGE}/add`) ? (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} style={{ marginBottom: 12 }} data-testid="add-playlist">
          {t('files.ads.addPlaylist')}
        </Button>
      ) : null}
      <QueryState query={playlists}>
        <Table<Playlist> rowKey="id" columns={columns} dataSource={playlists.data?.list ?? []} pagination={false} scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('files.ads.noPlaylists') }} />
      </QueryState>
      {editing ? <PlaylistDialog playlist={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {assigning ? <AssignDialog playlist={assigning} onClose={() => setAssigning(null)} /> : null}
    </>
  );
}

function PlaylistDialog({ playlist, onClose }: { playlist: Playlist | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string; mediaIds: number[] }>();
  const media = useMedia({ pageSize: ALL, currentPage: 1 });
  const add = useAddPlaylist();
  const update = useUpdatePlaylist();
  const save = async () => {
    const values = await validFields(form);
    if (!values) return;
    const { name, mediaIds } = values;
    const items = (mediaIds ?? []).map((mediaId) => ({ mediaId }));
    try {
      if (playlist) await update.mutateAsync({ id: playlist.id, name, items });
      else await add.mutateAsync({ name, items });
      void message.success(t('files.common.saved'));
      onClose();
    } catch (error) {
      if (!isApiError(error)) throw error;
    }
  };
  return (
    <Modal open title={playlist ? t('files.ads.editPlaylist') : t('files.ads.addPlaylist')} onCancel={onClose} onOk={() => void save()}
      okText={t('files.common.save')} cancelText={t('files.common.cancel')} confirmLoading={add.isPending || update.isPending}
      okButtonProps={{ 'data-testid': 'save-playlist' } as ButtonProps}>
      <Form form={form} layout="vertical" initialValues={{ name: playlist?.name, mediaIds: playlist?.items.map((i) => i.mediaId) ?? [] }}>
        <Form.Item name="name" label={t('files.ads.playlistName')} rules={[enter(t, t('files.ads.playlistName')), maxChars(t, 64)]}>
          <Input data-testid="playlist-name" />
        </Form.Item>
        <Form.Item name="mediaIds" label={t('files.ads.items')}>
          <Select mode="multiple" placeholder={t('files.ads.itemsPlaceholder')} loading={media.isPending} data-testid="playlist-media"
            options={(media.data?.list ?? []).map((m) => ({ value: m.id, label: `${m.name} (${t(`files.ads.kinds.${m.kind as 'image'}`)})` }))} optionFilterProp="label" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function AssignDialog({ playlist, onClose }: { playlist: Playlist; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [deviceIds, setDeviceIds] = useState<number[]>([]);
  const robots = useAllDevices();
  const assign = useAssignPlaylist();
  const save = async () => {
    if (deviceIds.length === 0) return;
    try {
      await assign.mutateAsync({ playlistId: playlist.id, deviceIds });
      void message.success(t('files.ads.assigned'));
      onClose();
    } catch (error) {
      if (!isApiError(error)) throw error;
    }
  };
  return (
    <Modal open title={`${t('files.ads.assign')}: ${playlist.name}`} onCancel={onClose} onOk={() => void save()} okText={t('files.common.save')}
      cancelText={t('files.common.cancel')} confirmLoading={assign.isPending} okButtonProps={{ disabled: deviceIds.length === 0, 'data-testid': 'save-assign' } as ButtonProps}>
      <Select mode="multiple" style={{ width: '100%' }} placeholder={t('files.ads.assignPlaceholder')} aria-label={t('files.ads.assignPlaceholder')} value={deviceIds} onChange={setDeviceIds}
        loading={robots.isPending} optionFilterProp="label" data-testid="assign-robots"
        options={(robots.data ?? []).map((d) => ({ value: d.deviceId, label: `${d.deviceCode} · ${d.deviceSerialNumber}` }))} />
    </Modal>
  );
}

function VoicePreview() {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<{ content: string; language: string }>();
  const [audio, setAudio] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => () => { if (audio) URL.revokeObjectURL(audio); }, [audio]);
  const listen = async () => {
    const values = await validFields(form);
    if (!values) return;
    const { content, language } = values;
    setBusy(true);
    try {
      const blob = await speak(content, language);
      setAudio(URL.createObjectURL(blob));
    } catch (error) {
      if (!isApiError(error)) throw error;
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} layout="vertical" initialValues={{ language: i18n.language }} style={{ maxWidth: 560 }}>
      <Typography.Paragraph type="secondary">{t('files.ads.voiceHint')}</Typography.Paragraph>
      <Form.Item name="content" label={t('files.ads.voiceText')} rules={[enter(t, t('files.ads.voiceText')), maxChars(t, 500)]}>
        <Input.TextArea rows={3} data-testid="voice-text" />
      </Form.Item>
      <Form.Item name="language" label={t('files.ads.voiceLanguage')}>
        <Select options={LANGUAGES.map((code) => ({ value: code, label: t(`languages.${code}`) }))} style={{ width: 200 }} data-testid="voice-language" />
      </Form.Item>
      <Space direction="vertical">
        <Button type="primary" icon={<SoundOutlined />} loading={busy} onClick={() => void listen()} data-testid="voice-listen">{t('files.ads.listen')}</Button>
        {audio ? (
          // the spoken text is on screen above: the audio is its reading, so there is nothing to caption
          <audio controls autoPlay src={audio} data-testid="voice-audio">
            <track kind="captions" />
          </audio>
        ) : null}
      </Space>
    </Form>
  );
}
