/**
 * The features whose texts load with their pages, not with the language: each keeps its nine
 * locale files in src/features/<feature>/locales/<language>.ts (en.ts gives the shape, types.ts
 * the type the others declare). One glob finds them all; Vite makes each file its own chunk.
 * A feature's texts are merged into the one namespace under its name (`t('device.list.loading')`).
 * A new feature adds its type below; its files are found by the glob.
 */
import type { DeviceMessages } from '@/features/device/locales/types';
import type { ElevatorMessages } from '@/features/elevator/locales/types';
import type { FilesMessages } from '@/features/files/locales/types';
import type { VersionMessages } from '@/features/version/locales/types';
import type { FleetMessages } from '@/features/fleet/locales/types';
import type { MapMessages } from '@/features/map/locales/types';
import type { MessageCentreMessages } from '@/features/message/locales/types';
import type { MonitorMessages } from '@/features/monitor/locales/types';
import type { RemoteMessages } from '@/features/remote/locales/types';
import type { RobotDataMessages } from '@/features/robotdata/locales/types';
import type { ReportMessages } from '@/features/report/locales/types';
import type { ScreenMessages } from '@/features/screen/locales/types';
import type { TaskMessages } from '@/features/task/locales/types';
import type { UserMessages } from '@/features/user/locales/types';
import type { WarnMessages } from '@/features/warn/locales/types';
import type { MachineVersionMessages } from '@/features/machineversion/locales/types';
import type { Language } from './languages';

/** Every feature's texts under its name: the part of `Messages` that loads with the pages. */
export interface FeatureMessages {
  device: DeviceMessages;
  elevator: ElevatorMessages;
  files: FilesMessages;
  version: VersionMessages;
  fleet: FleetMessages;
  map: MapMessages;
  message: MessageCentreMessages;
  monitor: MonitorMessages;
  remote: RemoteMessages;
  robotdata: RobotDataMessages;
  report: ReportMessages;
  screen: ScreenMessages;
  task: TaskMessages;
  user: UserMessages;
  warn: WarnMessages;
  machineversion: MachineVersionMessages;
}

export type Feature = keyof FeatureMessages;

const localeFiles = import.meta.glob<{ default: unknown }>(['../features/*/locales/*.ts', '!**/types.ts', '!**/*.test.ts']);

const FILE = /^\.\.\/features\/([^/]+)\/locales\/([^/]+)\.ts$/;

function fileOf(feature: Feature, language: Language): string {
  return `../features/${feature}/locales/${language}.ts`;
}

/** The features that have locale files, as the glob found them. */
export const FEATURES = [...new Set(Object.keys(localeFiles).map((path) => FILE.exec(path)?.[1]))].filter(
  (name): name is Feature => name !== undefined,
);

export function loadFeatureMessages<F extends Feature>(feature: F, language: Language): Promise<FeatureMessages[F]> {
  const load = localeFiles[fileOf(feature, language)];
  if (!load) return Promise.reject(new Error(`no ${language} texts for the feature ${feature}`));
  return load().then((m) => m.default as FeatureMessages[F]);
}
