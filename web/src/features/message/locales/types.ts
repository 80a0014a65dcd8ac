import type en from './en';

type DeepString<T> = { [K in keyof T]: T[K] extends string ? string : DeepString<T[K]> };

/** The shape every language's the message centre texts must have: exactly the keys of en.ts. */
export type MessageCentreMessages = DeepString<typeof en>;
