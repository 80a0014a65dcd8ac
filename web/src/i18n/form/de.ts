/** German form messages (see en.ts). */
import type { FormMessages } from './types';

const form: FormMessages = {
  enter: 'Geben Sie „{{field}}“ ein.',
  choose: 'Wählen Sie „{{field}}“ aus.',
  tooLong: 'Höchstens {{max}} Zeichen.',
  tooShort: 'Mindestens {{min}} Zeichen.',
  email: 'Dies ist keine gültige E-Mail-Adresse.',
  emailInList: 'Die {{position}}. Adresse ist keine gültige E-Mail-Adresse.',
  range: 'Geben Sie eine Zahl von {{min}} bis {{max}} ein.',
  atLeast: 'Geben Sie eine Zahl ab {{min}} ein.',
  whole: 'Geben Sie eine ganze Zahl ein.',
};

export default form;
