/** The end of a customer (/customer/end/*, issue 51 item 8): what would go, the start, and the finished end's receipt. */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import { saveFileAnswer } from '@/lib/download';
import type { BodyOf, DataOf } from '@/api/types';
import { userKeys } from './keys';

export type EndPreview = DataOf<'/api/customer/end/preview'>;
export type EndCounts = EndPreview['counts'];
export type RobotChoice = EndPreview['robots'];
export type EndReceipt = DataOf<'/api/customer/end/receipt'>;

/** What ending the customer would remove now, with its robots handed over to the dealer or removed. */
export function useEndPreview(userId: number, robots: RobotChoice) {
  return useQuery({
    queryKey: userKeys.endPreview(userId, robots),
    queryFn: ({ signal }) => post('/api/customer/end/preview', { userId, robots }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Starts the end (the customer's name typed as `confirm`); answers the data job's id. */
export function useStartEnd() {
  return useMutation({ mutationFn: (body: BodyOf<'/api/customer/end/start'>) => post('/api/customer/end/start', body) });
}

/** A finished end's receipt (asked once the job is done). */
export function useEndReceipt(jobId: number | null) {
  return useQuery({
    queryKey: userKeys.endReceipt(jobId ?? 0),
    queryFn: ({ signal }) => post('/api/customer/end/receipt', { jobId: jobId ?? 0 }, { signal }),
    enabled: jobId !== null,
    staleTime: Infinity,
  });
}

/** Downloads the finished end's receipt as a PDF (drawn by the server in the console's language); answers the file's
 * name. A refusal throws (and is toasted) as other calls do. */
export async function saveEndReceiptPdf(jobId: number): Promise<string> {
  return (await saveFileAnswer('/api/customer/end/receipt/pdf', { jobId }, `customer-end-${jobId}.pdf`)).name;
}
