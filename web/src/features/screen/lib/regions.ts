/**
 * Places as the maps name them. The world map's regions are ISO 3166 alpha-2 codes (Hong Kong, Macao
 * and Taiwan are drawn as part of China); the China map's are the provinces' administrative codes
 * (adcode). Devices name their province as the offline geocoder does (GeoNames: "Guangdong",
 * "Ningxia Hui Autonomous Region", ...) or in Chinese ("广东省"); both are understood.
 */

export interface Province {
  adcode: number;
  en: string;
  /** The name in Arabic (the Arabic console showed the Latin one). */
  ar: string;
  zh: string;
  /** Other spellings (normalised as `latinKey` does). */
  aliases?: readonly string[];
}

export const PROVINCES: readonly Province[] = [
  { adcode: 110000, en: 'Beijing', ar: 'بكين', zh: '北京' },
  { adcode: 120000, en: 'Tianjin', ar: 'تيانجين', zh: '天津' },
  { adcode: 130000, en: 'Hebei', ar: 'خبي', zh: '河北' },
  { adcode: 140000, en: 'Shanxi', ar: 'شانشي', zh: '山西' },
  { adcode: 150000, en: 'Inner Mongolia', ar: 'منغوليا الداخلية', zh: '内蒙古', aliases: ['neimongol', 'neimenggu'] },
  { adcode: 210000, en: 'Liaoning', ar: 'لياونينغ', zh: '辽宁' },
  { adcode: 220000, en: 'Jilin', ar: 'جيلين', zh: '吉林' },
  { adcode: 230000, en: 'Heilongjiang', ar: 'هيلونغجيانغ', zh: '黑龙江' },
  { adcode: 310000, en: 'Shanghai', ar: 'شانغهاي', zh: '上海' },
  { adcode: 320000, en: 'Jiangsu', ar: 'جيانغسو', zh: '江苏' },
  { adcode: 330000, en: 'Zhejiang', ar: 'تشجيانغ', zh: '浙江' },
  { adcode: 340000, en: 'Anhui', ar: 'آنهوي', zh: '安徽' },
  { adcode: 350000, en: 'Fujian', ar: 'فوجيان', zh: '福建' },
  { adcode: 360000, en: 'Jiangxi', ar: 'جيانغشي', zh: '江西' },
  { adcode: 370000, en: 'Shandong', ar: 'شاندونغ', zh: '山东' },
  { adcode: 410000, en: 'Henan', ar: 'خنان', zh: '河南' },
  { adcode: 420000, en: 'Hubei', ar: 'هوبي', zh: '湖北' },
  { adcode: 430000, en: 'Hunan', ar: 'هونان', zh: '湖南' },
  { adcode: 440000, en: 'Guangdong', ar: 'قوانغدونغ', zh: '广东' },
  { adcode: 450000, en: 'Guangxi', ar: 'قوانغشي', zh: '广西' },
  { adcode: 460000, en: 'Hainan', ar: 'هاينان', zh: '海南' },
  { adcode: 500000, en: 'Chongqing', ar: 'تشونغتشينغ', zh: '重庆' },
  { adcode: 510000, en: 'Sichuan', ar: 'سيتشوان', zh: '四川' },
  { adcode: 520000, en: 'Guizhou', ar: 'قويتشو', zh: '贵州' },
  { adcode: 530000, en: 'Yunnan', ar: 'يوننان', zh: '云南' },
  { adcode: 540000, en: 'Tibet', ar: 'التبت', zh: '西藏', aliases: ['xizang'] },
  { adcode: 610000, en: 'Shaanxi', ar: 'شنشي', zh: '陕西' },
  { adcode: 620000, en: 'Gansu', ar: 'قانسو', zh: '甘肃' },
  { adcode: 630000, en: 'Qinghai', ar: 'تشينغهاي', zh: '青海' },
  { adcode: 640000, en: 'Ningxia', ar: 'نينغشيا', zh: '宁夏' },
  { adcode: 650000, en: 'Xinjiang', ar: 'شينجيانغ', zh: '新疆' },
  { adcode: 710000, en: 'Taiwan', ar: 'تايوان', zh: '台湾' },
  { adcode: 810000, en: 'Hong Kong', ar: 'هونغ كونغ', zh: '香港' },
  { adcode: 820000, en: 'Macao', ar: 'ماكاو', zh: '澳门', aliases: ['macau'] },
];

/** Country codes the China map draws as its provinces, with the province each stands for. */
const CHINA_PARTS: Readonly<Record<string, number>> = { HK: 810000, MO: 820000, TW: 710000 };

const LATIN_NOISE =
  /\b(province|municipality|autonomous|region|special|administrative|sar|shi|sheng|zizhiqu|hui|zhuang|uygur|uyghur|uighur)\b/g;
const CJK_NOISE = /(特别行政区|自治区|维吾尔|壮族|回族|省|市)/g;

/** "Ningxia Hui Autonomous Region" → "ningxia"; "Inner Mongolia" → "innermongolia". */
export function latinKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(LATIN_NOISE, ' ')
    .replace(/[^a-z]/g, '');
}

const BY_KEY = new Map<string, number>();
for (const p of PROVINCES) {
  BY_KEY.set(latinKey(p.en), p.adcode);
  BY_KEY.set(p.zh, p.adcode);
  for (const alias of p.aliases ?? []) BY_KEY.set(alias, p.adcode);
}
const BY_ADCODE = new Map(PROVINCES.map((p) => [p.adcode, p]));

/** The province's adcode on the China map, or null when the place is not one of China's provinces. */
export function provinceAdcode(countryCode: string, province: string): number | null {
  const code = countryCode.toUpperCase();
  const part = CHINA_PARTS[code];
  if (part !== undefined) return part;
  if (code !== 'CN' || !province.trim()) return null;
  const text = province.trim();
  if (/[\u4e00-\u9fff]/.test(text)) return BY_KEY.get(text.replace(CJK_NOISE, '')) ?? null;
  return BY_KEY.get(latinKey(text)) ?? null;
}

/** A province's name for labels: Chinese characters in Chinese and Japanese, Arabic in Arabic, else its usual Latin name. */
export function provinceLabel(adcode: number | string, language: string): string {
  const province = BY_ADCODE.get(Number(adcode));
  if (!province) return String(adcode);
  if (language === 'ar') return province.ar;
  return language.startsWith('zh') || language === 'ja' ? province.zh : province.en;
}

/** The world map's region for a country code (Hong Kong, Macao and Taiwan are China's). */
export function worldRegion(countryCode: string): string {
  const code = countryCode.toUpperCase();
  return CHINA_PARTS[code] !== undefined ? 'CN' : code;
}

export interface PlaceRow {
  countryCode: string;
  province?: string;
  total: number;
  online: number;
}

export interface RegionValue {
  /** The map's region name (ISO code or adcode as text). */
  name: string;
  value: number;
  online: number;
}

function collect(rows: readonly PlaceRow[], regionOf: (row: PlaceRow) => string | null) {
  const regions = new Map<string, RegionValue>();
  let unplaced = 0;
  for (const row of rows) {
    const name = regionOf(row);
    if (name === null) {
      unplaced += row.total;
      continue;
    }
    const region = regions.get(name) ?? { name, value: 0, online: 0 };
    region.value += row.total;
    region.online += row.online;
    regions.set(name, region);
  }
  return { regions: [...regions.values()].toSorted((a, b) => b.value - a.value || a.name.localeCompare(b.name)), unplaced };
}

/** Devices per world-map region; devices with no country yet are `unplaced`. */
export function countryRegions(rows: readonly PlaceRow[]) {
  return collect(rows, (row) => (row.countryCode ? worldRegion(row.countryCode) : null));
}

/** Devices per China-map province; Chinese devices whose province is not known are `unplaced`. */
export function provinceRegions(rows: readonly PlaceRow[]) {
  return collect(rows, (row) => {
    const adcode = provinceAdcode(row.countryCode, row.province ?? '');
    return adcode === null ? null : String(adcode);
  });
}
