import type en from './en';

type DeepString<T> = { [K in keyof T]: T[K] extends string ? string : DeepString<T[K]> };

/** The shape every language's file, advertising and operation log texts must have: exactly the keys of en.ts. */
export type FilesMessages = DeepString<typeof en>;
