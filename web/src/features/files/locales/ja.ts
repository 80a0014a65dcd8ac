import type { FilesMessages } from './types';

const files: FilesMessages = {
  common: { search: '検索', add: '追加', delete: '削除', download: 'ダウンロード', cancel: 'キャンセル', save: '保存', actions: '操作', name: '名前', size: 'サイズ', time: '時刻', owner: '所有者', deleted: '削除しました。', saved: '保存しました。' },
  upload: {
    choose: 'ファイルを選択',
    uploading: '{{name}} をアップロード中',
    done: '{{name}} をアップロードしました。',
    rule: '文字、数字、_、-、. のみ使用できます。空白や特殊文字は使えません。同じ名前は以前のファイルを置き換えます。',
    badName: 'ファイル名に空白や特殊文字は使えません。',
    required: '先にファイルをアップロードしてください',
    private: '非公開（署名付きリンクのみ）',
    folder: 'フォルダー',
  },
  entries: {
    fileTitle: 'ファイル', knowledgeTitle: 'ナレッジベース', search: '名前または説明', allCategories: 'すべての分類', category: '分類', detail: '説明', file: 'ファイル',
    empty: 'ファイルはまだありません', addTitle: 'ファイルを追加', deleteConfirm: '「{{name}}」とそのファイルを削除しますか？',
  },
  host: {
    title: 'ファイルホスト', storage: 'ストレージ', storageLocal: 'サーバーのフォルダー', storageS3: 'S3 互換オブジェクトストレージ', chart: 'フォルダーごとの容量', folderFilter: 'フォルダー', nameFilter: 'ファイル名',
    visibility: '公開設定', private: '非公開', public: '公開', empty: '保存されたファイルはありません', deleteConfirm: '{{name}} を削除しますか？これから作られた項目と素材も削除されます。', upload: 'アップロード',
  },
  ads: {
    title: '広告', media: '素材', playlists: 'プレイリスト', voice: '音声', mediaName: '素材名', seconds: '表示秒数', kind: '種類',
    kinds: { image: '画像', video: '動画', audio: '音声' },
    addMedia: '素材を追加', noMedia: '素材はまだありません', mediaDeleteConfirm: '素材「{{name}}」を削除しますか？すべてのプレイリストから外れます。', addPlaylist: '新しいプレイリスト', editPlaylist: 'プレイリストを編集',
    playlistName: 'プレイリスト名', items: '再生順の素材', itemsPlaceholder: '再生する順に素材を選択', totalSeconds: '合計 {{seconds}} 秒', robots: 'ロボット', noRobots: '再生しているロボットはありません',
    assign: 'ロボットに割り当て', assignPlaceholder: 'ロボットを選択', assigned: 'ロボットに割り当てました。', unassign: '停止', unassignConfirm: '{{name}} での再生を停止しますか？', noPlaylists: 'プレイリストはまだありません',
    playlistDeleteConfirm: 'プレイリスト「{{name}}」を削除しますか？ロボットは何も再生しなくなります。', voiceHint: 'ロボットが文章をどう読み上げるか試聴します（オフライン音声）。', voiceText: '読み上げる文章',
    voiceLanguage: '言語', listen: '試聴',
  },
  log: {
    title: '操作ログ', account: 'アカウント', call: '呼び出し', target: '変更内容', ip: '接続元', platform: 'プラットフォーム', range: '期間', shadow: 'シャドウ', viaToken: 'トークン {{name}} 経由', empty: '変更は見つかりません',
    export: 'エクスポート', exporting_other: '{{count}} 行を書き込み中…', exported_other: '{{count}} 行を {{file}} にエクスポートしました。', truncated: '最新の 10,000 行のみエクスポートしました。', nothing: 'エクスポートするものがありません。',
  },
};

export default files;
