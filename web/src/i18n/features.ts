/**
 * The features whose texts load with their pages, not with the language: each keeps its nine
 * locale files in src/features/<feature>/locales and lists their loaders in that folder's index.ts.
 * A feature's texts are merged into the one namespace under its name (`t('device.list.loading')`).
 */
import device from '@/features/device/locales';
import fleet from '@/features/fleet/locales';
import monitor from '@/features/monitor/locales';
import remote from '@/features/remote/locales';
import screen from '@/features/screen/locales';
import user from '@/features/user/locales';
import type { Language, LocaleLoaders } from './languages';

export const featureLocales = { device, fleet, monitor, remote, screen, user };

export type Feature = keyof typeof featureLocales;

type LoadedBy<L> = L extends LocaleLoaders<infer T> ? T : never;

/** Every feature's texts under its name: the part of `Messages` that loads with the pages. */
export type FeatureMessages = { [F in Feature]: LoadedBy<(typeof featureLocales)[F]> };

export const FEATURES = Object.keys(featureLocales) as Feature[];

export function loadFeatureMessages<F extends Feature>(feature: F, language: Language): Promise<FeatureMessages[F]> {
  return (featureLocales[feature][language]() as Promise<{ default: FeatureMessages[F] }>).then((m) => m.default);
}
