/** Simplified Chinese texts of the task report screens. */
import type { ReportMessages } from './types';

const report: ReportMessages = {
  "list": {
    "title": "任务报告",
    "empty": "该时段内没有任务记录",
    "device": "设备",
    "map": "地图名称",
    "task": "任务名称",
    "result": "结果",
    "search": "查询",
    "add": "新增记录",
    "deleteBefore": "删除某日期之前",
    "export": "导出",
    "exporting": "正在写入 export.xlsx…",
    "exported_other": "已将 {{count}} 行保存到 {{file}}。",
    "nothing": "没有可导出的内容。",
    "failed": "导出失败。",
    "rangeRule": "开始日期须在结束日期前 7 天之内，且不晚于今天。"
  },
  "columns": {
    "device": "设备",
    "task": "任务",
    "map": "地图",
    "start": "开始",
    "end": "结束",
    "duration": "工作时长",
    "planned": "计划面积",
    "cleaned": "清洁面积",
    "coverage": "覆盖率",
    "efficiency": "清洁效率",
    "battery": "耗电",
    "alarms": "告警",
    "result": "结果",
    "source": "来源",
    "actions": "操作"
  },
  "results": {
    "finished": "已完成",
    "cancelled": "已取消",
    "forced_end": "强制结束",
    "aborted": "已中止"
  },
  "detail": {
    "title": "{{task}} 的运行",
    "open": "详情",
    "path": "路径",
    "noPath": "本次运行没有记录路径。",
    "overMap": "已绘制在机器人的地图上。",
    "noMap": "机器人离线：路径在没有地图的情况下绘制。",
    "children": "该定时任务的运行",
    "schedule": "定时任务",
    "distance": "行驶距离",
    "reason": "原因",
    "remark": "备注",
    "manual": "手动记录",
    "alarmsNone": "运行期间无告警"
  },
  "edit": {
    "button": "编辑",
    "title": "编辑运行记录",
    "saved": "已保存。"
  },
  "insert": {
    "title": "新增手动记录",
    "deviceId": "设备",
    "times": "开始和结束",
    "saved": "记录已添加。"
  },
  "remove": {
    "button": "删除",
    "confirm": "删除 \"{{task}}\" 的这次运行？",
    "done_other": "已删除 {{count}} 条运行记录。",
    "beforeTitle": "删除某日期之前的运行",
    "time": "开始时间早于",
    "devices": "设备",
    "beforeConfirm": "删除所选设备在此时间之前开始的所有运行？"
  },
  "chart": {
    "title": "任务报告图表",
    "ranges": {
      "week": "最近一周",
      "month": "最近一月",
      "quarter": "最近三个月",
      "year": "最近一年"
    },
    "by": {
      "device": "按设备",
      "group": "按分组",
      "owner": "按所属用户",
      "map": "按地图"
    },
    "grouping": "统计维度",
    "cleanedArea": "清洁面积 (m²)",
    "workingTime": "工作时长 (h)",
    "coverage": "覆盖率 (%)",
    "efficiency": "清洁效率 (m²/h)",
    "onlineRate": "在线率 (%)",
    "runs": "运行次数",
    "devices": "工作设备",
    "alarms": "告警",
    "breakdown": "明细",
    "places": "工作地点",
    "name": "名称",
    "period": "时段",
    "empty": "该时段内没有任务记录"
  }
};

export default report;
