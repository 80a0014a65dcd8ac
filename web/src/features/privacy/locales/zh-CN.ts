/** Chinese texts of the privacy feature. */
import type { PrivacyMessages } from './types';

const privacy: PrivacyMessages = {
  title: '我的数据',
  titleOf: '{{account}} 的数据',
  intro: '下载本产品保存的关于你的全部数据：账号、登录记录、会话、审计记录、消息、设置和文件，打包为 zip。几分钟内即可就绪，链接有效 7 天。',
  introOf: '将此人的数据导出为 zip，或删除此人：账号被假名化且无法再登录；机器人及其历史记录仍归客户所有。',
  loading: '加载中…',
  jobsHeading: '导出与删除',
  empty: '暂无导出或删除',
  download: '下载 zip',
  until: '链接有效期至 {{time}}',
  expired: '下载已过期，请重新导出。',
  failed: '任务失败，请重试。',
  erasedAs: '已删除；审计记录中显示为 {{pseudonym}}',
  progressLabel: '{{name}} 的进度',
  kinds: {
    person_export: '{{name}} 的数据导出',
    person_erasure: '删除 {{name}}',
    customer_end: '结束客户 {{name}}',
  },
  states: { queued: '等待中', running: '进行中', done: '已完成', failed: '失败' },
  export: {
    mine: '下载我的数据',
    theirs: '导出数据',
    started: '已开始导出；就绪时会在消息中心通知你',
  },
  erase: {
    heading: '删除此人',
    intro: '永久删除此人的登录记录、登录因素、消息和个人信息，无法撤销。',
    button: '删除',
    confirmTitle: '删除 {{account}}？',
    confirm: '永久删除',
    what: '会话和 API 令牌立即结束，两步验证和单点登录关联被移除，姓名、邮箱和电话被替换为假名。机器人、地图和报表仍归客户所有。',
    typeToConfirm: '输入 {{account}} 以确认',
    started: '已开始删除',
  },
};

export default privacy;
