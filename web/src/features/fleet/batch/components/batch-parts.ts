import type { BatchDetail } from '../../api/batches';

/** A part as the batch calls answer it (declared loosely by the server; these are its fields). */
export interface BatchPart {
  id: number;
  name: string;
  version: string;
  cateId: number;
  cateName: string;
  hardSupportText: string;
}

export function partsOf(batch: Pick<BatchDetail, 'hardSupports'> | undefined): BatchPart[] {
  return (batch?.hardSupports ?? []) as unknown as BatchPart[];
}

export function partLabel(part: Pick<BatchPart, 'name' | 'version'>): string {
  return part.version ? `${part.name} ${part.version}` : part.name;
}
