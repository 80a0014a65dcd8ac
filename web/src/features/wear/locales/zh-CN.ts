/** Simplified Chinese texts of the wear forecast. */
import type { WearMessages } from './types';

const wear: WearMessages = {
  page: {
    title: '磨损预测',
    hint: '根据每台机器人最近 28 天实际运行小时数，预测每个耗材达到寿命、每项保养到期的日期。',
    tabs: { list: '预测', settings: '提前期' },
    refreshed: '列表每 10 分钟刷新一次。',
  },
  groups: { thisWeek: '本周', nextWeek: '下周', later: '以后', undated: '暂无日期' },
  filters: { site: '全部站点', kind: '全部部件', within: '全部日期', withinDays: '{{days}} 天内', reset: '重置' },
  columns: { robot: '机器人', site: '站点', part: '部件', due: '预测日期', range: '最早至最晚', sure: '可信度', use: '使用量' },
  rate: '{{hours}} 小时/天',
  range: '{{from}} 至 {{to}}',
  openRange: '{{from}} 起，无上限',
  states: { due_now: '已到期', no_history: '历史不足', idle: '未使用' },
  sure: { high: '可靠', medium: '较可靠', low: '不确定：范围较宽', none: '无估计' },
  maintenance: '保养',
  noSite: '无站点',
  order: {
    title: '采购清单',
    thisWeek: '本周',
    nextWeek: '下周',
    empty: '未来两周没有到期项目。',
  },
  list: {
    empty: '暂无预测：请先为机器人设置耗材或保养提醒。',
    noMatch: '没有符合筛选条件的预测。',
    loadFailed: '预测加载失败。',
  },
  settings: {
    title: '提前期',
    branch: '分支',
    leadDays: '提前期（天）',
    hint: '在预测日期前这么多天，向机器人所有者发送消息和通知（0 至 60）。',
    inherited: '继承：尚未单独设置。',
    own: '已为此分支设置。',
    save: '保存',
    saved: '提前期已保存。',
  },
  device: {
    title: '磨损预测',
    followsWork: '每次运行结束时（按其报告中的运行时长）累加已用小时；日均用量按整天计算，当天的运行次日计入。',
    rate: '实测使用 {{hours}} 小时/天（{{low}} 至 {{high}}），基于 {{days}} 天。',
    noHistory: '历史不足：已有 {{days}} 天，需要 3 天。',
    empty: '未设置耗材或保养提醒。',
    due: '预计 {{date}}',
    openList: '全部预测',
  },
};

export default wear;
