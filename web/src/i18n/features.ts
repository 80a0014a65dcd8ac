/**
 * The features whose texts load with their pages, not with the language: each keeps its nine
 * locale files in src/features/<feature>/locales/<language>.ts (en.ts gives the shape, types.ts
 * the type the others declare) and declares that type itself, in types.ts, by augmenting
 * `FeatureMessages` below (`declare module '@/i18n/features'`): src/i18n imports no feature.
 * ./feature-files.ts finds the files with one glob (the one way from the shared layers to a
 * feature's files, scripts/check-imports.mjs); Vite makes each file its own chunk.
 * A feature's texts are merged into the one namespace under its name (`t('device.list.loading')`).
 * The shared form messages (./form, `t('form.enter', …)`, used through src/lib/form-rules.ts) are
 * merged the same way, under `form`, and load with every feature's texts; ./form/index.ts finds
 * them, behind one dynamic import, so the first load carries one reference, not one per language.
 */
import type { FormMessages } from './form/types';
import type { Language } from './languages';

/**
 * Every feature's texts under its name: the part of `Messages` that loads with the pages. Each
 * feature adds its own member in its locales/types.ts; only the form messages are declared here.
 */
export interface FeatureMessages {
  /** Not a feature: the one set of form messages (./form), loaded with every feature's texts. */
  form: FormMessages;
}

export type Feature = keyof FeatureMessages;

const featureFiles = () => import('./feature-files');

/** Every part `loadFeatureMessages` knows: the features with locale files, and the form messages. */
export async function loadFeatureNames(): Promise<Feature[]> {
  const { FEATURE_NAMES } = await featureFiles();
  return [...FEATURE_NAMES, 'form'] as Feature[];
}

export function loadFeatureMessages<F extends Feature>(feature: F, language: Language): Promise<FeatureMessages[F]> {
  if (feature === 'form') return import('./form').then((m) => m.loadFormMessages(language) as FeatureMessages[F]);
  return featureFiles().then((m) => m.loadLocaleFile(feature, language) as Promise<FeatureMessages[F]>);
}
