/** Dutch form messages (see en.ts). */
import type { FormMessages } from './types';

const form: FormMessages = {
  enter: 'Vul „{{field}}” in.',
  choose: 'Kies „{{field}}”.',
  tooLong: 'Hoogstens {{max}} tekens.',
  tooShort: 'Minstens {{min}} tekens.',
  email: 'Dit is geen geldig e-mailadres.',
  emailInList: 'Adres nummer {{position}} is geen geldig e-mailadres.',
  range: 'Vul een getal van {{min}} tot {{max}} in.',
  atLeast: 'Vul een getal van minstens {{min}} in.',
  whole: 'Vul een geheel getal in.',
};

export default form;
