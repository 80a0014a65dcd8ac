/** Simplified Chinese texts of robot health. */
import type { HealthMessages } from './types';

const health: HealthMessages = {
  page: {
    gradeFilter: '等级',
    allGrades: '全部等级',
    window: '最近 30 天（{{start}} 至 {{end}}），计算于 {{at}}。每台机器人与同类型、地图面积相近的机器人比较。',
    windowShort: '最近 30 天：{{start}} 至 {{end}}',
    notYet: '尚未计算：健康扫描每小时为每台机器人评级一次。',
    failed: '无法加载机器人健康',
    robots: '本分支的机器人',
    byGrade: '各等级机器人',
    empty: '该分支下没有机器人。',
    emptyGrade: '没有机器人属于此等级。',
  },
  grades: { A: 'A · 正常', B: 'B · 需关注一项', C: 'C · 偏离', D: 'D · 多项偏离' },
  columns: { robot: '机器人及序列号', grade: '等级', reasons: '原因', type: '设备类型', peers: '比较对象' },
  basis: {
    map: '同类型、相近地图（同类：{{count}}）',
    type: '相近地图太少：同类型（同类：{{count}}）',
    none: '同类太少（{{count}}）：仅与自身比较',
  },
  indicators: {
    alarms: '每运行小时告警数',
    efficiency: '效率（m²/h）',
    coverage: '覆盖率（%）',
    charging: '每运行小时低电量告警数',
    online: '在线天数（%）',
  },
  levels: { drift: '偏离', watch: '关注' },
  states: { noData: '窗口内无运行' },
  reasons: {
    none: '与同类一致。',
    peers: '{{indicator}}：{{value}}，同类中位数 {{reference}}',
    self: '{{indicator}}：{{value}}，前 30 天为 {{reference}}',
    evidence: '证据',
  },
  panel: {
    title: '与同类比较的健康状况',
    notYet: '尚未评级：健康扫描每小时运行一次。',
    median: '同类中位数 {{value}}',
    previous: '前 30 天 {{value}}',
  },
};

export default health;
