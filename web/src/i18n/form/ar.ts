/** Arabic form messages (see en.ts). */
import type { FormMessages } from './types';

const form: FormMessages = {
  enter: 'املأ هذا الحقل.',
  choose: 'اختر أحد الخيارات.',
  tooLong_zero: 'لا يُسمح بأي حرف.',
  tooLong_one: 'حرف واحد على الأكثر.',
  tooLong_two: 'حرفان على الأكثر.',
  tooLong_few: '{{count}} أحرف على الأكثر.',
  tooLong_many: '{{count}} حرفًا على الأكثر.',
  tooLong_other: '{{count}} حرف على الأكثر.',
  tooShort_zero: 'لا حد أدنى للأحرف.',
  tooShort_one: 'حرف واحد على الأقل.',
  tooShort_two: 'حرفان على الأقل.',
  tooShort_few: '{{count}} أحرف على الأقل.',
  tooShort_many: '{{count}} حرفًا على الأقل.',
  tooShort_other: '{{count}} حرف على الأقل.',
  email: 'هذا ليس عنوان بريد إلكتروني صالحًا.',
  emailInList: 'العنوان رقم {{position}} ليس عنوان بريد إلكتروني صالحًا.',
  range: 'أدخل رقمًا من {{min}} إلى {{max}}.',
  atLeast: 'أدخل رقمًا لا يقل عن {{min}}.',
  whole: 'أدخل عددًا صحيحًا.',
};

export default form;
