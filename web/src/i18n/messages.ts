import type en from './locales/en';

type DeepString<T> = { [K in keyof T]: T[K] extends string ? string : DeepString<T[K]> };

/** The shape every locale file must have: exactly the keys of en.ts. */
export type Messages = DeepString<typeof en>;
