/** Arabic texts of the privacy feature. */
import type { PrivacyMessages } from './types';

const privacy: PrivacyMessages = {
  title: 'بياناتي',
  titleOf: 'بيانات {{account}}',
  intro: 'نزّل كل ما يحتفظ به المنتج عنك: الحساب وعمليات الدخول والجلسات وسجل التدقيق والرسائل والإعدادات والملفات في ملف zip. يجهز خلال دقائق، ويعمل الرابط 7 أيام.',
  introOf: 'صدّر بيانات هذا الشخص في ملف zip أو امحُه: يُستبدل الحساب باسم مستعار ولا يمكنه تسجيل الدخول بعد ذلك؛ تبقى الروبوتات وسجلها لدى العميل.',
  loading: 'جارٍ التحميل…',
  jobsHeading: 'عمليات التصدير والمحو',
  empty: 'لا يوجد تصدير أو محو بعد',
  download: 'تنزيل zip',
  until: 'الرابط صالح حتى {{time}}',
  expired: 'انتهت صلاحية التنزيل؛ اطلب تصديرًا جديدًا.',
  failed: 'فشلت المهمة؛ حاول مرة أخرى.',
  erasedAs: 'تم المحو؛ يظهر في سجل التدقيق باسم {{pseudonym}}',
  progressLabel: 'تقدّم {{name}}',
  kinds: {
    person_export: 'تصدير بيانات {{name}}',
    person_erasure: 'محو {{name}}',
    customer_end: 'إنهاء العميل {{name}}',
  },
  states: { queued: 'في الانتظار', running: 'قيد التنفيذ', done: 'تم', failed: 'فشل' },
  export: {
    mine: 'تنزيل بياناتي',
    theirs: 'تصدير البيانات',
    started: 'بدأ التصدير؛ سنخبرك في مركز الرسائل عند جاهزيته',
  },
  erase: {
    heading: 'محو هذا الشخص',
    intro: 'يزيل نهائيًا عمليات دخول الشخص وعوامله ورسائله وبياناته الشخصية. لا يمكن التراجع.',
    button: 'محو',
    confirmTitle: 'محو {{account}}؟',
    confirm: 'محو نهائي',
    what: 'تنتهي الجلسات ورموز API فورًا، وتُزال روابط العامل الثاني والدخول الموحد، ويُستبدل الاسم والبريد والهاتف باسم مستعار. تبقى الروبوتات والخرائط والتقارير لدى العميل.',
    typeToConfirm: 'اكتب {{account}} للتأكيد',
    started: 'بدأ المحو',
  },
};

export default privacy;
