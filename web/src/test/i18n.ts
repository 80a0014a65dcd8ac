import { i18n } from '@/i18n/instance';
import { loadMessages } from '@/i18n/load';
import type { Language } from '@/i18n/languages';

/** Loads a language's texts (the real locale files) and switches the console to it: for a test's beforeAll. */
export async function readIn(language: Language = 'en'): Promise<void> {
  i18n.addResourceBundle(language, 'translation', await loadMessages(language));
  await i18n.changeLanguage(language);
}

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** A language's texts as the locale file has them, by dotted key ("device.list.title" → text). */
export async function textsOf(language: Language): Promise<Map<string, string>> {
  return flatten((await loadMessages(language)) as unknown as Tree);
}
