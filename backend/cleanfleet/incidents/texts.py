"""The incidents' texts in the nine languages (zh-CN, en, fr, ko, de, nl, ja, es, ar): refusals, notices, the
acknowledge page."""

from cleanfleet.core.texts import Text

INCIDENT_NOT_FOUND = Text(
    "事件 {id} 不存在", "Incident {id} does not exist", "L'incident {id} n'existe pas", "인시던트 {id}이(가) 없습니다",
    "Vorfall {id} existiert nicht", "Incident {id} bestaat niet", "インシデント {id} は存在しません",
    "El incidente {id} no existe", "الحادثة {id} غير موجودة")
ALREADY_ACKNOWLEDGED = Text(
    "事件 {id} 已由 {by} 于 {time} 确认", "Incident {id} was already acknowledged by {by} at {time}",
    "L'incident {id} a déjà été pris en charge par {by} à {time}",
    "인시던트 {id}은(는) 이미 {by}이(가) {time}에 확인했습니다",
    "Vorfall {id} wurde bereits von {by} um {time} bestätigt", "Incident {id} is al om {time} bevestigd door {by}",
    "インシデント {id} は {time} に {by} が確認済みです", "El incidente {id} ya fue confirmado por {by} a las {time}",
    "تم تأكيد الحادثة {id} مسبقًا بواسطة {by} في {time}")
ALREADY_ENDED = Text(
    "事件 {id} 已于 {time} 结束", "Incident {id} already ended at {time}",
    "L'incident {id} est déjà terminé depuis {time}",
    "인시던트 {id}은(는) 이미 {time}에 종료되었습니다", "Vorfall {id} wurde bereits um {time} beendet",
    "Incident {id} is al om {time} afgesloten", "インシデント {id} は {time} に終了済みです",
    "El incidente {id} ya terminó a las {time}", "انتهت الحادثة {id} بالفعل في {time}")
LINK_UNKNOWN = Text(
    "此链接无效", "This link is not valid", "Ce lien n'est pas valide", "이 링크는 유효하지 않습니다",
    "Dieser Link ist ungültig", "Deze link is ongeldig", "このリンクは無効です", "Este enlace no es válido",
    "هذا الرابط غير صالح")
LINK_EXPIRED = Text(
    "此链接已于 {time} 过期", "This link expired at {time}", "Ce lien a expiré à {time}",
    "이 링크는 {time}에 만료되었습니다",
    "Dieser Link ist um {time} abgelaufen", "Deze link is om {time} verlopen",
    "このリンクは {time} に期限切れになりました",
    "Este enlace caducó a las {time}", "انتهت صلاحية هذا الرابط في {time}")
LINK_USED = Text(
    "此链接已于 {time} 使用过", "This link was already used at {time}", "Ce lien a déjà été utilisé à {time}",
    "이 링크는 이미 {time}에 사용되었습니다", "Dieser Link wurde bereits um {time} benutzt",
    "Deze link is al om {time} gebruikt", "このリンクは {time} に使用済みです", "Este enlace ya se usó a las {time}",
    "تم استخدام هذا الرابط بالفعل في {time}")
UNKNOWN_CODE = Text(
    "{code} 不是告警目录中的告警", "{code} is not an alarm of the catalogue",
    "{code} n'est pas une alarme du catalogue",
    "{code}은(는) 알람 목록에 없습니다", "{code} ist kein Alarm des Katalogs", "{code} is geen alarm uit de catalogus",
    "{code} はアラーム一覧にありません", "{code} no es una alarma del catálogo", "{code} ليس إنذارًا في الكتالوج")
LEVELS_NEEDED = Text(
    "开启事件的策略至少需要一个级别", "A policy that opens incidents needs at least one level",
    "Une règle qui ouvre des incidents a besoin d'au moins un niveau",
    "인시던트를 여는 정책에는 최소 한 개의 단계가 필요합니다",
    "Eine Regel, die Vorfälle öffnet, braucht mindestens eine Stufe",
    "Een regel die incidenten opent heeft minstens één niveau nodig",
    "インシデントを開くポリシーには少なくとも 1 つのレベルが必要です",
    "Una política que abre incidentes necesita al menos un nivel",
    "تحتاج السياسة التي تفتح حوادث إلى مستوى واحد على الأقل")
LEVEL_LOOP = Text(
    "第 {n} 级回到了已通知过的层级（向上 {up} 级）：每一级都必须比上一级更高",
    "Level {n} goes back to a level already told ({up} up): each level must be higher up the tree than the one "
    "before",
    "Le niveau {n} revient à un niveau déjà prévenu ({up} au-dessus) : chaque niveau doit être plus haut que le "
    "précédent",
    "{n}단계가 이미 알린 단계(위로 {up})로 돌아갑니다: 각 단계는 이전 단계보다 위여야 합니다",
    "Stufe {n} führt zu einer bereits benachrichtigten Ebene zurück ({up} höher): jede Stufe muss höher liegen als "
    "die vorige",
    "Niveau {n} gaat terug naar een al ingelicht niveau ({up} hoger): elk niveau moet hoger liggen dan het vorige",
    "レベル {n} は通知済みの階層（{up} 上）に戻っています：各レベルは前のレベルより上でなければなりません",
    "El nivel {n} vuelve a un nivel ya avisado ({up} arriba): cada nivel debe estar más arriba que el anterior",
    "المستوى {n} يعود إلى مستوى تم إبلاغه ({up} للأعلى): يجب أن يكون كل مستوى أعلى من السابق")
ZERO_WAIT = Text(
    "第 {n} 级至少要等待 1 分钟", "Level {n} must wait at least one minute",
    "Le niveau {n} doit attendre au moins une minute",
    "{n}단계는 최소 1분을 기다려야 합니다", "Stufe {n} muss mindestens eine Minute warten",
    "Niveau {n} moet minstens één minuut wachten", "レベル {n} は少なくとも 1 分待つ必要があります",
    "El nivel {n} debe esperar al menos un minuto", "يجب أن ينتظر المستوى {n} دقيقة واحدة على الأقل")
ZERO_REMINDER = Text(
    "提醒间隔至少为 1 分钟", "Reminders need an interval of at least one minute",
    "Les rappels demandent un intervalle d'au moins une minute", "알림 간격은 최소 1분이어야 합니다",
    "Erinnerungen brauchen einen Abstand von mindestens einer Minute",
    "Herinneringen hebben een interval van minstens één minuut nodig",
    "リマインダーの間隔は少なくとも 1 分必要です", "Los recordatorios necesitan un intervalo de al menos un minuto",
    "تحتاج التذكيرات إلى فاصل دقيقة واحدة على الأقل")
BAD_TIME_ZONE = Text(
    "{zone} 不是已知的时区", "{zone} is not a known time zone", "{zone} n'est pas un fuseau horaire connu",
    "{zone}은(는) 알 수 없는 시간대입니다", "{zone} ist keine bekannte Zeitzone", "{zone} is geen bekende tijdzone",
    "{zone} は既知のタイムゾーンではありません", "{zone} no es una zona horaria conocida",
    "{zone} ليست منطقة زمنية معروفة")
BAD_WINDOW = Text(
    "值班时段的结束必须晚于开始", "The end of the duty window must be after its start",
    "La fin de la plage de garde doit suivre son début", "당번 시간대의 끝은 시작보다 뒤여야 합니다",
    "Das Ende des Dienstfensters muss nach seinem Beginn liegen",
    "Het einde van het dienstvenster moet na het begin liggen",
    "当番時間帯の終わりは開始より後でなければなりません", "El fin del turno debe ser posterior a su inicio",
    "يجب أن تكون نهاية فترة المناوبة بعد بدايتها")
DUTY_NOT_FOUND = Text(
    "值班 {id} 不存在", "Duty {id} does not exist", "La garde {id} n'existe pas", "당번 {id}이(가) 없습니다",
    "Dienst {id} existiert nicht", "Dienst {id} bestaat niet", "当番 {id} は存在しません", "El turno {id} no existe",
    "المناوبة {id} غير موجودة")
PERSON_OUTSIDE_BRANCH = Text(
    "用户 {id} 不在该分支下", "User {id} is not in this branch", "L'utilisateur {id} n'est pas dans cette branche",
    "사용자 {id}은(는) 이 지점에 속하지 않습니다", "Benutzer {id} gehört nicht zu diesem Zweig",
    "Gebruiker {id} hoort niet bij deze tak", "ユーザー {id} はこのブランチに属していません",
    "El usuario {id} no pertenece a esta rama", "المستخدم {id} ليس ضمن هذا الفرع")

URGENCY = {
    "high": Text("紧急", "High", "Haute", "높음", "Hoch", "Hoog", "高", "Alta", "عالية"),
    "medium": Text("中", "Medium", "Moyenne", "보통", "Mittel", "Gemiddeld", "中", "Media", "متوسطة"),
    "low": Text("低", "Low", "Basse", "낮음", "Niedrig", "Laag", "低", "Baja", "منخفضة"),
}
NOTICE_SUBJECT = Text(
    "[{urgency}] 事件 #{id}：{device} {alarm}", "[{urgency}] Incident #{id}: {device} {alarm}",
    "[{urgency}] Incident n°{id} : {device} {alarm}", "[{urgency}] 인시던트 #{id}: {device} {alarm}",
    "[{urgency}] Vorfall #{id}: {device} {alarm}", "[{urgency}] Incident #{id}: {device} {alarm}",
    "[{urgency}] インシデント #{id}：{device} {alarm}", "[{urgency}] Incidente n.º {id}: {device} {alarm}",
    "[{urgency}] الحادثة رقم {id}: {device} {alarm}")
NOTICE_BODY = Text(
    "设备 {device}（{serial}）自 {time} 起需要人员处理：{alarm}。尚无人确认。",
    "Robot {device} ({serial}) needs a person since {time}: {alarm}. Nobody has acknowledged it yet.",
    "Le robot {device} ({serial}) a besoin d'une personne depuis {time} : {alarm}. Personne ne l'a encore pris en "
    "charge.",
    "로봇 {device}({serial})에 {time}부터 사람이 필요합니다: {alarm}. 아직 아무도 확인하지 않았습니다.",
    "Roboter {device} ({serial}) braucht seit {time} eine Person: {alarm}. Noch niemand hat bestätigt.",
    "Robot {device} ({serial}) heeft sinds {time} een persoon nodig: {alarm}. Nog niemand heeft het bevestigd.",
    "ロボット {device}（{serial}）は {time} から人の対応が必要です：{alarm}。まだ誰も確認していません。",
    "El robot {device} ({serial}) necesita una persona desde las {time}: {alarm}. Nadie lo ha confirmado aún.",
    "يحتاج الروبوت {device} ({serial}) إلى شخص منذ {time}: {alarm}. لم يؤكده أحد بعد.")
REMINDER_LINE = Text(
    "提醒 {n}/{limit}。", "Reminder {n} of {limit}.", "Rappel {n} sur {limit}.", "알림 {n}/{limit}.",
    "Erinnerung {n} von {limit}.", "Herinnering {n} van {limit}.", "リマインダー {n}/{limit}。",
    "Recordatorio {n} de {limit}.", "تذكير {n} من {limit}.")
ESCALATED_LINE = Text(
    "已升级到第 {level} 级：下级在规定时间内无人确认。",
    "Escalated to level {level}: nobody below acknowledged in time.",
    "Transmis au niveau {level} : personne en dessous n'a pris en charge à temps.",
    "{level}단계로 상향되었습니다: 아래 단계에서 제때 확인하지 않았습니다.",
    "Auf Stufe {level} eskaliert: darunter hat niemand rechtzeitig bestätigt.",
    "Geëscaleerd naar niveau {level}: niemand daaronder heeft op tijd bevestigd.",
    "レベル {level} にエスカレーションしました：下位で時間内に確認がありませんでした。",
    "Escalado al nivel {level}: nadie por debajo lo confirmó a tiempo.",
    "تم التصعيد إلى المستوى {level}: لم يؤكد أحد في المستوى الأدنى في الوقت المحدد.")
LINK_LINE = Text(
    "无需登录即可确认（仅限一次，{until} 前有效）：{url}",
    "Acknowledge without signing in (once, valid until {until}): {url}",
    "Prendre en charge sans se connecter (une fois, valable jusqu'à {until}) : {url}",
    "로그인 없이 확인(한 번, {until}까지 유효): {url}",
    "Ohne Anmeldung bestätigen (einmal, gültig bis {until}): {url}",
    "Bevestigen zonder aan te melden (eenmalig, geldig tot {until}): {url}",
    "サインインせずに確認（1 回のみ、{until} まで有効）：{url}",
    "Confirmar sin iniciar sesión (una vez, válido hasta {until}): {url}",
    "التأكيد دون تسجيل الدخول (مرة واحدة، صالح حتى {until}): {url}")
PAGE_TITLE = Text(
    "确认事件", "Acknowledge incident", "Prendre en charge l'incident", "인시던트 확인", "Vorfall bestätigen",
    "Incident bevestigen", "インシデントの確認", "Confirmar incidente", "تأكيد الحادثة")
PAGE_BUTTON = Text(
    "我来处理", "I'm on it", "Je m'en occupe", "제가 처리하겠습니다", "Ich kümmere mich darum", "Ik pak het op",
    "対応します", "Me encargo", "سأتولى الأمر")
PAGE_DONE = Text(
    "已确认，谢谢。", "Acknowledged. Thank you.", "Pris en charge. Merci.", "확인되었습니다. 감사합니다.",
    "Bestätigt. Danke.", "Bevestigd. Dank je.", "確認しました。ありがとうございます。", "Confirmado. Gracias.",
    "تم التأكيد. شكرًا لك.")

# /incident/figures: the figures end on ``endDate``, which names the end, not a start (issue 48 item 8)
END_IN_FUTURE = Text(
    "结束日期不能晚于今天", "The end date must not be after today", "La date de fin ne doit pas être après aujourd'hui",
    "종료 날짜는 오늘보다 늦을 수 없습니다", "Das Enddatum darf nicht nach heute liegen",
    "De einddatum mag niet na vandaag liggen", "終了日は今日より後にできません",
    "La fecha de fin no puede ser posterior a hoy", "يجب ألا يكون تاريخ النهاية بعد اليوم")
