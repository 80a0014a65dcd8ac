import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post, postForm } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { advisoryKeys } from './keys';

export type AdvisoryRow = DataOf<'/api/advisory/list'>[number];
export type AdvisoryDetail = DataOf<'/api/advisory/affected'>;
export type AffectedRobot = AdvisoryDetail['robots'][number];
export type AffectedVersion = AdvisoryDetail['versions'][number];
export type SbomRow = DataOf<'/api/advisory/sbom/list'>[number];
export type SbomDetail = DataOf<'/api/advisory/sbom/get'>;
export type UpdateBody = BodyOf<'/api/advisory/update'>;

export const useAdvisories = () =>
  useQuery({ queryKey: advisoryKeys.list(), queryFn: ({ signal }) => post('/api/advisory/list', {}, { signal }), staleTime: 5_000 });

export const useAffected = (id: number) =>
  useQuery({ queryKey: advisoryKeys.affected(id), queryFn: ({ signal }) => post('/api/advisory/affected', { id }, { signal }), staleTime: 2_000 });

export const useSboms = () =>
  useQuery({ queryKey: advisoryKeys.sboms(), queryFn: ({ signal }) => post('/api/advisory/sbom/list', {}, { signal }), staleTime: 5_000 });

export const useSbom = (versionId: number) =>
  useQuery({ queryKey: advisoryKeys.sbom(versionId), queryFn: ({ signal }) => post('/api/advisory/sbom/get', { versionId }, { signal }) });

/** Every change refreshes the whole page (counts, affected robots, SBOMs). */
function useAdvisoryChange<B, R>(call: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => void client.invalidateQueries({ queryKey: advisoryKeys.all }) });
}

export function useImportAdvisory() {
  return useAdvisoryChange((file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return postForm('/api/advisory/import', form);
  });
}

export const useDeleteAdvisory = () => useAdvisoryChange((id: number) => post('/api/advisory/delete', { id }));

export const useStartUpdate = () => useAdvisoryChange((body: UpdateBody) => post('/api/advisory/update', body));

export function useUploadSbom() {
  return useAdvisoryChange(({ versionId, file }: { versionId: number; file: File }) => {
    const form = new FormData();
    form.append('versionId', String(versionId));
    form.append('file', file, file.name);
    return postForm('/api/advisory/sbom/upload', form);
  });
}
