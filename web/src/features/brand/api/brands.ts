/**
 * A node's own brand (/api/brand/*, issue 53 item 4): read, saved (a multipart form: the texts, the colours and a
 * new logo or icon, scaled by the server) and removed. After a change the console asks its own brand again
 * (src/lib/brand.ts), so saving one's own brand shows at once.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post, postForm } from '@/api/client';
import type { DataOf } from '@/api/types';
import type { paths } from '@/api/schema';
import { refreshBrand } from '@/lib/brand';
import { brandKeys } from './keys';

export type BrandSettings = DataOf<'/api/brand/get'>;
export type BrandValues = BrandSettings['brand'];
type SaveForm = NonNullable<paths['/api/brand/set']['post']['requestBody']>['content']['multipart/form-data'];
/** What the save call takes (its multipart form, as the server's schema declares it), the images as files. */
export type BrandForm = Omit<SaveForm, 'logo' | 'icon'> & { logo?: File | null; icon?: File | null };

export const useBrand = (userId: number | null) =>
  useQuery({
    queryKey: brandKeys.node(userId),
    queryFn: ({ signal }) => post('/api/brand/get', { userId: userId ?? undefined }, { signal }),
  });

/** The form as the server reads it: each field once, the host names repeated, files only when chosen. */
export function brandFormData(values: BrandForm): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) form.append(name, String(item));
    else if (value instanceof Blob) form.append(name, value, value instanceof File ? value.name : name);
    else form.append(name, String(value));
  }
  return form;
}

function useBrandChanged() {
  const client = useQueryClient();
  return (answer: BrandSettings) => {
    client.setQueryData(brandKeys.node(answer.userId), answer);
    void client.invalidateQueries({ queryKey: brandKeys.all() });
    void refreshBrand();
  };
}

export function useSaveBrand() {
  const changed = useBrandChanged();
  return useMutation({
    mutationFn: (values: BrandForm) => postForm('/api/brand/set', brandFormData(values)),
    onSuccess: changed,
  });
}

export function useRemoveBrand() {
  const changed = useBrandChanged();
  return useMutation({
    mutationFn: (userId: number | null) => post('/api/brand/remove', { userId: userId ?? undefined }),
    onSuccess: changed,
  });
}
