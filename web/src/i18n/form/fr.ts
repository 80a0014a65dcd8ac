/** French form messages (see en.ts). */
import type { FormMessages } from './types';

const form: FormMessages = {
  enter: 'Saisissez « {{field}} ».',
  choose: 'Choisissez « {{field}} ».',
  tooLong: '{{max}} caractères au maximum.',
  tooShort: '{{min}} caractères au minimum.',
  email: 'Cette adresse e-mail n’est pas valide.',
  emailInList: 'L’adresse numéro {{position}} n’est pas une adresse e-mail valide.',
  range: 'Saisissez un nombre de {{min}} à {{max}}.',
  atLeast: 'Saisissez un nombre d’au moins {{min}}.',
  whole: 'Saisissez un nombre entier.',
};

export default form;
