/** Spanish form messages (see en.ts). */
import type { FormMessages } from './types';

const form: FormMessages = {
  enter: 'Rellene este campo.',
  choose: 'Elija una opción.',
  tooLong_one: 'Como máximo {{count}} carácter.',
  tooLong_many: 'Como máximo {{count}} de caracteres.',
  tooLong_other: 'Como máximo {{count}} caracteres.',
  tooShort_one: 'Como mínimo {{count}} carácter.',
  tooShort_many: 'Como mínimo {{count}} de caracteres.',
  tooShort_other: 'Como mínimo {{count}} caracteres.',
  email: 'Esta no es una dirección de correo electrónico válida.',
  emailInList: 'La dirección número {{position}} no es una dirección de correo electrónico válida.',
  range: 'Introduzca un número de {{min}} a {{max}}.',
  atLeast: 'Introduzca un número de al menos {{min}}.',
  whole: 'Introduzca un número entero.',
};

export default form;
