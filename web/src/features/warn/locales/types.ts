import type en from './en';

type DeepString<T> = { [K in keyof T]: T[K] extends string ? string : DeepString<T[K]> };

/** The shape every language's the alarm centre, summary and settings texts must have: exactly the keys of en.ts. */
export type WarnMessages = DeepString<typeof en>;
