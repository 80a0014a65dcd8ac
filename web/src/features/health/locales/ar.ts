/** Arabic texts of robot health. */
import type { HealthMessages } from './types';

const health: HealthMessages = {
  page: {
    gradeFilter: 'الدرجة',
    allGrades: 'كل الدرجات',
    window: 'آخر 30 يومًا (من {{start}} إلى {{end}})، حُسبت في {{at}}. يُقارن كل روبوت بروبوتات من نوعه على خرائط بمساحة مماثلة.',
    windowShort: 'آخر 30 يومًا: من {{start}} إلى {{end}}',
    notYet: 'لم تُحسب بعد: يقيّم فحص الصحة كل روبوت مرة كل ساعة.',
    failed: 'تعذّر تحميل صحة الروبوتات',
    robots: 'روبوتات الفرع',
    byGrade: 'الروبوتات حسب الدرجة',
    empty: 'لا يوجد روبوت في هذا الفرع.',
    emptyGrade: 'لا يوجد روبوت بهذه الدرجة.',
  },
  grades: { A: 'A · طبيعي', B: 'B · مؤشر للمتابعة', C: 'C · منحرف', D: 'D · منحرف في عدة مؤشرات' },
  columns: { robot: 'الروبوت والرقم التسلسلي', grade: 'الدرجة', reasons: 'الأسباب', type: 'نوع الجهاز', peers: 'مقارنة مع' },
  basis: {
    map: 'النوع نفسه وخرائط مماثلة (النظراء: {{count}})',
    type: 'خرائط مماثلة قليلة: النوع نفسه (النظراء: {{count}})',
    none: 'نظراء قليلون ({{count}}): مقارنة مع نفسه فقط',
  },
  indicators: {
    alarms: 'الإنذارات لكل ساعة تشغيل',
    efficiency: 'الكفاءة (m²/h)',
    coverage: 'التغطية (%)',
    charging: 'إنذارات البطارية المنخفضة لكل ساعة تشغيل',
    online: 'أيام الاتصال (%)',
  },
  levels: { drift: 'منحرف', watch: 'للمتابعة' },
  states: { noData: 'لا تشغيل في الفترة' },
  reasons: {
    none: 'مماثل لنظرائه.',
    peers: '{{indicator}}: {{value}}، وسيط النظراء {{reference}}',
    self: '{{indicator}}: {{value}}، و{{reference}} في الثلاثين يومًا السابقة',
    evidence: 'الدليل',
  },
  panel: {
    title: 'الصحة مقارنةً بالنظراء',
    notYet: 'لم يُقيَّم بعد: يعمل فحص الصحة مرة كل ساعة.',
    median: 'وسيط النظراء {{value}}',
    previous: 'الثلاثون يومًا السابقة {{value}}',
  },
};

export default health;
