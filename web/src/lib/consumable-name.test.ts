import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/instance';
import { loadMessages } from '@/i18n/load';
import { consumableName } from './consumable-name';

describe('consumableName', () => {
  it('names each kind of the catalogue in the reader language, anything else by the server name', async () => {
    i18n.addResourceBundle('de', 'translation', await loadMessages('de'), true, true);
    const t = i18n.getFixedT('de');
    expect(consumableName(t, 'dust_bag', 'Dust bag')).toBe((await loadMessages('de')).consumableKinds.dust_bag);
    expect(consumableName(t, 'dust_bag', 'Dust bag')).not.toBe('Dust bag');
    expect(consumableName(t, 'mop_pad', 'Mop pad')).toBe('Mop pad');
  });
});
