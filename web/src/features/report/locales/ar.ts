/** Arabic texts of the task report screens. */
import type { ReportMessages } from './types';

const report: ReportMessages = {
  "list": {
    "title": "تقارير المهام",
    "empty": "لا توجد تشغيلات في هذه الفترة",
    "device": "الجهاز",
    "map": "اسم الخريطة",
    "task": "اسم المهمة",
    "result": "النتيجة",
    "search": "بحث",
    "add": "إضافة سجل",
    "deleteBefore": "حذف ما قبل تاريخ",
    "export": "تصدير",
    "exporting": "جارٍ كتابة export.xlsx…",
    "exported_zero": "لم يُحفظ أي صف في {{file}}.",
    "exported_one": "تم حفظ صف واحد في {{file}}.",
    "exported_two": "تم حفظ صفّين في {{file}}.",
    "exported_few": "تم حفظ {{count}} صفوف في {{file}}.",
    "exported_many": "تم حفظ {{count}} صفًّا في {{file}}.",
    "exported_other": "تم حفظ {{count}} صف في {{file}}.",
    "nothing": "لا يوجد ما يُصدَّر.",
    "failed": "فشل التصدير.",
    "rangeRule": "يجب أن تكون البداية في حدود 7 أيام من النهاية وألا تكون بعد اليوم."
  },
  "columns": {
    "device": "الجهاز",
    "task": "المهمة",
    "map": "الخريطة",
    "start": "البداية",
    "end": "النهاية",
    "duration": "وقت العمل",
    "planned": "المساحة المخططة",
    "cleaned": "المساحة المنظفة",
    "coverage": "التغطية",
    "efficiency": "كفاءة التنظيف",
    "battery": "البطارية المستهلكة",
    "alarms": "الإنذارات",
    "result": "النتيجة",
    "source": "المصدر",
    "actions": "الإجراءات"
  },
  "results": {
    "finished": "مكتملة",
    "cancelled": "ملغاة",
    "forced_end": "إنهاء قسري",
    "aborted": "متوقفة"
  },
  "detail": {
    "title": "تشغيل {{task}}",
    "open": "التفاصيل",
    "path": "المسار",
    "noPath": "لم يُسجَّل مسار لهذا التشغيل.",
    "overMap": "مرسوم على خريطة الروبوت.",
    "noMap": "الروبوت غير متصل: المسار مرسوم دون خريطته.",
    "children": "تشغيلات هذا الجدول",
    "schedule": "الجدول",
    "distance": "المسافة",
    "reason": "السبب",
    "remark": "ملاحظة",
    "manual": "سجل يدوي",
    "alarmsNone": "لا إنذارات أثناء التشغيل"
  },
  "edit": {
    "button": "تعديل",
    "title": "تعديل التشغيل",
    "saved": "تم حفظ التشغيل."
  },
  "insert": {
    "title": "إضافة سجل يدوي",
    "deviceId": "الجهاز",
    "times": "البداية والنهاية",
    "saved": "تمت إضافة السجل."
  },
  "remove": {
    "button": "حذف",
    "confirm": "حذف هذا التشغيل للمهمة \"{{task}}\"؟",
    "done_zero": "لم يُحذف أي تشغيل.",
    "done_one": "تم حذف تشغيل واحد.",
    "done_two": "تم حذف تشغيلين.",
    "done_few": "تم حذف {{count}} تشغيلات.",
    "done_many": "تم حذف {{count}} تشغيلًا.",
    "done_other": "تم حذف {{count}} تشغيل.",
    "beforeTitle": "حذف التشغيلات قبل تاريخ",
    "time": "التشغيلات التي بدأت قبل",
    "devices": "للأجهزة",
    "beforeConfirm": "حذف كل تشغيلات الأجهزة المختارة التي بدأت قبل هذا الوقت؟"
  },
  "chart": {
    "title": "مخططات تقارير المهام",
    "ranges": {
      "week": "الأسبوع الماضي",
      "month": "الشهر الماضي",
      "quarter": "آخر ثلاثة أشهر",
      "year": "السنة الماضية"
    },
    "by": {
      "device": "حسب الجهاز",
      "group": "حسب المجموعة",
      "owner": "حسب المالك",
      "map": "حسب الخريطة"
    },
    "grouping": "تجميع النتائج",
    "cleanedArea": "المساحة المنظفة (m²)",
    "workingTime": "وقت العمل (h)",
    "coverage": "التغطية (%)",
    "efficiency": "كفاءة التنظيف (m²/h)",
    "onlineRate": "معدل الاتصال (%)",
    "runs": "التشغيلات",
    "devices": "الأجهزة العاملة",
    "alarms": "الإنذارات",
    "breakdown": "التفصيل",
    "places": "أماكن العمل",
    "name": "الاسم",
    "period": "الفترة",
    "empty": "لا توجد تشغيلات في هذه الفترة"
  }
};

export default report;
