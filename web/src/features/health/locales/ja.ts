/** Japanese texts of robot health. */
import type { HealthMessages } from './types';

const health: HealthMessages = {
  page: {
    gradeFilter: '評価',
    allGrades: 'すべての評価',
    window: '過去 30 日（{{start}}〜{{end}}）、{{at}} に計算。各ロボットは同じ種類で地図の広さが近いロボットと比較されます。',
    windowShort: '過去 30 日：{{start}}〜{{end}}',
    notYet: 'まだ計算されていません。健全性スキャンは 1 時間ごとに全ロボットを評価します。',
    failed: 'ロボット健全性を読み込めませんでした',
    robots: 'この組織のロボット',
    byGrade: '評価別のロボット',
    empty: 'この組織にロボットはありません。',
    emptyGrade: 'この評価のロボットはありません。',
  },
  grades: { A: 'A · 正常', B: 'B · 注意 1 件', C: 'C · 逸脱', D: 'D · 複数の逸脱' },
  columns: { robot: 'ロボットとシリアル番号', grade: '評価', reasons: '理由', type: 'デバイスの種類', peers: '比較対象' },
  basis: {
    map: '同じ種類・近い地図（比較対象：{{count}}）',
    type: '近い地図が少ないため同じ種類（比較対象：{{count}}）',
    none: '比較対象が少ない（{{count}}）：自身とのみ比較',
  },
  indicators: {
    alarms: '稼働 1 時間あたりのアラーム',
    efficiency: '効率（m²/h）',
    coverage: 'カバー率（%）',
    charging: '稼働 1 時間あたりの低バッテリーアラーム',
    online: 'オンライン日数（%）',
  },
  levels: { drift: '逸脱', watch: '注意' },
  states: { noData: '期間内の稼働なし' },
  reasons: {
    none: '比較対象と同程度です。',
    peers: '{{indicator}}：{{value}}、比較対象の中央値 {{reference}}',
    self: '{{indicator}}：{{value}}、直前 30 日は {{reference}}',
    evidence: '根拠',
  },
  panel: {
    title: '比較対象に対する健全性',
    notYet: 'まだ評価されていません。健全性スキャンは 1 時間ごとに実行されます。',
    median: '比較対象の中央値 {{value}}',
    previous: '直前 30 日 {{value}}',
  },
};

export default health;
