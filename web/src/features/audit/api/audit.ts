/**
 * The audit trail (/api/audit/*, issue 51): the branch's security events, searched a page at a time, and the same
 * search saved as CSV (a spreadsheet) or JSON Lines (a SIEM's import).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { saveFileAnswer } from '@/lib/download';
import { auditKeys } from './keys';

export type AuditRow = DataOf<'/api/audit/list'>['list'][number];
export type AuditSearch = BodyOf<'/api/audit/list'>;
export type AuditExport = BodyOf<'/api/audit/export'>;

export const useAuditTrail = (body: AuditSearch) =>
  useQuery({
    queryKey: auditKeys.list(body),
    queryFn: ({ signal }) => post('/api/audit/list', body, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

/** Saves the export; answers the file's name and whether the server left older rows out (narrow the range). */
export async function saveAuditExport(body: AuditExport): Promise<{ name: string; truncated: boolean }> {
  const { name, headers } = await saveFileAnswer('/api/audit/export', body, `audit.${body.format ?? 'csv'}`);
  return { name, truncated: headers.get('x-audit-truncated') === 'true' };
}
