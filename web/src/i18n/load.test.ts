// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { loadFeatureMessages } from './features';
import { i18n } from './instance';
import { prepareLanguage, showLanguage, withTexts } from './load';

const has = (language: string, key: string) => i18n.getResource(language, 'translation', key) !== undefined;

describe('texts load with the features that show them', () => {
  it('a language brings the shell only; a page brings its features in that language and English', async () => {
    showLanguage(await prepareLanguage('fr'));
    expect(i18n.t('login.submit')).toBe('Se connecter');
    expect(has('fr', 'device.list.loading')).toBe(false);
    expect(has('en', 'device.list.loading')).toBe(false);

    const page = withTexts(async () => ({ default: 'the page' }), 'device');
    expect(await page()).toEqual({ default: 'the page' });
    const french = await loadFeatureMessages('device', 'fr');
    expect(i18n.t('device.list.loading')).toBe(french.list.loading);
    expect(has('en', 'device.list.loading')).toBe(true);
    expect(has('fr', 'fleet.summary.unknownPlace')).toBe(false);
    // the shell's texts are still there (a deep merge into the one namespace)
    expect(i18n.t('login.submit')).toBe('Se connecter');
  });

  it('switching language loads the features used so far before the switch completes', async () => {
    const loaded = await prepareLanguage('ar');
    expect(has('ar', 'device.list.loading')).toBe(true);
    expect(i18n.language).toBe('fr'); // not shown yet
    showLanguage(loaded);
    expect(i18n.t('device.list.loading')).toBe((await loadFeatureMessages('device', 'ar')).list.loading);
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('a page opened while a switch is under way brings its texts in the coming language too', async () => {
    const switching = prepareLanguage('ja');
    await withTexts(async () => null, 'fleet')();
    expect(has('ar', 'fleet.summary.unknownPlace')).toBe(true);
    const loaded = await switching;
    expect(has('ja', 'fleet.summary.unknownPlace')).toBe(true);
    showLanguage(loaded);
    expect(i18n.t('fleet.summary.unknownPlace')).toBe((await loadFeatureMessages('fleet', 'ja')).summary.unknownPlace);
  });
});
