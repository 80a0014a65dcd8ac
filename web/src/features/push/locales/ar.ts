/** Arabic texts of push notifications (the user menu's "Push notifications" dialog). */
import type { PushMessages } from './types';

const push: PushMessages = {
  title: 'الإشعارات الفورية',
  intro: 'تصل الإنذارات والإنذارات التي تمت معالجتها والمهام المنتهية إلى المتصفحات المشتركة هنا في شكل إشعارات، ما دامت قناة "تطبيق الجوال" مفعّلة في إعدادات الإنذارات. يؤدي النقر على إشعار إلى فتح الإنذار أو المهمة.',
  thisBrowser: {
    heading: 'هذا المتصفح',
    on: 'يتلقى هذا المتصفح إشعاراتك.',
    off: 'لا يتلقى هذا المتصفح إشعاراتك.',
    turnOn: 'التفعيل في هذا المتصفح',
    turnOff: 'الإيقاف في هذا المتصفح',
    turnedOn: 'الإشعارات مفعّلة في هذا المتصفح.',
    turnedOff: 'الإشعارات متوقفة في هذا المتصفح.',
    label: '{{browser}} على {{system}}',
    someBrowser: 'متصفح ويب',
  },
  problems: {
    unsupported: 'لا يستطيع هذا المتصفح تلقي الإشعارات الفورية.',
    insecure: 'تتطلب الإشعارات الفورية فتح وحدة التحكم على عنوان آمن (https).',
    noWorker: 'وحدة التحكم ليست جاهزة للإشعارات في هذا المتصفح بعد: أعد تحميل الصفحة وحاول مرة أخرى.',
    denied: 'الإشعارات محظورة لهذا الموقع: اسمح بها في إعدادات الموقع في المتصفح، ثم حاول مرة أخرى.',
    dismissed: 'لم يُسمح بالإشعارات. حاول مرة أخرى واختر "سماح".',
    unreachable: 'تعذّر الوصول إلى خدمة الإشعارات في المتصفح. حاول لاحقًا.',
  },
  devices: {
    heading: 'المتصفحات المشتركة',
    count: 'المشتركة: {{count}}/{{limit}}',
    empty: 'لا يوجد متصفح مشترك بعد.',
    current: 'هذا المتصفح',
    added: 'أُضيف {{time}}',
    lastSent: 'آخر إشعار {{time}}',
    neverSent: 'لم يُرسل أي إشعار بعد',
    lastError: 'فشل آخر إرسال: {{error}}',
    remove: 'إزالة',
    removeNamed: 'إزالة {{label}}',
    removeTitle: 'إزالة {{label}}؟',
    removeContent: 'لن يتلقى إشعاراتك بعد الآن.',
    removed: 'تمت الإزالة.',
    loadFailed: 'تعذّر تحميل القائمة.',
    retry: 'إعادة المحاولة',
  },
  test: {
    send: 'إرسال إشعار تجريبي',
    result: 'أُرسل الإشعار التجريبي. تم التسليم: {{sent}}، فشل: {{failed}}.',
    failed: 'تعذّر إرسال الإشعار التجريبي.',
  },
  close: 'إغلاق',
  /** why the last push to a browser failed (the server's category: core/outbound.py Failure) */
  failures: {
    rejected_address: 'عنوان مرفوض',
    unreachable: 'يتعذر الوصول إلى خدمة الإشعارات',
    timeout: 'لا رد في الوقت المحدد',
    tls: 'فشل الاتصال الآمن (TLS)',
    redirect: 'رد بإعادة توجيه (لم تُتبع)',
    http_4xx: 'رفضته خدمة الإشعارات (HTTP 4xx)',
    http_5xx: 'خطأ في خدمة الإشعارات (HTTP 5xx)',
    bad_answer: 'ليس ردًا صالحًا بروتوكول HTTP',
    failed: 'فشل',
  },
};

export default push;
