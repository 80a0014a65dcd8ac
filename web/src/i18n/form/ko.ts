/** Korean form messages (see en.ts). */
import type { FormMessages } from './types';

const form: FormMessages = {
  enter: '{{field}}을(를) 입력하세요.',
  choose: '{{field}}을(를) 선택하세요.',
  tooLong: '최대 {{max}}자까지 입력할 수 있습니다.',
  tooShort: '{{min}}자 이상 입력하세요.',
  email: '올바른 이메일 주소가 아닙니다.',
  emailInList: '{{position}}번째 주소는 올바른 이메일 주소가 아닙니다.',
  range: '{{min}}~{{max}} 사이의 숫자를 입력하세요.',
  atLeast: '{{min}} 이상의 숫자를 입력하세요.',
  whole: '정수를 입력하세요.',
};

export default form;
