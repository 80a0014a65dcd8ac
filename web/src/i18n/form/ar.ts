/** Arabic form messages (see en.ts). */
import type { FormMessages } from './types';

const form: FormMessages = {
  enter: 'أدخل «{{field}}».',
  choose: 'اختر «{{field}}».',
  tooLong: '{{max}} حرفًا على الأكثر.',
  tooShort: '{{min}} أحرف على الأقل.',
  email: 'هذا ليس عنوان بريد إلكتروني صالحًا.',
  emailInList: 'العنوان رقم {{position}} ليس عنوان بريد إلكتروني صالحًا.',
  range: 'أدخل رقمًا من {{min}} إلى {{max}}.',
  atLeast: 'أدخل رقمًا لا يقل عن {{min}}.',
  whole: 'أدخل عددًا صحيحًا.',
};

export default form;
