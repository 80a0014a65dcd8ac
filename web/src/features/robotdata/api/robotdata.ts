/**
 * The robot data calls: device logs (/api/deviceLog/*), data backups (/api/device/backup ...) and video
 * (/api/qiniuQvs/*). Lists poll while something runs on a robot (an upload, a backup, a restore), so the
 * states and progress bars move without a reload.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { buildHeaders, handleEnvelope, isEnvelope, post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { robotDataKeys } from './keys';

export type LogKind = 'pad' | 'rosbag' | 'nav';
export type { DeviceBrief as Robot } from '@/api/device/types';
export type RobotLog = DataOf<'/api/deviceLog/listPad'>[number];
export type UploadedLog = DataOf<'/api/deviceLog/list'>['list'][number];
export type Backup = DataOf<'/api/device/selectDataBackups'>['list'][number];
export type Clip = DataOf<'/api/qiniuQvs/recordList'>[number];
export type Stream = DataOf<'/api/qiniuQvs/startStream'>;

const LIST_CALLS = { pad: '/api/deviceLog/listPad', rosbag: '/api/deviceLog/rosbagList', nav: '/api/deviceLog/navlogList' } as const;
const POLL_MS = 1_000;

/** A robot's logs of one kind, read from the robot. */
export const useRobotLogs = (deviceId: number | null, kind: LogKind) =>
  useQuery({
    queryKey: robotDataKeys.robotLogs(deviceId ?? 0, kind),
    queryFn: ({ signal }) => post(LIST_CALLS[kind], { deviceId: deviceId ?? 0 }, { signal }),
    enabled: deviceId !== null,
    refetchInterval: (query) => (query.state.data?.some((row) => row.status === 'uploading') ? POLL_MS : false),
  });

export const useUploadedLogs = (filter: BodyOf<'/api/deviceLog/list'>) =>
  useQuery({
    queryKey: robotDataKeys.logs(filter),
    queryFn: ({ signal }) => post('/api/deviceLog/list', filter, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.list.some((row) => row.status === 'uploading') ? POLL_MS : false),
  });

export const useBackups = (filter: BodyOf<'/api/device/selectDataBackups'>) =>
  useQuery({
    queryKey: robotDataKeys.backups(filter),
    queryFn: ({ signal }) => post('/api/device/selectDataBackups', filter, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.list.some((row) => ['packing', 'uploading'].includes(row.status) || row.restoreStatus === 'restoring') ? POLL_MS : false,
  });

export const useBackupContents = (id: number | null) =>
  useQuery({
    queryKey: robotDataKeys.contents(id ?? 0),
    queryFn: ({ signal }) => post('/api/device/selectDeviceInfoFromDataBackup', { id: id ?? 0 }, { signal }),
    enabled: id !== null,
  });

export const useRecords = (serial: string | null, startDate: string, endDate: string) =>
  useQuery({
    queryKey: robotDataKeys.records(serial ?? '', startDate, endDate),
    queryFn: ({ signal }) => post('/api/qiniuQvs/recordList', { deviceSerialNumber: serial ?? '', startDate, endDate }, { signal }),
    enabled: serial !== null,
  });

/** A change that refreshes every robot data list once it is done. */
function useChange<B, D>(call: (body: B) => Promise<D>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: robotDataKeys.all }) });
}

export const useUploadLog = () => useChange((body: BodyOf<'/api/deviceLog/upLoadFile'>) => post('/api/deviceLog/upLoadFile', body));
export const useCancelUpload = () => useChange((body: BodyOf<'/api/deviceLog/cancleUploadFile'>) => post('/api/deviceLog/cancleUploadFile', body));
export const useDeleteLogs = () => useChange((body: BodyOf<'/api/deviceLog/deleteDeviceLog'>) => post('/api/deviceLog/deleteDeviceLog', body));
export const useDeleteLogsByDate = () =>
  useChange((body: BodyOf<'/api/deviceLog/deleteDeviceLogByDate'>) => post('/api/deviceLog/deleteDeviceLogByDate', body));
export const useDeleteOnRobot = () => useChange((body: BodyOf<'/api/deviceLog/rosAndNavDelete'>) => post('/api/deviceLog/rosAndNavDelete', body));
export const useStartBackup = () => useChange((body: BodyOf<'/api/device/backup'>) => post('/api/device/backup', body));
export const useCancelBackup = () => useChange((body: BodyOf<'/api/device/backupCancel'>) => post('/api/device/backupCancel', body));
export const useRetryBackup = () => useChange((body: BodyOf<'/api/device/backupRetry'>) => post('/api/device/backupRetry', body));
export const useRestoreBackup = () => useChange((body: BodyOf<'/api/device/backupRestore'>) => post('/api/device/backupRestore', body));
export const useDeleteBackups = () => useChange((body: BodyOf<'/api/device/deleteDataBackupById'>) => post('/api/device/deleteDataBackupById', body));
export const useDeleteClips = () => useChange((body: BodyOf<'/api/qiniuQvs/recordDel'>) => post('/api/qiniuQvs/recordDel', body));

export const startStream = (body: BodyOf<'/api/qiniuQvs/startStream'>) => post('/api/qiniuQvs/startStream', body);
export const stopStream = (body: BodyOf<'/api/qiniuQvs/stopStream'>) => post('/api/qiniuQvs/stopStream', body, { quiet: true });
export const playRecord = (body: BodyOf<'/api/qiniuQvs/playRecord'>) => post('/api/qiniuQvs/playRecord', body);

/** A stored file (a log or a backup) saved by the browser; a refusal shows as the other calls' do. */
export const downloadLog = (id: number, fileName: string) => downloadFile('/api/deviceLog/download', id, fileName);
export const downloadBackup = (id: number, fileName: string) => downloadFile('/api/device/downloadDataBackup', id, fileName);

async function downloadFile(path: string, id: number, fileName: string): Promise<void> {
  const headers = await buildHeaders(true);
  const res = await fetch(path, { method: 'POST', headers, body: JSON.stringify({ id }) });
  if ((res.headers.get('content-type') ?? '').includes('json')) {
    const body: unknown = await res.json();
    if (isEnvelope(body)) handleEnvelope(body, false);
    return;
  }
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
