/** Dutch form messages (see en.ts). */
import type { FormMessages } from './types';

const form: FormMessages = {
  enter: 'Vul dit veld in.',
  choose: 'Maak een keuze.',
  tooLong_one: 'Hoogstens {{count}} teken.',
  tooLong_other: 'Hoogstens {{count}} tekens.',
  tooShort_one: 'Minstens {{count}} teken.',
  tooShort_other: 'Minstens {{count}} tekens.',
  email: 'Dit is geen geldig e-mailadres.',
  emailInList: 'Adres nummer {{position}} is geen geldig e-mailadres.',
  range: 'Vul een getal van {{min}} tot {{max}} in.',
  atLeast: 'Vul een getal van minstens {{min}} in.',
  whole: 'Vul een geheel getal in.',
};

export default form;
