/** Arabic texts of the message centre. */
import type { MessageCentreMessages } from './types';

const message: MessageCentreMessages = {
  title: "مركز الرسائل",
  unread: "غير مقروءة",
  all: "الكل",
  read: "مقروءة",
  unreadTag: "غير مقروءة",
  markRead: "وضع علامة مقروءة",
  openLink: "فتح",
  markAllRead: "وضع علامة مقروءة على الكل",
  allRead_zero: "لا رسائل لوضع علامة مقروءة عليها",
  allRead_one: "تم وضع علامة مقروءة على رسالة واحدة",
  allRead_two: "تم وضع علامة مقروءة على رسالتين",
  allRead_few: "تم وضع علامة مقروءة على {{count}} رسائل",
  allRead_many: "تم وضع علامة مقروءة على {{count}} رسالة",
  allRead_other: "تم وضع علامة مقروءة على {{count}} رسالة",
  repeats_zero: "{{count}} مرة",
  repeats_one: "مرة واحدة",
  repeats_two: "مرتان",
  repeats_few: "{{count}} مرات",
  repeats_many: "{{count}} مرة",
  repeats_other: "{{count}} مرة",
  repeatsHint: "عدد مرات إطلاق الروبوت للإنذار نفسه قبل قراءة الرسالة؛ يُعرض أحدثها",
  delete: "حذف",
  deleteConfirm: "هل تريد حذف هذه الرسالة؟",
  deleted: "تم حذف الرسالة",
  cancel: "إلغاء",
  close: "إغلاق",
  empty: "لا توجد رسائل",
  emptyUnread: "لا توجد رسائل غير مقروءة",
  loadFailed: "تعذّر تحميل الرسائل",
  retry: "إعادة المحاولة",
};

export default message;
