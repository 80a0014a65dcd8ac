import type en from './en';

type DeepString<T> = { [K in keyof T]: T[K] extends string ? string : DeepString<T[K]> };

/** The shape every language's firmware texts must have: exactly the keys of en.ts. */
export type VersionMessages = DeepString<typeof en>;
