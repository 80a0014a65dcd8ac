/** Japanese texts of the advisories page. */
import type { AdvisoryMessages } from './types';

const advisory: AdvisoryMessages = {
  page: {
    title: 'セキュリティアドバイザリ',
    intro: 'OSV 形式の脆弱性アドバイザリを取り込み、SBOM に影響を受けるコンポーネントを含むファームウェアのバージョンと、それを実行しているロボットを確認し、修正済みのバージョンに更新します。',
    tabs: {
      advisories: 'アドバイザリ',
      sboms: 'ファームウェアの SBOM',
    },
  },
  list: {
    import: 'アドバイザリを取り込む',
    imported: 'アドバイザリ {{id}} を取り込みました',
    empty: 'アドバイザリはまだありません。OSV 形式（JSON）で取り込んでください。',
    columns: {
      id: 'アドバイザリ',
      summary: '概要',
      packages: 'コンポーネント',
      versions: '影響を受けるバージョン',
      robots: 'あなたのロボット',
      updated: '取り込み日時',
      actions: '操作',
    },
    open: '影響を受けるロボット',
    delete: '削除',
    deleteConfirm: 'アドバイザリ {{id}} を削除しますか？ロボットには何も変わりません。',
    deleted: 'アドバイザリを削除しました',
  },
  detail: {
    fixedIn: '修正バージョン：{{versions}}',
    versionsTitle: '影響を受けるファームウェアのバージョン',
    noneAffected: 'SBOM が分かっているファームウェアのバージョンに、影響を受けるコンポーネントを含むものはありません。',
    withoutSbom: 'SBOM のないファームウェアのバージョン（未確認）：{{count}}',
    robotsTitle: '影響を受けるバージョンを実行しているロボット',
    noRobots: '影響を受けるバージョンを実行しているロボットはありません。',
    more: '最初の {{shown}} 台を表示しています。影響を受けるロボット：{{count}}。',
    columns: {
      firmware: 'ファームウェア',
      components: '影響を受けるコンポーネント',
      robots: 'あなたのロボット',
      fixedBy: '更新先',
      serial: 'シリアル番号',
      name: 'ロボット',
      running: '実行中',
    },
    target: '修正済みファームウェア',
    noTarget: 'このアドバイザリの影響を受けない SBOM を持つファームウェアはまだありません。先に SBOM 付きでアップロードしてください。',
    update: '選択したロボットを更新',
    confirmTitle: '選択したロボットを {{version}} に更新しますか？',
    confirmBody: 'ロボット：{{count}}。各ロボットはファームウェアページの公開と同じ方法で更新を受け取ります（更新ルールが適用され、進捗はファームウェアページに表示されます）。',
    confirm: '更新を開始',
    started: '更新を開始しました（ロボット：{{count}}）',
  },
  sbom: {
    empty: 'ファームウェアはまだありません。',
    none: 'SBOM なし',
    columns: {
      firmware: 'ファームウェア',
      version: 'バージョン',
      components: 'コンポーネント',
      file: 'SBOM ファイル',
      uploaded: 'アップロード日時',
      actions: '操作',
    },
    view: 'コンポーネント',
    upload: 'SBOM をアップロード',
    uploaded: '{{name}} の SBOM を保存しました',
    componentsTitle: '{{name}}（{{version}}）のコンポーネント',
    componentColumns: {
      name: '名前',
      version: 'バージョン',
      purl: 'パッケージ URL',
    },
  },
};

export default advisory;
