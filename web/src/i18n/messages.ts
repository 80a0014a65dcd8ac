import type { FeatureMessages } from './features';
import type en from './locales/en';

type DeepString<T> = { [K in keyof T]: T[K] extends string ? string : DeepString<T[K]> };

/** The shell's texts (login, layout, menu, tabs, search, errors): exactly the keys of en.ts. */
export type ShellMessages = DeepString<typeof en>;

/** Everything `t()` may read: the shell's texts plus every feature's under its name. */
export type Messages = ShellMessages & FeatureMessages;
