/** Chinese texts of the sessions and tokens page. */
import type { SessionsMessages } from './types';

const sessions: SessionsMessages = {
  title: '会话和令牌',
  titleOf: '{{account}} 的会话和令牌',
  intro: '你的账号在哪些地方登录着，以及代表你调用的 API 令牌。结束你不认识的会话，然后修改密码。',
  introOf: '该用户的会话和 API 令牌。结束一个会话会立即让那个浏览器退出登录。',
  sessionsHeading: '已登录的浏览器',
  tokensHeading: 'API 令牌',
  columns: {
    browser: '浏览器',
    address: '地址',
    method: '登录方式',
    firstUse: '首次使用',
    lastUse: '最近使用',
    actions: '操作',
  },
  tokenColumns: {
    name: '名称',
    keys: '权限',
    expires: '到期',
  },
  methods: {
    password: '密码',
    oidc: '单点登录',
    passkey: '通行密钥',
  },
  current: '当前会话',
  unknownBrowser: '未知浏览器',
  notSince: '登录后尚未使用',
  never: '从未',
  expired: '已过期',
  end: '结束',
  endConfirm: '结束 {{browser}} 中的会话？该浏览器会立即退出登录。',
  ended: '会话已结束。',
  endOthers: '结束其他所有会话',
  endOthersConfirm: '结束除当前会话外的所有会话？这些浏览器会立即退出登录。',
  endAll: '结束所有会话',
  endAllConfirm: '结束 {{account}} 的所有会话？这些浏览器会立即退出登录。',
  endedOthers_other: '已结束 {{count}} 个会话。',
  noSessions: '没有已登录的浏览器',
  noTokens: '没有 API 令牌',
  keyCount_other: '{{count}} 项权限',
  revoke: '撤销',
  revokeConfirm: '撤销令牌“{{name}}”？使用它的系统会立即被拒绝。',
  revoked: '令牌已撤销。',
};

export default sessions;
