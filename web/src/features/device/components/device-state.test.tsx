import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/instance';
import { loadMessages } from '@/i18n/load';
import { textWidth } from '@/lib/text-width';
import { stateColumnWidth } from './device-state';

describe('the device list\'s state column', () => {
  it('holds an offline robot\'s whole "last seen" time in every language', async () => {
    for (const language of ['en', 'de', 'fr', 'ar'] as const) {
      i18n.addResourceBundle(language, 'translation', await loadMessages(language));
      await i18n.changeLanguage(language);
      const text = i18n.t('device.state.lastSeen', { time: '2026-11-23 20:35:12' });
      expect(stateColumnWidth(i18n.t) - 16, language).toBeGreaterThanOrEqual(textWidth(text));
    }
    await i18n.changeLanguage('en');
  });
});
