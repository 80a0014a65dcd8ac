import type en from './en';

type DeepString<T> = { [K in keyof T]: T[K] extends string ? string : DeepString<T[K]> };

/** The shape every language's report texts must have: exactly the keys of en.ts. */
export type ReportMessages = DeepString<typeof en>;
