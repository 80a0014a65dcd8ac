import { describe, expect, it } from 'vitest';
import { countryRegions, latinKey, provinceAdcode, provinceLabel, provinceRegions, PROVINCES, worldRegion } from './regions';

describe('provinces as the China map names them', () => {
  it('reads GeoNames spellings, Chinese names and the special regions', () => {
    expect(provinceAdcode('CN', 'Guangdong')).toBe(440000);
    expect(provinceAdcode('cn', 'Ningxia Hui Autonomous Region')).toBe(640000);
    expect(provinceAdcode('CN', 'Inner Mongolia')).toBe(150000);
    expect(provinceAdcode('CN', 'Nei Mongol')).toBe(150000);
    expect(provinceAdcode('CN', 'Shaanxi')).toBe(610000);
    expect(provinceAdcode('CN', 'Shanxi')).toBe(140000);
    expect(provinceAdcode('CN', 'Beijing Shi')).toBe(110000);
    expect(provinceAdcode('CN', 'Xizang')).toBe(540000);
    expect(provinceAdcode('CN', '广东省')).toBe(440000);
    expect(provinceAdcode('CN', '新疆维吾尔自治区')).toBe(650000);
    expect(provinceAdcode('CN', '内蒙古')).toBe(150000);
    expect(provinceAdcode('HK', '')).toBe(810000);
    expect(provinceAdcode('MO', 'Macau')).toBe(820000);
    expect(provinceAdcode('TW', 'Taipei')).toBe(710000);
  });

  it('answers null outside China and for unknown or missing provinces', () => {
    expect(provinceAdcode('FR', 'Île-de-France')).toBeNull();
    expect(provinceAdcode('CN', '')).toBeNull();
    expect(provinceAdcode('CN', 'Atlantis')).toBeNull();
    expect(latinKey('Île-de-France')).toBe('iledefrance');
  });

  it('has 34 provinces with distinct codes, labelled per language', () => {
    expect(new Set(PROVINCES.map((p) => p.adcode)).size).toBe(34);
    expect(provinceLabel(440000, 'zh-CN')).toBe('广东');
    expect(provinceLabel('440000', 'ja')).toBe('广东');
    expect(provinceLabel(440000, 'ar')).toBe('قوانغدونغ');
    expect(provinceLabel(440000, 'fr')).toBe('Guangdong');
    expect(provinceLabel(999999, 'en')).toBe('999999');
  });
});

describe('devices per map region', () => {
  it('adds up countries, with Hong Kong, Macao and Taiwan drawn as China, most first', () => {
    const { regions, unplaced } = countryRegions([
      { countryCode: 'FR', total: 3, online: 1 },
      { countryCode: 'CN', total: 2, online: 2 },
      { countryCode: 'HK', total: 2, online: 0 },
      { countryCode: '', total: 4, online: 0 },
    ]);
    expect(regions).toEqual([
      { name: 'CN', value: 4, online: 2 },
      { name: 'FR', value: 3, online: 1 },
    ]);
    expect(unplaced).toBe(4);
    expect(worldRegion('tw')).toBe('CN');
  });

  it('adds up provinces by code and counts the unknown ones as unplaced', () => {
    const { regions, unplaced } = provinceRegions([
      { countryCode: 'CN', province: 'Guangdong', total: 2, online: 1 },
      { countryCode: 'CN', province: '广东省', total: 1, online: 1 },
      { countryCode: 'CN', province: 'Shanghai', total: 5, online: 5 },
      { countryCode: 'CN', province: '', total: 3, online: 0 },
    ]);
    expect(regions).toEqual([
      { name: '310000', value: 5, online: 5 },
      { name: '440000', value: 3, online: 2 },
    ]);
    expect(unplaced).toBe(3);
  });
});
