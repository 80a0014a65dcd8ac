/**
 * The site report (/api/site/report/*): a site's week or month downloaded as a PDF or an xlsx (the server draws it
 * in the language the console shows), and the schedule that mails it to the recipients the customer names.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import { fileNameOf as fileNameFrom, saveFileAnswer } from '@/lib/download';
import type { BodyOf, DataOf } from '@/api/types';
import { siteKeys } from './keys';

export type ReportKind = 'pdf' | 'xlsx';
export type ReportBody = BodyOf<'/api/site/report/pdf'>;
export type ReportSchedule = DataOf<'/api/site/report/schedule/get'>;
export type ReportScheduleBody = BodyOf<'/api/site/report/schedule/set'>;
export type ReportLanguage = ReportSchedule['recipients'][number]['language'];

const PATHS = { pdf: '/api/site/report/pdf', xlsx: '/api/site/report/xlsx' } as const;

/** The file name the server gives (`filename*=UTF-8''…`), else a plain one. */
export const fileNameOf = (disposition: string | null, kind: ReportKind): string => fileNameFrom(disposition, `site-report.${kind}`);

/** Downloads the report and hands it to the browser to save; a refusal throws (and is toasted) as other calls do. */
export async function downloadReport(kind: ReportKind, body: ReportBody): Promise<string> {
  return (await saveFileAnswer(PATHS[kind], body, `site-report.${kind}`)).name;
}

export const useReportSchedule = (siteId: number) =>
  useQuery({ queryKey: siteKeys.reportSchedule(siteId), queryFn: ({ signal }) => post('/api/site/report/schedule/get', { siteId }, { signal }) });

/** Saves the schedule whole; a refusal naming a field is claimed by the form and shown under it, others are toasted. */
export function useSaveReportSchedule(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportScheduleBody) => post('/api/site/report/schedule/set', body),
    onSuccess: (data) => queryClient.setQueryData(siteKeys.reportSchedule(siteId), data),
  });
}

export type ReportSendBody = BodyOf<'/api/site/report/send'>;
export type ReportSent = DataOf<'/api/site/report/send'>;

/** "Send now": the last full period (or `day`'s) mailed at once, to the recipients or to the caller; a refusal (no mail
 * server, no recipients saved, no address of one's own) names `to` and is toasted. */
export function useSendReport(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<ReportSendBody, 'siteId'>) => post('/api/site/report/send', { siteId, ...body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: siteKeys.reportSchedule(siteId) }),
  });
}
