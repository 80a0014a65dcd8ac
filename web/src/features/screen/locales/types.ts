import type en from './en';

type DeepString<T> = { [K in keyof T]: T[K] extends string ? string : DeepString<T[K]> };

/** The shape every language's texts of the wall display and the device map must have: exactly the keys of en.ts. */
export type ScreenMessages = DeepString<typeof en>;
