/** Chinese form messages (see en.ts). */
import type { FormMessages } from './types';

const form: FormMessages = {
  enter: '请填写此项。',
  choose: '请选择一项。',
  tooLong_other: '最多 {{count}} 个字符。',
  tooShort_other: '至少 {{count}} 个字符。',
  email: '邮箱地址格式不正确。',
  emailInList: '第 {{position}} 个邮箱地址格式不正确。',
  range: '请输入 {{min}} 到 {{max}} 之间的数字。',
  atLeast: '请输入不小于 {{min}} 的数字。',
  whole: '请输入整数。',
};

export default form;
