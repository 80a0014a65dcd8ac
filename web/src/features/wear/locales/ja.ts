/** Japanese texts of the wear forecast. */
import type { WearMessages } from './types';

const wear: WearMessages = {
  page: {
    title: '摩耗予測',
    hint: '各ロボットの直近 28 日間の実稼働時間から、消耗品が寿命に達する日と保守の期限日を予測します。',
    tabs: { list: '予測', settings: 'リードタイム' },
    refreshed: '一覧は 10 分ごとに更新されます。',
  },
  groups: { thisWeek: '今週', nextWeek: '来週', later: 'それ以降', undated: '日付なし' },
  filters: { site: 'すべてのサイト', kind: 'すべての部品', within: 'すべての日付', withinDays: '{{days}} 日以内', reset: 'リセット' },
  columns: { robot: 'ロボット', site: 'サイト', part: '部品', due: '予測日', range: '最短〜最長', sure: '確度', use: '使用量' },
  rate: '{{hours}} 時間/日',
  range: '{{from}}〜{{to}}',
  openRange: '{{from}} 以降、上限なし',
  states: { due_now: '期限です', no_history: '履歴不足', idle: '未使用' },
  sure: { high: '確実', medium: 'ほぼ確実', low: '不確実：幅が広い', none: '推定なし' },
  maintenance: '保守',
  noSite: 'サイトなし',
  order: {
    title: '手配するもの',
    thisWeek: '今週',
    nextWeek: '来週',
    empty: '今後 2 週間に期限を迎えるものはありません。',
  },
  list: {
    empty: '予測はまだありません。ロボットに消耗品または保守リマインダーを設定してください。',
    noMatch: 'フィルターに一致する予測はありません。',
    loadFailed: '予測を読み込めませんでした。',
  },
  settings: {
    title: 'リードタイム',
    branch: 'ブランチ',
    leadDays: 'リードタイム（日）',
    hint: '予測日のこの日数前に、ロボットの所有者へメッセージと通知を送ります（0〜60）。',
    inherited: '継承：独自の設定はまだありません。',
    own: 'このブランチに設定済み。',
    save: '保存',
    saved: 'リードタイムを保存しました。',
  },
  device: {
    title: '摩耗予測',
    followsWork: '使用時間は各実行の終了時に増えます（報告の実行時間による）。1 日あたりの使用量は丸 1 日単位で数えるため、当日の実行は翌日に反映されます。',
    rate: '実測使用量 {{hours}} 時間/日（{{low}}〜{{high}}）、{{days}} 日間から。',
    noHistory: '履歴不足：3 日のうち {{days}} 日。',
    empty: '消耗品や保守リマインダーが設定されていません。',
    due: '予測 {{date}}',
    openList: 'すべての予測',
  },
};

export default wear;
