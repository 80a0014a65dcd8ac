import { describe, expect, it } from 'vitest';
import { textWidth } from '@/lib/text-width';
import { repairActionsWidth } from './repair-table';

describe('the repair records\' actions column', () => {
  it('holds the longer state button in the reader\'s language beside the edit and delete icons', () => {
    const labels = ['Commencer le traitement', 'Marquer comme traité'];
    const width = repairActionsWidth(labels, true);
    expect(width).toBeGreaterThanOrEqual(textWidth('Commencer le traitement') + 14 + 8 + 2 * 7 + 2 * 24 + 16);
    expect(repairActionsWidth(labels, false)).toBeLessThan(100); // only the icons without the state key
  });
});
