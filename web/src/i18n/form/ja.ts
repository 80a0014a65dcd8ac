/** Japanese form messages (see en.ts). */
import type { FormMessages } from './types';

const form: FormMessages = {
  enter: '{{field}}を入力してください。',
  choose: '{{field}}を選択してください。',
  tooLong: '{{max}} 文字以内で入力してください。',
  tooShort: '{{min}} 文字以上で入力してください。',
  email: '有効なメールアドレスではありません。',
  emailInList: '{{position}} 番目のアドレスは有効なメールアドレスではありません。',
  range: '{{min}}～{{max}} の数値を入力してください。',
  atLeast: '{{min}} 以上の数値を入力してください。',
  whole: '整数を入力してください。',
};

export default form;
