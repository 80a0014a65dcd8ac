/** Korean form messages (see en.ts). */
import type { FormMessages } from './types';

const form: FormMessages = {
  enter: '이 항목을 입력하세요.',
  choose: '항목을 선택하세요.',
  tooLong_other: '최대 {{count}}자까지 입력할 수 있습니다.',
  tooShort_other: '{{count}}자 이상 입력하세요.',
  email: '올바른 이메일 주소가 아닙니다.',
  emailInList: '{{position}}번째 주소는 올바른 이메일 주소가 아닙니다.',
  range: '{{min}}~{{max}} 사이의 숫자를 입력하세요.',
  atLeast: '{{min}} 이상의 숫자를 입력하세요.',
  whole: '정수를 입력하세요.',
};

export default form;
