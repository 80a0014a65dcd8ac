/** Japanese texts of the task report screens. */
import type { ReportMessages } from './types';

const report: ReportMessages = {
  "list": {
    "title": "タスクレポート",
    "empty": "この期間の実行はありません",
    "device": "デバイス",
    "map": "マップ名",
    "task": "タスク名",
    "result": "結果",
    "search": "検索",
    "add": "記録を追加",
    "deleteBefore": "日付より前を削除",
    "export": "エクスポート",
    "exporting": "export.xlsx を書き込み中…",
    "exported_other": "{{count}} 行を {{file}} に保存しました。",
    "nothing": "エクスポートするものがありません。",
    "failed": "エクスポートに失敗しました。",
    "rangeRule": "開始は終了から 7 日以内で、今日より後にはできません。"
  },
  "columns": {
    "device": "デバイス",
    "task": "タスク",
    "map": "マップ",
    "start": "開始",
    "end": "終了",
    "duration": "作業時間",
    "planned": "計画面積",
    "cleaned": "清掃面積",
    "coverage": "カバー率",
    "efficiency": "清掃効率",
    "battery": "バッテリー消費",
    "alarms": "アラーム",
    "result": "結果",
    "source": "発生元",
    "actions": "操作"
  },
  "results": {
    "finished": "完了",
    "cancelled": "キャンセル",
    "forced_end": "強制終了",
    "aborted": "中断"
  },
  "detail": {
    "title": "{{task}} の実行",
    "open": "詳細",
    "path": "経路",
    "noPath": "この実行の経路は記録されていません。",
    "overMap": "ロボットのマップ上に描画しました。",
    "noMap": "ロボットはオフラインです：マップなしで経路を描画しました。",
    "children": "このスケジュールの実行",
    "schedule": "スケジュール",
    "distance": "走行距離",
    "reason": "理由",
    "remark": "備考",
    "manual": "手動記録",
    "alarmsNone": "実行中のアラームなし"
  },
  "edit": {
    "button": "編集",
    "title": "実行を編集",
    "saved": "保存しました。"
  },
  "insert": {
    "title": "手動記録を追加",
    "deviceId": "デバイス",
    "times": "開始と終了",
    "saved": "記録を追加しました。"
  },
  "remove": {
    "button": "削除",
    "confirm": "「{{task}}」のこの実行を削除しますか？",
    "done_other": "{{count}} 件の実行を削除しました。",
    "beforeTitle": "日付より前の実行を削除",
    "time": "この時刻より前に開始した実行",
    "devices": "対象デバイス",
    "beforeConfirm": "選択したデバイスでこの時刻より前に開始したすべての実行を削除しますか？"
  },
  "chart": {
    "title": "タスクレポートのグラフ",
    "ranges": {
      "week": "過去 1 週間",
      "month": "過去 1 か月",
      "quarter": "過去 3 か月",
      "year": "過去 1 年"
    },
    "by": {
      "device": "デバイス別",
      "group": "グループ別",
      "owner": "所有者別",
      "map": "マップ別"
    },
    "grouping": "集計の単位",
    "cleanedArea": "清掃面積 (m²)",
    "workingTime": "作業時間 (h)",
    "coverage": "カバー率 (%)",
    "efficiency": "清掃効率 (m²/h)",
    "onlineRate": "オンライン率 (%)",
    "runs": "実行回数",
    "devices": "稼働デバイス",
    "alarms": "アラーム",
    "breakdown": "内訳",
    "places": "作業場所",
    "name": "名前",
    "period": "期間",
    "empty": "この期間の実行はありません"
  }
};

export default report;
