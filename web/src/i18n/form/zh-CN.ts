/** Chinese form messages (see en.ts). */
import type { FormMessages } from './types';

const form: FormMessages = {
  enter: '请输入{{field}}',
  choose: '请选择{{field}}',
  tooLong: '最多 {{max}} 个字符',
  tooShort: '至少 {{min}} 个字符',
  email: '邮箱地址格式不正确',
  emailInList: '第 {{position}} 个邮箱地址格式不正确',
  range: '请输入 {{min}} 到 {{max}} 之间的数字',
  atLeast: '请输入不小于 {{min}} 的数字',
  whole: '请输入整数',
};

export default form;
