/** Japanese form messages (see en.ts). */
import type { FormMessages } from './types';

const form: FormMessages = {
  enter: 'この項目を入力してください。',
  choose: 'いずれかを選択してください。',
  tooLong_other: '{{count}} 文字以内で入力してください。',
  tooShort_other: '{{count}} 文字以上で入力してください。',
  email: '有効なメールアドレスではありません。',
  emailInList: '{{position}} 番目のアドレスは有効なメールアドレスではありません。',
  range: '{{min}}～{{max}} の数値を入力してください。',
  atLeast: '{{min}} 以上の数値を入力してください。',
  whole: '整数を入力してください。',
};

export default form;
