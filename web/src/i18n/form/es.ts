/** Spanish form messages (see en.ts). */
import type { FormMessages } from './types';

const form: FormMessages = {
  enter: 'Introduzca «{{field}}».',
  choose: 'Elija «{{field}}».',
  tooLong: 'Como máximo {{max}} caracteres.',
  tooShort: 'Como mínimo {{min}} caracteres.',
  email: 'Esta no es una dirección de correo electrónico válida.',
  emailInList: 'La dirección número {{position}} no es una dirección de correo electrónico válida.',
  range: 'Introduzca un número de {{min}} a {{max}}.',
  atLeast: 'Introduzca un número de al menos {{min}}.',
  whole: 'Introduzca un número entero.',
};

export default form;
