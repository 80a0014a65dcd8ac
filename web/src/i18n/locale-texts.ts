/** The plural forms a language may add to a count message besides `_other` (Arabic uses them all). */
type PluralForm = 'zero' | 'one' | 'two' | 'few' | 'many';

/**
 * A language's texts, of the shape of the English file `T`: the same keys, each a string. A count
 * message is a plural (i18next's `key_one` / `key_other` in en.ts, read with `t(key, { count })`):
 * each language writes `key_other` and the forms its own plural rules have (`Intl.PluralRules`:
 * none more in Chinese, Japanese and Korean, `_one` in the European languages, `_zero`, `_one`,
 * `_two`, `_few` and `_many` in Arabic); locales.test.ts checks that it writes exactly those.
 */
export type LocaleTexts<T> = {
  [K in keyof T as K extends `${string}_one` ? never : K]: T[K] extends string ? string : LocaleTexts<T[K]>;
} & {
  [K in keyof T as K extends `${infer Base}_other` ? `${Base}_${PluralForm}` : never]?: string;
};
