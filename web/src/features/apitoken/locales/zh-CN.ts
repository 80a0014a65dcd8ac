/** Simplified Chinese texts of the API tokens page. */
import type { ApiTokenMessages } from './types';

const apitoken: ApiTokenMessages = {
  title: 'API 令牌',
  intro: '令牌让其他系统（设施管理系统、BI 工具）以你的身份调用本 API，只能使用你给它的权限，无需登录。请以“Authorization: Bearer <令牌>”发送。',
  add: '新建令牌',
  empty: '还没有 API 令牌',
  total: '令牌：{{count}} 个',
  columns: {
    name: '名称',
    creator: '创建者',
    keys: '权限',
    created: '创建时间',
    expires: '到期时间',
    lastUsed: '最近使用',
    actions: '操作',
  },
  never: '从未使用',
  expired: '已过期',
  keyCount_other: '{{count}} 项权限',
  lostKeys_other: '已失去 {{count}} 项权限：创建者已不再拥有，或仅限本人使用',
  revoke: '撤销',
  revokeConfirm: '撤销令牌“{{name}}”？使用它的系统将立即被拒绝。',
  revoked: '令牌已撤销。',
  dialog: {
    title: '新建 API 令牌',
    name: '名称',
    namePlaceholder: '用途，例如 BI 导出',
    expiry: '到期时间',
    days_other: '{{count}} 天',
    custom: '其他日期',
    expiryHelp: '最多为今天起 {{days}} 天。',
    keys: '令牌可使用的权限',
    keysHelp: '只能选择你自己拥有的权限。你以后失去某项权限，令牌也会随之失去。',
    keysRequired: '请至少选择一项权限。',
    selected_other: '已选 {{count}} 项权限',
    noKeys: '你没有可授予的权限',
    personOnly: '仅限本人',
    personOnlyWhy: '令牌不能获得此权限：它会创建账号、密码、令牌或角色，或让他人退出登录，只能由登录控制台的本人使用。',
    create: '创建',
  },
  shown: {
    title: '令牌“{{name}}”已创建',
    warning: '请立即复制令牌：它不会再次显示。',
    copy: '复制',
    copied: '已复制',
    done: '我已复制',
  },
  groups: {
    home: '首页',
    other: '其他',
  },
};

export default apitoken;
