/** Simplified Chinese texts of the advisories page. */
import type { AdvisoryMessages } from './types';

const advisory: AdvisoryMessages = {
  page: {
    title: '安全公告',
    intro: '导入 OSV 格式的漏洞公告，查看哪些固件版本的 SBOM 列出了受影响的组件、您的哪些机器人在运行它们，并将这些机器人升级到已修复的版本。',
    tabs: {
      advisories: '安全公告',
      sboms: '固件 SBOM',
    },
  },
  list: {
    import: '导入公告',
    imported: '公告 {{id}} 已导入',
    empty: '暂无安全公告。请导入 OSV 格式（JSON）的公告。',
    columns: {
      id: '公告',
      summary: '摘要',
      packages: '组件',
      versions: '受影响版本',
      robots: '您的机器人',
      updated: '导入时间',
      actions: '操作',
    },
    open: '受影响的机器人',
    delete: '删除',
    deleteConfirm: '删除公告 {{id}}？机器人上不会有任何变化。',
    deleted: '公告已删除',
  },
  detail: {
    fixedIn: '修复版本：{{versions}}',
    versionsTitle: '受影响的固件版本',
    noneAffected: '已知 SBOM 的固件版本中没有列出受影响组件的。',
    withoutSbom: '没有 SBOM 的固件版本（未检查）：{{count}}',
    robotsTitle: '运行受影响版本的机器人',
    noRobots: '您的机器人都没有运行受影响的版本。',
    more: '仅列出前 {{shown}} 台机器人；受影响的机器人：{{count}}。',
    columns: {
      firmware: '固件',
      components: '受影响组件',
      robots: '您的机器人',
      fixedBy: '升级到',
      serial: '序列号',
      name: '机器人',
      running: '运行版本',
    },
    target: '已修复的固件',
    noTarget: '还没有 SBOM 不受此公告影响的固件：请先上传带 SBOM 的固件。',
    update: '升级所选机器人',
    confirmTitle: '将所选机器人升级到 {{version}}？',
    confirmBody: '机器人：{{count}}。每台机器人都按固件页面的发布方式获得升级（遵循升级规则，进度在固件页面显示）。',
    confirm: '开始升级',
    started: '已开始升级（机器人：{{count}}）',
  },
  sbom: {
    empty: '暂无固件。',
    none: '无 SBOM',
    columns: {
      firmware: '固件',
      version: '版本',
      components: '组件',
      file: 'SBOM 文件',
      uploaded: '上传时间',
      actions: '操作',
    },
    view: '组件',
    upload: '上传 SBOM',
    uploaded: '{{name}} 的 SBOM 已保存',
    componentsTitle: '{{name}}（{{version}}）的组件',
    componentColumns: {
      name: '名称',
      version: '版本',
      purl: '软件包 URL',
    },
  },
};

export default advisory;
