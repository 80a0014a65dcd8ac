/** Country names the server writes in English, in the reader's language (no texts of any feature). */

let englishCodes: Map<string, string> | null = null;

/**
 * A country the server names in English ("Germany", from the geocoder) in `language`, by its ISO code
 * (found once from Intl's English names); a name Intl does not know stays as it is.
 */
export function countryNameIn(englishName: string, language: string): string {
  if (!englishName) return englishName;
  try {
    if (englishCodes === null) {
      const english = new Intl.DisplayNames(['en'], { type: 'region' });
      englishCodes = new Map();
      for (let a = 65; a <= 90; a++) {
        for (let b = 65; b <= 90; b++) {
          const code = String.fromCharCode(a, b);
          const name = english.of(code);
          if (name && name !== code) englishCodes.set(name.toLowerCase(), code);
        }
      }
    }
    const code = englishCodes.get(englishName.toLowerCase());
    return code ? (new Intl.DisplayNames([language, 'en'], { type: 'region' }).of(code) ?? englishName) : englishName;
  } catch {
    return englishName;
  }
}
