import type { FilesMessages } from './types';

const files: FilesMessages = {
  common: { search: 'بحث', add: 'إضافة', delete: 'حذف', download: 'تنزيل', cancel: 'إلغاء', save: 'حفظ', actions: 'إجراءات', name: 'الاسم', size: 'الحجم', time: 'الوقت', owner: 'المالك', deleted: 'تم الحذف.', saved: 'تم الحفظ.' },
  upload: {
    choose: 'اختر ملفًا',
    uploading: 'جارٍ رفع {{name}}',
    done: 'تم رفع {{name}}.',
    rule: 'الحروف والأرقام و_ و- و. فقط: بلا مسافات أو رموز خاصة. الاسم نفسه يستبدل الملف السابق.',
    badName: 'لا يجوز أن يحتوي اسم الملف على مسافات أو رموز خاصة.',
    required: 'ارفع ملفًا أولًا',
    private: 'خاص (روابط موقعة فقط)',
    folder: 'المجلد',
  },
  entries: {
    fileTitle: 'الملفات', knowledgeTitle: 'قاعدة المعرفة', search: 'الاسم أو الوصف', allCategories: 'كل الفئات', category: 'الفئة', detail: 'الوصف', file: 'الملف',
    empty: 'لا توجد ملفات بعد', addTitle: 'إضافة ملف', deleteConfirm: 'حذف "{{name}}" وملفه؟',
  },
  host: {
    title: 'مضيف الملفات', storage: 'التخزين', storageLocal: 'مجلد الخادم', storageS3: 'تخزين كائنات متوافق مع S3', chart: 'البايتات لكل مجلد', folderFilter: 'المجلد', nameFilter: 'اسم الملف',
    visibility: 'الظهور', private: 'خاص', public: 'عام', empty: 'لا توجد ملفات مخزنة', deleteConfirm: 'حذف {{name}}؟ تُحذف معه الإدخالات والوسائط المصنوعة منه.', upload: 'رفع',
  },
  ads: {
    title: 'الإعلانات', media: 'الوسائط', playlists: 'قوائم التشغيل', voice: 'الصوت', mediaName: 'اسم الوسائط', seconds: 'ثواني العرض', kind: 'النوع',
    kinds: { image: 'صورة', video: 'فيديو', audio: 'صوت' },
    addMedia: 'إضافة وسائط', noMedia: 'لا توجد وسائط بعد', mediaDeleteConfirm: 'حذف الوسائط "{{name}}"؟ ستخرج من كل قوائم التشغيل.', addPlaylist: 'قائمة تشغيل جديدة', editPlaylist: 'تعديل قائمة التشغيل',
    playlistName: 'اسم قائمة التشغيل', items: 'الوسائط بالترتيب', itemsPlaceholder: 'اختر الوسائط بترتيب التشغيل', totalSeconds: '{{seconds}} ث إجمالًا', robots: 'الروبوتات', noRobots: 'لا يشغلها أي روبوت',
    assign: 'تعيين للروبوتات', assignPlaceholder: 'اختر الروبوتات', assigned: 'تم تعيين الروبوتات.', unassign: 'إيقاف', unassignConfirm: 'إيقاف التشغيل على {{name}}؟', noPlaylists: 'لا توجد قوائم تشغيل بعد',
    playlistDeleteConfirm: 'حذف قائمة التشغيل "{{name}}"؟ لن تشغل روبوتاتها شيئًا.', voiceHint: 'استمع إلى كيفية إعلان الروبوتات لنص ما (صوت دون اتصال).', voiceText: 'النص المراد قراءته',
    voiceLanguage: 'اللغة', listen: 'استماع',
  },
  log: {
    title: 'سجل العمليات', account: 'الحساب', call: 'الاستدعاء', target: 'ما الذي تغير', ip: 'من', platform: 'المنصة', range: 'الفترة', shadow: 'ظل', viaToken: 'عبر الرمز {{name}}', empty: 'لم يُعثر على تغييرات',
    export: 'تصدير', exporting_zero: 'لا صفوف للكتابة.', exporting_one: 'جارٍ كتابة صف واحد…', exporting_two: 'جارٍ كتابة صفّين…', exporting_few: 'جارٍ كتابة {{count}} صفوف…', exporting_many: 'جارٍ كتابة {{count}} صفًّا…', exporting_other: 'جارٍ كتابة {{count}} صف…', exported_zero: 'لم يُصدَّر أي صف إلى {{file}}.', exported_one: 'تم تصدير صف واحد إلى {{file}}.', exported_two: 'تم تصدير صفّين إلى {{file}}.', exported_few: 'تم تصدير {{count}} صفوف إلى {{file}}.', exported_many: 'تم تصدير {{count}} صفًّا إلى {{file}}.', exported_other: 'تم تصدير {{count}} صف إلى {{file}}.', truncated: 'تم تصدير أحدث 10,000 صف فقط.', nothing: 'لا شيء للتصدير.',
  },
};

export default files;
