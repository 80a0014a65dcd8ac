/**
 * English form messages: the one set every form of the console uses (src/lib/form-rules.ts), so a
 * required field, a too long text or a bad e-mail address reads the same on every page. They load
 * with the pages (src/i18n/features.ts), not with the first screen. Each refusal is a sentence of
 * its own, shown under its field: never built from the field's label ("Enter " + label read
 * "Enter window opens.", and German quoted a quoted label), and ending with the language's full
 * stop. A count follows the language's CLDR plural rules (`_one`, `_other`…, read with
 * `t(key, { count })`; Arabic has six forms, Chinese, Japanese and Korean one).
 */
const form = {
  /** A text or number field left empty (the field's label stands above it). */
  enter: 'Fill in this field.',
  /** A drop-down, date, picker or check list left empty. */
  choose: 'Choose an option.',
  tooLong_one: 'At most {{count}} character.',
  tooLong_other: 'At most {{count}} characters.',
  tooShort_one: 'At least {{count}} character.',
  tooShort_other: 'At least {{count}} characters.',
  /** Never repeats what was typed: the field shows it already. */
  email: 'This is not a valid e-mail address.',
  /** A comma-separated list: says which address, by position, not by echoing it. */
  emailInList: 'Address number {{position}} is not a valid e-mail address.',
  range: 'Enter a number from {{min}} to {{max}}.',
  atLeast: 'Enter a number of at least {{min}}.',
  whole: 'Enter a whole number.',
};

export default form;
