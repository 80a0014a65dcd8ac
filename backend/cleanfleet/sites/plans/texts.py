"""The texts of windows cleaned by hand (plans/byhand.py) in the nine languages (zh-CN, en, fr, ko, de, nl, ja, es,
ar): the refusals of /site/plan/byHand/*, and the reason a planned run reads done by hand."""

from cleanfleet.core.texts import Text

BY_HAND_NOT_PLANNED = Text(
    "计划项 {planItemId} 在 {day} 没有计划", "Plan item {planItemId} is not planned on {day}",
    "L'élément de plan {planItemId} n'est pas prévu le {day}",
    "계획 항목 {planItemId}은(는) {day}에 계획되어 있지 않습니다",
    "Planeintrag {planItemId} ist am {day} nicht geplant", "Planitem {planItemId} is niet gepland op {day}",
    "計画項目 {planItemId} は {day} に計画されていません",
    "El elemento del plan {planItemId} no está previsto el {day}",
    "عنصر الخطة {planItemId} غير مخطط له في {day}")
BY_HAND_NOT_OPEN = Text(
    "时间窗 {day} {start} 才开始：开始之前不能标记为人工清洁",
    "The window opens on {day} at {start}: it cannot be marked cleaned by hand before it opens",
    "La plage s'ouvre le {day} à {start} : elle ne peut pas être marquée nettoyée à la main avant",
    "시간대는 {day} {start}에 시작됩니다. 시작 전에는 수동 청소로 표시할 수 없습니다",
    "Das Zeitfenster öffnet am {day} um {start}: vorher kann es nicht als von Hand gereinigt markiert werden",
    "Het tijdvenster opent op {day} om {start}: het kan niet eerder als met de hand schoongemaakt worden gemarkeerd",
    "時間枠は {day} {start} に始まります。始まる前に手作業清掃済みにはできません",
    "La franja se abre el {day} a las {start}: no puede marcarse como limpiada a mano antes",
    "تبدأ الفترة في {day} عند {start}: لا يمكن وضع علامة التنظيف اليدوي قبل بدايتها")
BY_HAND_TOO_OLD = Text(
    "只能标记最近 {days} 天（站点时区）的时间窗", "Only the windows of the last {days} days (on the site's clock) can "
    "be marked cleaned by hand", "Seules les plages des {days} derniers jours (heure du site) peuvent être marquées "
    "nettoyées à la main", "최근 {days}일(사이트 시간)의 시간대만 수동 청소로 표시할 수 있습니다",
    "Nur die Zeitfenster der letzten {days} Tage (Uhr des Standorts) können als von Hand gereinigt markiert werden",
    "Alleen de tijdvensters van de laatste {days} dagen (klok van de locatie) kunnen als met de hand schoongemaakt "
    "worden gemarkeerd", "手作業清掃済みにできるのは直近 {days} 日（サイトの時刻）の時間枠だけです",
    "Solo las franjas de los últimos {days} días (hora del sitio) pueden marcarse como limpiadas a mano",
    "لا يمكن وضع علامة التنظيف اليدوي إلا على فترات آخر {days} يومًا (بتوقيت الموقع)")
BY_HAND_ALREADY = Text(
    "该时间窗已由 {by} 于 {time} 标记为人工清洁", "This window was already marked cleaned by hand by {by} at {time}",
    "Cette plage a déjà été marquée nettoyée à la main par {by} à {time}",
    "이 시간대는 이미 {by}이(가) {time}에 수동 청소로 표시했습니다",
    "Dieses Zeitfenster wurde bereits von {by} um {time} als von Hand gereinigt markiert",
    "Dit tijdvenster is al om {time} door {by} als met de hand schoongemaakt gemarkeerd",
    "この時間枠は {time} に {by} が手作業清掃済みにしています",
    "Esta franja ya fue marcada como limpiada a mano por {by} a las {time}",
    "سبق أن وضع {by} علامة التنظيف اليدوي على هذه الفترة في {time}")
BY_HAND_ROBOTS_DID = Text(
    "机器人已完成该时间窗的全部计划运行：无需人工清洁", "The robots already completed every planned run of this "
    "window: there is nothing to mark cleaned by hand", "Les robots ont déjà effectué toutes les exécutions prévues "
    "de cette plage : rien à marquer nettoyé à la main",
    "로봇이 이 시간대의 계획된 실행을 모두 마쳤습니다. 수동 청소로 표시할 것이 없습니다",
    "Die Roboter haben alle geplanten Läufe dieses Zeitfensters bereits erledigt: es gibt "
    "nichts als von Hand gereinigt zu markieren", "De robots hebben alle geplande runs van dit tijdvenster al "
    "voltooid: er valt niets als met de hand schoongemaakt te markeren",
    "ロボットがこの時間枠の計画実行をすべて完了しています。手作業清掃済みにするものはありません",
    "Los robots ya completaron todas las ejecuciones previstas de esta franja: no hay nada que marcar como limpiado "
    "a mano", "أكملت الروبوتات كل عمليات التشغيل المخططة لهذه الفترة: لا شيء لوضع علامة التنظيف اليدوي عليه")
BY_HAND_NOT_FOUND = Text(
    "人工清洁标记 {markId} 不存在", "Mark {markId} of a window cleaned by hand does not exist",
    "La marque {markId} de nettoyage à la main n'existe pas", "수동 청소 표시 {markId}이(가) 없습니다",
    "Die Markierung {markId} (von Hand gereinigt) existiert nicht",
    "Markering {markId} (met de hand schoongemaakt) bestaat niet", "手作業清掃の記録 {markId} は存在しません",
    "La marca {markId} de limpieza a mano no existe", "علامة التنظيف اليدوي {markId} غير موجودة")

# the reason a planned run reads done by hand (plan against actual's detail, the site report's sheet)
BY_HAND_DONE = Text(
    "{by} 于 {time} 人工清洁", "Cleaned by hand by {by} at {time}", "Nettoyé à la main par {by} à {time}",
    "{by}이(가) {time}에 수동으로 청소함", "Von {by} um {time} von Hand gereinigt",
    "Om {time} met de hand schoongemaakt door {by}", "{time} に {by} が手作業で清掃", "Limpiado a mano por {by} a las "
    "{time}", "نظّفه {by} يدويًا في {time}")
BY_HAND_DONE_NOTE = Text(
    "{by} 于 {time} 人工清洁：“{note}”", "Cleaned by hand by {by} at {time}: “{note}”",
    "Nettoyé à la main par {by} à {time} : « {note} »", "{by}이(가) {time}에 수동으로 청소함: \"{note}\"",
    "Von {by} um {time} von Hand gereinigt: „{note}“", "Om {time} met de hand schoongemaakt door {by}: ‘{note}’",
    "{time} に {by} が手作業で清掃：「{note}」", "Limpiado a mano por {by} a las {time}: «{note}»",
    "نظّفه {by} يدويًا في {time}: «{note}»")
SOMEONE = Text("已删除的用户", "a deleted user", "un utilisateur supprimé", "삭제된 사용자",
               "einem gelöschten Benutzer", "een verwijderde gebruiker", "削除されたユーザー", "un usuario eliminado",
               "مستخدم محذوف")
