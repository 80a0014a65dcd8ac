import type { FeatureMessages } from './features';
import type { LocaleTexts } from './locale-texts';
import type en from './locales/en';

/** The shell's texts (login, layout, menu, tabs, search, errors): exactly the keys of en.ts. */
export type ShellMessages = LocaleTexts<typeof en>;

/** Everything `t()` may read: the shell's texts plus every feature's under its name. */
export type Messages = ShellMessages & FeatureMessages;
