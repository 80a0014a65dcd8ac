/** German form messages (see en.ts). */
import type { FormMessages } from './types';

const form: FormMessages = {
  enter: 'Füllen Sie dieses Feld aus.',
  choose: 'Treffen Sie eine Auswahl.',
  tooLong_one: 'Höchstens {{count}} Zeichen.',
  tooLong_other: 'Höchstens {{count}} Zeichen.',
  tooShort_one: 'Mindestens {{count}} Zeichen.',
  tooShort_other: 'Mindestens {{count}} Zeichen.',
  email: 'Dies ist keine gültige E-Mail-Adresse.',
  emailInList: 'Die {{position}}. Adresse ist keine gültige E-Mail-Adresse.',
  range: 'Geben Sie eine Zahl von {{min}} bis {{max}} ein.',
  atLeast: 'Geben Sie eine Zahl ab {{min}} ein.',
  whole: 'Geben Sie eine ganze Zahl ein.',
};

export default form;
