import type en from './en';

type DeepString<T> = { [K in keyof T]: T[K] extends string ? string : DeepString<T[K]> };

/** Every language file of the feature has exactly the keys of en.ts. */
export type UserMessages = DeepString<typeof en>;
