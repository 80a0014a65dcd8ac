/** French form messages (see en.ts). */
import type { FormMessages } from './types';

const form: FormMessages = {
  enter: 'Remplissez ce champ.',
  choose: 'Faites un choix.',
  tooLong_one: '{{count}} caractère au maximum.',
  tooLong_many: '{{count}} de caractères au maximum.',
  tooLong_other: '{{count}} caractères au maximum.',
  tooShort_one: '{{count}} caractère au minimum.',
  tooShort_many: '{{count}} de caractères au minimum.',
  tooShort_other: '{{count}} caractères au minimum.',
  email: 'Cette adresse e-mail n’est pas valide.',
  emailInList: 'L’adresse numéro {{position}} n’est pas une adresse e-mail valide.',
  range: 'Saisissez un nombre de {{min}} à {{max}}.',
  atLeast: 'Saisissez un nombre d’au moins {{min}}.',
  whole: 'Saisissez un nombre entier.',
};

export default form;
