/**
 * English form messages: the one set every form of the console uses (src/lib/form-rules.ts), so a
 * required field, a too long text or a bad e-mail address reads the same on every page. They load
 * with the pages (src/i18n/features.ts), not with the first screen. `{{field}}` is the field's
 * label as the form shows it: quoted in the languages whose sentence would otherwise need an
 * article or a case ending, and in English with its first letter lower-cased ("Enter login
 * name.", see `fieldInSentence` in src/lib/form-rules.ts).
 */
const form = {
  /** A text or number field left empty. */
  enter: 'Enter {{field}}.',
  /** A drop-down, date, picker or check list left empty. */
  choose: 'Choose {{field}}.',
  tooLong: 'At most {{max}} characters.',
  tooShort: 'At least {{min}} characters.',
  /** Never repeats what was typed: the field shows it already. */
  email: 'This is not a valid e-mail address.',
  /** A comma-separated list: says which address, by position, not by echoing it. */
  emailInList: 'Address number {{position}} is not a valid e-mail address.',
  range: 'Enter a number from {{min}} to {{max}}.',
  atLeast: 'Enter a number of at least {{min}}.',
  whole: 'Enter a whole number.',
};

export default form;
