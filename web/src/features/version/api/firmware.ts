import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post, postForm } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { versionKeys } from './keys';

export type Firmware = DataOf<'/api/version/selectVersionFireware'>[number];
export type Publication = DataOf<'/api/version/selectVersionPublic'>[number];
export type OtaRecord = Publication['updates'][number];
export type Rollout = DataOf<'/api/version/rollout/list'>['list'][number];
export type RolloutGroup = Rollout['groups'][number];
export type UpdateWindow = NonNullable<BodyOf<'/api/version/rollout/add'>['window']>;
export type RolloutRobot = DataOf<'/api/version/selectDeviceUpdates'>['list'][number];

/** The signed-update repository: the publisher's root and each role's version and expiry (issue 47). */
export const useTufStatus = () =>
  useQuery({ queryKey: versionKeys.tuf(), queryFn: ({ signal }) => post('/api/version/tuf/status', {}, { signal }), staleTime: 30_000 });

/** Upload the publisher's root.json (the first, or a rotation the old root signed). */
export function uploadRoot(root: File) {
  const form = new FormData();
  form.append('root', root, root.name);
  return postForm('/api/version/tuf/root', form);
}

export const useFirmwareList = () =>
  useQuery({ queryKey: versionKeys.firmware(), queryFn: ({ signal }) => post('/api/version/selectVersionFireware', {}, { signal }), staleTime: 5_000 });

export const usePublications = (versionId: number) =>
  useQuery({
    queryKey: versionKeys.publications(versionId),
    queryFn: ({ signal }) => post('/api/version/selectVersionPublic', { versionId }, { signal }),
    staleTime: 2_000,
  });

export const useRollouts = (currentPage: number, pageSize: number) =>
  useQuery({
    queryKey: versionKeys.rollouts(currentPage),
    queryFn: ({ signal }) => post('/api/version/rollout/list', { currentPage, pageSize }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 2_000,
  });

/** A rollout's robots (by group and serial number): each one's state and, while it waits, why and until when. */
export const useRolloutRobots = (rolloutId: number, enabled: boolean) =>
  useQuery({
    queryKey: versionKeys.rolloutRobots(rolloutId),
    queryFn: ({ signal }) => post('/api/version/selectDeviceUpdates', { rolloutId, currentPage: 1, pageSize: 500 }, { signal }),
    enabled,
    staleTime: 2_000,
  });

/** Every change refreshes the whole page (list counts, publications, rollouts). */
function useVersionChange<B, R>(call: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => void client.invalidateQueries({ queryKey: versionKeys.all }) });
}

export interface FirmwareUpload {
  name: string;
  version: string;
  description?: string;
  sha256?: string;
  deviceTypes?: number[];
  enabled: boolean;
  file?: File;
  /** the targets metadata the publisher signed for this package (issue 47) */
  targets?: File;
  /** the switch for older robots: accept it unsigned */
  allowUnsigned?: boolean;
  /** the package's CycloneDX SBOM (issue 47 item 3, the Advisories page) */
  sbom?: File;
}

export function insertFirmware(values: FirmwareUpload) {
  const form = new FormData();
  form.append('name', values.name);
  form.append('version', values.version);
  form.append('description', values.description ?? '');
  form.append('sha256', values.sha256 ?? '');
  form.append('deviceTypes', (values.deviceTypes ?? []).join(','));
  form.append('enabled', String(values.enabled));
  if (values.file) form.append('file', values.file, values.file.name);
  if (values.targets) form.append('targets', values.targets, values.targets.name);
  if (values.sbom) form.append('sbom', values.sbom, values.sbom.name);
  form.append('allowUnsigned', String(Boolean(values.allowUnsigned)));
  return postForm('/api/version/insertVersionFireware', form);
}

export const useInsertFirmware = () => useVersionChange(insertFirmware);
export const useUploadRoot = () => useVersionChange(uploadRoot);
export const useUpdateFirmware = () => useVersionChange((body: BodyOf<'/api/version/updateVersionFireware'>) => post('/api/version/updateVersionFireware', body));
export const useDeleteFirmware = () => useVersionChange((body: BodyOf<'/api/version/delVersionFireware'>) => post('/api/version/delVersionFireware', body));
export const usePublish = () => useVersionChange((body: BodyOf<'/api/version/insertVersionPublic'>) => post('/api/version/insertVersionPublic', body));
export const useDeletePublication = () => useVersionChange((body: BodyOf<'/api/version/deleteVersionPublic'>) => post('/api/version/deleteVersionPublic', body));
export const useAddRollout = () => useVersionChange((body: BodyOf<'/api/version/rollout/add'>) => post('/api/version/rollout/add', body));
export const usePauseRollout = () => useVersionChange((body: BodyOf<'/api/version/rollout/pause'>) => post('/api/version/rollout/pause', body));
export const useResumeRollout = () => useVersionChange((body: BodyOf<'/api/version/rollout/resume'>) => post('/api/version/rollout/resume', body));
export const useCancelRollout = () => useVersionChange((body: BodyOf<'/api/version/rollout/cancel'>) => post('/api/version/rollout/cancel', body));
