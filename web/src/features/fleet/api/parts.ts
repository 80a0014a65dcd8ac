import { type QueryClient, useMutation, useQueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { deviceKeys } from '@/api/device/keys';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';

/** After a catalogue change: the catalogue, and every device's parts (they show its names). */
export function refreshCatalogue(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: deviceKeys.catalogue() }),
    client.invalidateQueries({ queryKey: deviceKeys.hardware() }),
  ]);
}

/** Delete a category that has no parts. */
export function deleteCategory(body: BodyOf<'/api/deviceHardSupport/deleteCate'>) {
  return post('/api/deviceHardSupport/deleteCate', body);
}

export function useDeleteCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: () => refreshCatalogue(client),
  });
}

/** Delete a part no device has and no batch lists. */
export function deletePart(body: BodyOf<'/api/deviceHardSupport/delete'>) {
  return post('/api/deviceHardSupport/delete', body);
}

export function useDeletePart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deletePart,
    onSuccess: () => refreshCatalogue(client),
  });
}

export type Category = DataOf<'/api/deviceHardSupport/listCate'>[number];

/** Every hardware part category. */
export function getCategories(signal?: AbortSignal) {
  return post('/api/deviceHardSupport/listCate', {}, { signal });
}

export const categoriesOptions = () =>
  queryOptions({ queryKey: deviceKeys.catalogue('categories'), queryFn: () => getCategories() });

export const useCategories = () => useQuery(categoriesOptions());

export type PartGroup = DataOf<'/api/deviceHardSupport/listCateGroup'>[number];

/** Every category with its parts (the batch's part pickers). */
export function getPartGroups(signal?: AbortSignal) {
  return post('/api/deviceHardSupport/listCateGroup', {}, { signal });
}

export const partGroupsOptions = () =>
  queryOptions({ queryKey: deviceKeys.catalogue('groups'), queryFn: () => getPartGroups() });

export const usePartGroups = () => useQuery(partGroupsOptions());

export type Part = DataOf<'/api/deviceHardSupport/list'>[number];

/** Hardware parts, optionally of one category (the call names it `type`). */
export function getParts(cateId: number | undefined, signal?: AbortSignal) {
  return post('/api/deviceHardSupport/list', { type: cateId }, { signal });
}

export const partsOptions = (cateId?: number) =>
  queryOptions({ queryKey: deviceKeys.catalogue('parts', cateId ?? null), queryFn: () => getParts(cateId) });

export const useParts = (cateId?: number) => useQuery(partsOptions(cateId));

/** Add a part category. */
export function insertCategory(body: BodyOf<'/api/deviceHardSupport/insertCate'>) {
  return post('/api/deviceHardSupport/insertCate', body);
}

export function useInsertCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: insertCategory,
    onSuccess: () => refreshCatalogue(client),
  });
}

/** Add a hardware part. */
export function insertPart(body: BodyOf<'/api/deviceHardSupport/insert'>) {
  return post('/api/deviceHardSupport/insert', body);
}

export function useInsertPart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: insertPart,
    onSuccess: () => refreshCatalogue(client),
  });
}

/** Rename a part category. */
export function updateCategory(body: BodyOf<'/api/deviceHardSupport/updateCate'>) {
  return post('/api/deviceHardSupport/updateCate', body);
}

export function useUpdateCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    onSuccess: () => refreshCatalogue(client),
  });
}

/** Edit a hardware part (only the fields sent change). */
export function updatePart(body: BodyOf<'/api/deviceHardSupport/update'>) {
  return post('/api/deviceHardSupport/update', body);
}

export function useUpdatePart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updatePart,
    onSuccess: () => refreshCatalogue(client),
  });
}
