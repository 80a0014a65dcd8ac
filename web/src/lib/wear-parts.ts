/**
 * How a wear forecast's part reads (issue 36): its name, its date and range, how sure, and its bar. Shared by the
 * device page's panel (features/fleet) and the fleet page (features/wear); the texts are the `wear` feature's, so a
 * page that shows them names `wear` in its withTexts.
 */
import type { TFunction } from 'i18next';
import type { WearPart } from '@/api/wear/forecast';
import type { RangeBar } from '@/components/range-bars';
import { consumableName } from '@/lib/consumable-name';

type PartFacts = Pick<WearPart, 'part' | 'kind' | 'name' | 'state' | 'dueDate' | 'earliest' | 'latest' | 'sureness'>;

const DAY_MS = 86_400_000;

export function wearPartName(t: TFunction, part: Pick<WearPart, 'kind' | 'name'>): string {
  return part.kind === 'maintenance' ? part.name : consumableName(t, part.kind, part.name);
}

/** "2026-04-19 to 2026-04-23"; the state's words when there is no date. */
export function wearRangeText(t: TFunction, part: PartFacts): string {
  if (part.state !== 'dated') return t(`wear.states.${part.state}`);
  if (!part.earliest) return '';
  return part.latest ? t('wear.range', { from: part.earliest, to: part.latest }) : t('wear.openRange', { from: part.earliest });
}

export function wearSureText(t: TFunction, part: Pick<WearPart, 'sureness'>): string {
  return t(`wear.sure.${part.sureness}`);
}

function daysUntil(today: string, day: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

/** Red when due now or within a week, amber within two, teal later, grey without a date. */
export function wearTone(today: string, part: Pick<WearPart, 'state' | 'dueDate'>): RangeBar['tone'] {
  if (part.state === 'due_now') return 'danger';
  if (!part.dueDate) return 'muted';
  const days = daysUntil(today, part.dueDate);
  return days <= 7 ? 'danger' : days <= 14 ? 'warning' : 'normal';
}

export function wearBars(t: TFunction, today: string, parts: PartFacts[]): RangeBar[] {
  return parts.map((part) => ({
    key: part.part,
    label: wearPartName(t, part),
    start: part.earliest,
    due: part.state === 'dated' ? part.dueDate : null,
    end: part.latest,
    tone: wearTone(today, part),
    note:
      part.state === 'dated' && part.dueDate
        ? [t('wear.device.due', { date: part.dueDate }), part.earliest === part.latest ? null : wearRangeText(t, part), wearSureText(t, part)]
            .filter((text) => text !== null)
            .join(' · ')
        : wearRangeText(t, part),
  }));
}
