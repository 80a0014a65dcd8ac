/** Arabic texts of the wear forecast. */
import type { WearMessages } from './types';

const wear: WearMessages = {
  page: {
    title: 'توقع التآكل',
    hint: 'متى يبلغ كل مستهلك نهاية عمره ومتى تستحق كل صيانة، من ساعات التشغيل المقاسة لكل روبوت خلال آخر 28 يومًا.',
    tabs: { list: 'التوقع', settings: 'المهلة' },
    refreshed: 'تُحدَّث القائمة كل 10 دقائق.',
  },
  groups: { thisWeek: 'هذا الأسبوع', nextWeek: 'الأسبوع القادم', later: 'لاحقًا', undated: 'بلا تاريخ بعد' },
  filters: { site: 'كل المواقع', kind: 'كل القطع', within: 'أي تاريخ', withinDays: 'خلال {{days}} يومًا', reset: 'إعادة تعيين' },
  columns: { robot: 'الروبوت', site: 'الموقع', part: 'القطعة', due: 'التاريخ المتوقع', range: 'الأبكر إلى الأبعد', sure: 'درجة الثقة', use: 'الاستخدام' },
  rate: '{{hours}} ساعة/يوم',
  range: 'من {{from}} إلى {{to}}',
  openRange: 'من {{from}}، بلا حد أعلى',
  states: { due_now: 'مستحق الآن', no_history: 'سجل غير كافٍ', idle: 'غير مستخدم' },
  sure: { high: 'موثوق', medium: 'موثوق إلى حد ما', low: 'غير مؤكد: نطاق واسع', none: 'لا تقدير' },
  maintenance: 'صيانة',
  noSite: 'بلا موقع',
  order: {
    title: 'ما يجب طلبه',
    thisWeek: 'هذا الأسبوع',
    nextWeek: 'الأسبوع القادم',
    empty: 'لا شيء يستحق خلال الأسبوعين القادمين.',
  },
  list: {
    empty: 'لا توقعات بعد: اضبط المستهلكات أو تذكيرات الصيانة على روبوت.',
    noMatch: 'لا يوجد توقع يطابق عوامل التصفية.',
    loadFailed: 'تعذّر تحميل التوقع.',
  },
  settings: {
    title: 'المهلة',
    branch: 'الفرع',
    leadDays: 'المهلة (بالأيام)',
    hint: 'يتلقى مالك الروبوت رسالة وإشعارًا قبل التاريخ المتوقع بهذا العدد من الأيام (من 0 إلى 60).',
    inherited: 'موروث: لا إعداد خاص بعد.',
    own: 'مضبوط لهذا الفرع.',
    save: 'حفظ',
    saved: 'تم حفظ المهلة.',
  },
  device: {
    title: 'توقع التآكل',
    rate: 'الاستخدام المقاس {{hours}} ساعة/يوم (من {{low}} إلى {{high}}) على مدى {{days}} يومًا.',
    noHistory: 'سجل غير كافٍ: {{days}} من 3 أيام مطلوبة.',
    empty: 'لا مستهلكات ولا تذكيرات صيانة مضبوطة.',
    due: 'متوقع في {{date}}',
    openList: 'كل التوقعات',
  },
};

export default wear;
