import type { FilesMessages } from './types';

const files: FilesMessages = {
  common: { search: '搜索', add: '添加', delete: '删除', download: '下载', cancel: '取消', save: '保存', actions: '操作', name: '名称', size: '大小', time: '时间', owner: '所属用户', deleted: '已删除。', saved: '已保存。' },
  upload: {
    choose: '选择文件',
    uploading: '正在上传 {{name}}',
    done: '{{name}} 已上传。',
    rule: '只能使用字母、数字、_、- 和 .，不能有空格或特殊字符。同名文件会替换之前的文件。',
    badName: '文件名不能包含空格或特殊字符。',
    required: '请先上传文件',
    private: '私有（仅限签名链接）',
    folder: '目录',
  },
  entries: {
    fileTitle: '文件列表', knowledgeTitle: '知识库', search: '名称或描述', allCategories: '全部分类', category: '分类', detail: '描述', file: '文件',
    empty: '暂无文件', addTitle: '添加文件', deleteConfirm: '删除“{{name}}”及其文件？',
  },
  host: {
    title: '文件主机', storage: '存储', storageLocal: '服务器目录', storageS3: 'S3 兼容对象存储', chart: '各目录占用空间', folderFilter: '目录', nameFilter: '文件名',
    visibility: '可见性', private: '私有', public: '公开', empty: '暂无存储的文件', deleteConfirm: '删除 {{name}}？由它建立的文件记录和广告素材也会一起删除。', upload: '上传',
  },
  ads: {
    title: '广告管理', media: '素材', playlists: '播放列表', voice: '语音', mediaName: '素材名称', seconds: '展示秒数', kind: '类型',
    kinds: { image: '图片', video: '视频', audio: '音频' },
    addMedia: '添加素材', noMedia: '暂无素材', mediaDeleteConfirm: '删除素材“{{name}}”？它会从所有播放列表中移除。', addPlaylist: '新建播放列表', editPlaylist: '编辑播放列表',
    playlistName: '播放列表名称', items: '按顺序播放的素材', itemsPlaceholder: '按播放顺序选择素材', totalSeconds: '共 {{seconds}} 秒', robots: '机器人', noRobots: '没有机器人播放',
    assign: '分配给机器人', assignPlaceholder: '选择机器人', assigned: '已分配给机器人。', unassign: '停止', unassignConfirm: '停止在 {{name}} 上播放？', noPlaylists: '暂无播放列表',
    playlistDeleteConfirm: '删除播放列表“{{name}}”？其机器人将不再播放。', voiceHint: '试听机器人播报文字的效果（离线语音）。', voiceText: '要朗读的文字',
    voiceLanguage: '语言', listen: '试听',
  },
  log: {
    title: '操作日志', account: '账号', call: '接口', target: '变更内容', ip: '来源地址', platform: '平台', range: '时间范围', shadow: '影子账号', viaToken: '通过令牌 {{name}}', empty: '没有找到变更',
    export: '导出', exporting_other: '正在写入 {{count}} 行…', exported_other: '已导出 {{count}} 行到 {{file}}。', truncated: '只导出了最新的 10,000 行。', nothing: '没有可导出的内容。',
  },
};

export default files;
