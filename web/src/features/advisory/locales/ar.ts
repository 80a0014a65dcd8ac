/** Arabic texts of the advisories page. */
import type { AdvisoryMessages } from './types';

const advisory: AdvisoryMessages = {
  page: {
    title: 'النشرات الأمنية',
    intro: 'استورد نشرة عن ثغرة (بتنسيق OSV) لترى أي إصدارات البرنامج الثابت تذكر في SBOM الخاص بها مكوّنًا متأثرًا، وأي روبوتاتك تشغّلها، ثم حدّث هذه الروبوتات إلى إصدار مصحح.',
    tabs: {
      advisories: 'النشرات',
      sboms: 'SBOM البرامج الثابتة',
    },
  },
  list: {
    import: 'استيراد نشرة',
    imported: 'تم استيراد النشرة {{id}}',
    empty: 'لا توجد نشرات بعد. استورد نشرة بتنسيق OSV (JSON).',
    columns: {
      id: 'النشرة',
      summary: 'الملخص',
      packages: 'المكوّنات',
      versions: 'الإصدارات المتأثرة',
      robots: 'روبوتاتك',
      updated: 'تاريخ الاستيراد',
      actions: 'الإجراءات',
    },
    open: 'الروبوتات المتأثرة',
    delete: 'حذف',
    deleteConfirm: 'هل تريد حذف النشرة {{id}}؟ لن يتغير شيء على الروبوتات.',
    deleted: 'تم حذف النشرة',
  },
  detail: {
    fixedIn: 'مصحح في: {{versions}}',
    versionsTitle: 'إصدارات البرنامج الثابت المتأثرة',
    noneAffected: 'لا يذكر أي إصدار برنامج ثابت معروف الـ SBOM مكوّنًا متأثرًا.',
    withoutSbom: 'إصدارات برنامج ثابت بلا SBOM (لم تُفحص): {{count}}',
    robotsTitle: 'روبوتاتك التي تشغّل إصدارًا متأثرًا',
    noRobots: 'لا يشغّل أي من روبوتاتك إصدارًا متأثرًا.',
    more: 'تُعرض أول {{shown}} روبوتات؛ الروبوتات المتأثرة: {{count}}.',
    columns: {
      firmware: 'البرنامج الثابت',
      components: 'المكوّنات المتأثرة',
      robots: 'روبوتاتك',
      fixedBy: 'التحديث إلى',
      serial: 'الرقم التسلسلي',
      name: 'الروبوت',
      running: 'يشغّل',
    },
    target: 'البرنامج الثابت المصحح',
    noTarget: 'لا يوجد بعد برنامج ثابت له SBOM خالٍ من هذه النشرة: ارفع واحدًا مع SBOM الخاص به أولًا.',
    update: 'تحديث الروبوتات المحددة',
    confirmTitle: 'هل تريد تحديث الروبوتات المحددة إلى {{version}}؟',
    confirmBody: 'الروبوتات: {{count}}. يتلقى كل روبوت التحديث كما تنشره صفحة البرامج الثابتة (تُطبَّق قاعدة التحديث ويظهر التقدم في صفحة البرامج الثابتة).',
    confirm: 'بدء التحديث',
    started: 'بدأ التحديث (الروبوتات: {{count}})',
  },
  sbom: {
    empty: 'لا توجد برامج ثابتة بعد.',
    none: 'بلا SBOM',
    columns: {
      firmware: 'البرنامج الثابت',
      version: 'الإصدار',
      components: 'المكوّنات',
      file: 'ملف SBOM',
      uploaded: 'تاريخ الرفع',
      actions: 'الإجراءات',
    },
    view: 'المكوّنات',
    upload: 'رفع SBOM',
    uploaded: 'تم حفظ SBOM الخاص بـ {{name}}',
    componentsTitle: 'مكوّنات {{name}} ({{version}})',
    componentColumns: {
      name: 'الاسم',
      version: 'الإصدار',
      purl: 'عنوان الحزمة',
    },
  },
};

export default advisory;
