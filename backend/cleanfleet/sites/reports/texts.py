"""The site report's texts in the nine languages (zh-CN, en, fr, ko, de, nl, ja, es, ar): the PDF, the xlsx, the
report mail, and the schedule's refusals."""

from cleanfleet.core.texts import Text

# --- the document ---------------------------------------------------------------------------------------------------

TITLE = {
    "week": Text("每周清洁报告", "Weekly cleaning report", "Rapport de nettoyage hebdomadaire", "주간 청소 보고서",
                 "Wöchentlicher Reinigungsbericht", "Wekelijks schoonmaakrapport", "週間清掃レポート",
                 "Informe semanal de limpieza", "تقرير التنظيف الأسبوعي"),
    "month": Text("每月清洁报告", "Monthly cleaning report", "Rapport de nettoyage mensuel", "월간 청소 보고서",
                  "Monatlicher Reinigungsbericht", "Maandelijks schoonmaakrapport", "月間清掃レポート",
                  "Informe mensual de limpieza", "تقرير التنظيف الشهري"),
}
PERIOD = Text("{start} 至 {end}（{zone}）", "{start} to {end} ({zone})", "du {start} au {end} ({zone})",
              "{start} ~ {end} ({zone})", "{start} bis {end} ({zone})", "{start} tot {end} ({zone})",
              "{start} ～ {end}（{zone}）", "del {start} al {end} ({zone})", "من {start} إلى {end} ({zone})")
CUSTOMER = Text("客户：{customer}", "Customer: {customer}", "Client : {customer}", "고객: {customer}",
                "Kunde: {customer}", "Klant: {customer}", "顧客：{customer}", "Cliente: {customer}",
                "العميل: {customer}")
GENERATED = Text("生成于 {time}", "Generated {time}", "Généré le {time}", "생성 {time}", "Erstellt {time}",
                 "Gemaakt {time}", "作成 {time}", "Generado el {time}", "أُنشئ في {time}")
PAGE = Text("第 {page} 页，共 {pages} 页", "Page {page} of {pages}", "Page {page} sur {pages}",
            "{page} / {pages} 페이지", "Seite {page} von {pages}", "Pagina {page} van {pages}",
            "{page} / {pages} ページ", "Página {page} de {pages}", "صفحة {page} من {pages}")

H_FIGURES = Text("关键指标", "Key figures", "Chiffres clés", "핵심 지표", "Kennzahlen", "Kerncijfers", "主要指標",
                 "Cifras clave", "الأرقام الرئيسية")
H_DAYS = Text("每日计划任务", "Planned runs per day", "Passages prévus par jour", "일별 계획 작업",
              "Geplante Reinigungen pro Tag", "Geplande rondes per dag", "日別の計画実行", "Pasadas previstas por día",
              "عمليات التنظيف المخططة يوميًا")
H_ITEMS = Text("计划项", "Plan items", "Éléments du plan", "계획 항목", "Planeinträge", "Planitems", "計画項目",
               "Elementos del plan", "عناصر الخطة")
H_PROBLEMS = Text("未执行、不足和失败的任务", "Missed, short and failed runs",
                  "Passages manqués, incomplets et échoués", "누락·미달·실패 작업",
                  "Versäumte, unvollständige und fehlgeschlagene Reinigungen",
                  "Gemiste, onvolledige en mislukte rondes", "未実施・不足・失敗の実行",
                  "Pasadas perdidas, incompletas y fallidas", "عمليات فائتة وناقصة وفاشلة")
H_FLOOR = Text("{building} · {floor}：清洁热力图", "{building} · {floor}: where was cleaned",
               "{building} · {floor} : zones nettoyées", "{building} · {floor}: 청소 히트맵",
               "{building} · {floor}: wo gereinigt wurde", "{building} · {floor}: waar is schoongemaakt",
               "{building} · {floor}：清掃ヒートマップ", "{building} · {floor}: dónde se limpió",
               "{building} · {floor}: أين تم التنظيف")

# --- figures --------------------------------------------------------------------------------------------------------

K_PLANNED = Text("计划任务", "Planned runs", "Passages prévus", "계획 작업", "Geplant", "Gepland", "計画実行",
                 "Pasadas previstas", "المخطط")
K_DONE = Text("完成率", "Done", "Réalisés", "완료율", "Erledigt", "Gedaan", "完了率", "Hechas", "المنجز")
K_ON_TIME = Text("准时率", "On time", "À l'heure", "정시율", "Pünktlich", "Op tijd", "定刻率", "A tiempo", "في الموعد")
K_AREA = Text("清洁面积", "Cleaned area", "Surface nettoyée", "청소 면적", "Gereinigte Fläche", "Schoongemaakt",
              "清掃面積", "Superficie limpiada", "المساحة المنظفة")
K_HOURS = Text("工作时长", "Working hours", "Heures de travail", "작업 시간", "Arbeitsstunden", "Werkuren", "稼働時間",
               "Horas de trabajo", "ساعات العمل")
K_COVERAGE = Text("覆盖率", "Coverage", "Couverture", "커버리지", "Abdeckung", "Dekking", "カバー率", "Cobertura",
                  "التغطية")
K_EFFICIENCY = Text("清洁效率", "Efficiency", "Efficacité", "청소 효율", "Effizienz", "Efficiëntie", "清掃効率",
                    "Eficiencia", "الكفاءة")
K_ALARMS = Text("告警", "Alarms", "Alarmes", "알람", "Alarme", "Alarmen", "アラーム", "Alarmas", "الإنذارات")
K_RUNS = Text("运行次数", "Runs", "Passages", "실행 횟수", "Läufe", "Rondes", "実行回数", "Pasadas", "عمليات التشغيل")

STATES = {
    "done": Text("完成", "Done", "Réalisé", "완료", "Erledigt", "Gedaan", "完了", "Hecha", "منجز"),
    "late": Text("迟到", "Late", "En retard", "지연", "Verspätet", "Te laat", "遅延", "Tarde", "متأخر"),
    "short": Text("不足", "Short", "Incomplet", "미달", "Unvollständig", "Onvolledig", "不足", "Incompleta", "ناقص"),
    "missed": Text("未执行", "Missed", "Manqué", "누락", "Versäumt", "Gemist", "未実施", "Perdida", "فائت"),
    "failed": Text("失败", "Failed", "Échoué", "실패", "Fehlgeschlagen", "Mislukt", "失敗", "Fallida", "فاشل"),
    "pending": Text("待执行", "Pending", "À venir", "대기", "Ausstehend", "Open", "予定", "Pendiente", "قيد الانتظار"),
}

# --- tables ---------------------------------------------------------------------------------------------------------

C_DAY = Text("日期", "Day", "Jour", "날짜", "Tag", "Dag", "日付", "Día", "اليوم")
C_FLOOR = Text("楼层", "Floor", "Étage", "층", "Stockwerk", "Verdieping", "フロア", "Planta", "الطابق")
C_ITEM = Text("区域 / 任务", "Area / task", "Zone / tâche", "구역 / 작업", "Bereich / Aufgabe", "Zone / taak",
              "エリア / タスク", "Zona / tarea", "المنطقة / المهمة")
C_WEEKDAYS = Text("星期", "Weekdays", "Jours", "요일", "Wochentage", "Weekdagen", "曜日", "Días", "أيام الأسبوع")
C_WINDOW = Text("时间窗", "Window", "Plage", "시간대", "Zeitfenster", "Tijdvenster", "時間枠", "Franja", "الفترة")
C_STATE = Text("状态", "State", "État", "상태", "Status", "Status", "状態", "Estado", "الحالة")
C_ROBOT = Text("机器人", "Robot", "Robot", "로봇", "Roboter", "Robot", "ロボット", "Robot", "الروبوت")
C_REASONS = Text("原因", "Reasons", "Raisons", "원인", "Gründe", "Redenen", "理由", "Motivos", "الأسباب")
C_START = Text("开始", "Start", "Début", "시작", "Beginn", "Begin", "開始", "Inicio", "البداية")
C_MAP = Text("地图", "Map", "Carte", "지도", "Karte", "Kaart", "マップ", "Mapa", "الخريطة")
ANY_TASK = Text("任意任务", "any task", "toute tâche", "모든 작업", "jede Aufgabe", "elke taak", "任意のタスク",
                "cualquier tarea", "أي مهمة")
WEEKDAY_NAMES = Text("一 二 三 四 五 六 日", "Mon Tue Wed Thu Fri Sat Sun", "lun mar mer jeu ven sam dim",
                     "월 화 수 목 금 토 일", "Mo Di Mi Do Fr Sa So", "ma di wo do vr za zo", "月 火 水 木 金 土 日",
                     "lun mar mié jue vie sáb dom", "الإثنين الثلاثاء الأربعاء الخميس الجمعة السبت الأحد")
NO_PLAN = Text("本期没有计划项。", "No plan item applies in this period.", "Aucun élément du plan sur cette période.",
               "이 기간에 해당하는 계획 항목이 없습니다.", "In diesem Zeitraum gilt kein Planeintrag.",
               "Er geldt geen planitem in deze periode.", "この期間に該当する計画項目はありません。",
               "Ningún elemento del plan aplica en este periodo.", "لا ينطبق أي عنصر من الخطة في هذه الفترة.")
NO_PROBLEMS = Text("没有未执行、不足或失败的任务。", "No run was missed, short or failed.",
                   "Aucun passage manqué, incomplet ou échoué.", "누락·미달·실패한 작업이 없습니다.",
                   "Keine Reinigung wurde versäumt, blieb unvollständig oder schlug fehl.",
                   "Geen ronde gemist, onvolledig of mislukt.", "未実施・不足・失敗の実行はありません。",
                   "Ninguna pasada perdida, incompleta o fallida.", "لا توجد عمليات فائتة أو ناقصة أو فاشلة.")
MORE_ROWS = Text("……另有 {count} 行（见 xlsx）", "… and {count} more (see the xlsx)",
                 "… et {count} de plus (voir le xlsx)", "… 외 {count}건 (xlsx 참조)",
                 "… und {count} weitere (siehe xlsx)", "… en nog {count} (zie de xlsx)",
                 "…ほか {count} 件（xlsx を参照）", "… y {count} más (ver el xlsx)", "… و{count} أخرى (انظر ملف xlsx)")

# --- the heat map pages ---------------------------------------------------------------------------------------------

LEGEND_TIMES = Text("清洁次数", "Times cleaned", "Nombre de passages", "청소 횟수", "Wie oft gereinigt",
                    "Aantal keer schoongemaakt", "清掃回数", "Veces limpiado", "عدد مرات التنظيف")
LEGEND_NEVER = Text("从未到达", "Never reached", "Jamais atteint", "미도달", "Nie erreicht", "Nooit bereikt",
                    "未到達", "Nunca alcanzado", "لم يُبلغ قط")
LAYER_NOTE = Text(  # counts in each language's plural forms (issue 48 item 8: not "6 runs on 1 days")
    "地图 {map}：{days} 天内 {runs} 次运行；已清洁 {cleaned}，从未到达 {never}",
    "Map {map}: {runs, plural, one {# run} other {# runs}} on {days, plural, one {# day} other {# days}}; "
    "cleaned {cleaned}, never reached {never}",
    "Carte {map} : {runs, plural, one {# passage} other {# passages}} sur "
    "{days, plural, one {# jour} other {# jours}} ; nettoyé {cleaned}, jamais atteint {never}",
    "지도 {map}: {days}일 동안 {runs}회 실행, 청소 {cleaned}, 미도달 {never}",
    "Karte {map}: {runs, plural, one {# Lauf} other {# Läufe}} an {days, plural, one {# Tag} other {# Tagen}}; "
    "gereinigt {cleaned}, nie erreicht {never}",
    "Kaart {map}: {runs, plural, one {# ronde} other {# rondes}} op {days, plural, one {# dag} other {# dagen}}; "
    "schoongemaakt {cleaned}, nooit bereikt {never}",
    "マップ {map}：{days} 日間に {runs} 回実行、清掃 {cleaned}、未到達 {never}",
    "Mapa {map}: {runs, plural, one {# pasada} other {# pasadas}} en {days, plural, one {# día} other {# días}}; "
    "limpiado {cleaned}, nunca alcanzado {never}",
    "الخريطة {map}: {runs, plural, zero {لا عمليات} one {عملية واحدة} two {عمليتان} few {# عمليات} many {# عملية}"
    " other {# عملية}} في {days, plural, zero {لا أيام} one {يوم واحد} two {يومين} few {# أيام} many {# يومًا}"
    " other {# يوم}}؛ نُظف {cleaned}، لم يُبلغ {never}")
NO_COVERAGE = Text("本期该楼层没有覆盖记录（机器人未上报或未运行）。",
                   "No coverage was recorded on this floor in this period (no run, or robots that do not report it).",
                   "Aucune couverture enregistrée sur cet étage pendant la période.",
                   "이 기간에 이 층의 커버리지 기록이 없습니다.",
                   "In diesem Zeitraum wurde auf diesem Stockwerk keine Abdeckung erfasst.",
                   "Geen dekking vastgelegd op deze verdieping in deze periode.",
                   "この期間、このフロアのカバー記録はありません。",
                   "No se registró cobertura en esta planta en este periodo.",
                   "لم تُسجل تغطية في هذا الطابق خلال هذه الفترة.")
NO_PICTURE = Text("热力图绘制在浅色底上（服务器不保存地图图片）；北向上。",
                  "Drawn on a light background (the server keeps no map picture); north is up.",
                  "Dessiné sur fond clair (le serveur ne garde pas l'image de la carte) ; le nord en haut.",
                  "밝은 배경에 그렸습니다(서버는 지도 이미지를 보관하지 않음). 위쪽이 북쪽입니다.",
                  "Auf hellem Grund gezeichnet (der Server speichert kein Kartenbild); Norden oben.",
                  "Getekend op een lichte achtergrond (de server bewaart geen kaartafbeelding); noorden boven.",
                  "明るい背景に描画しています（サーバーはマップ画像を保存しません）。上が北です。",
                  "Dibujado sobre fondo claro (el servidor no guarda la imagen del mapa); el norte arriba.",
                  "مرسوم على خلفية فاتحة (لا يحتفظ الخادم بصورة الخريطة)؛ الشمال إلى الأعلى.")

# --- the xlsx's sheets ----------------------------------------------------------------------------------------------

SHEET_SUMMARY = Text("概览", "Summary", "Synthèse", "요약", "Übersicht", "Overzicht", "概要", "Resumen", "الملخص")
SHEET_RUNS = Text("计划任务", "Planned runs", "Passages prévus", "계획 작업", "Geplante Läufe", "Geplande rondes",
                  "計画実行", "Pasadas previstas", "العمليات المخططة")
SHEET_FLOORS = Text("楼层覆盖", "Floor coverage", "Couverture des étages", "층 커버리지", "Abdeckung je Stockwerk",
                    "Dekking per verdieping", "フロアのカバー", "Cobertura por planta", "تغطية الطوابق")
C_FIGURE = Text("指标", "Figure", "Indicateur", "지표", "Kennzahl", "Kengetal", "指標", "Indicador", "المؤشر")
C_VALUE = Text("数值", "Value", "Valeur", "값", "Wert", "Waarde", "値", "Valor", "القيمة")
C_CUSTOMER = Text("客户", "Customer", "Client", "고객", "Kunde", "Klant", "顧客", "Cliente", "العميل")
C_SITE = Text("站点", "Site", "Site", "사이트", "Standort", "Locatie", "サイト", "Sitio", "الموقع")
C_PERIOD = Text("周期", "Period", "Période", "기간", "Zeitraum", "Periode", "期間", "Periodo", "الفترة")
C_CLEANED_M2 = Text("已清洁 m²", "Cleaned m²", "Nettoyé m²", "청소 m²", "Gereinigt m²", "Schoongemaakt m²",
                    "清掃済み m²", "Limpiado m²", "المنظف م²")
C_NEVER_M2 = Text("从未到达 m²", "Never reached m²", "Jamais atteint m²", "미도달 m²", "Nie erreicht m²",
                  "Nooit bereikt m²", "未到達 m²", "Nunca alcanzado m²", "لم يُبلغ م²")
C_DAYS_COUNT = Text("天数", "Days", "Jours", "일수", "Tage", "Dagen", "日数", "Días", "الأيام")

# --- the mail -------------------------------------------------------------------------------------------------------

SUBJECT = Text("{site}：{title}，{start} 至 {end}", "{site}: {title}, {start} to {end}",
               "{site} : {title}, du {start} au {end}", "{site}: {title}, {start} ~ {end}",
               "{site}: {title}, {start} bis {end}", "{site}: {title}, {start} tot {end}",
               "{site}：{title}（{start} ～ {end}）", "{site}: {title}, del {start} al {end}",
               "{site}: {title}، من {start} إلى {end}")
MAIL_INTRO = Text("附件为站点 {site} 的清洁报告（PDF 和 xlsx）。",
                  "The cleaning report of {site} is attached (PDF and xlsx).",
                  "Le rapport de nettoyage de {site} est joint (PDF et xlsx).",
                  "{site}의 청소 보고서를 첨부합니다(PDF 및 xlsx).",
                  "Im Anhang der Reinigungsbericht von {site} (PDF und xlsx).",
                  "In de bijlage het schoonmaakrapport van {site} (PDF en xlsx).",
                  "{site} の清掃レポートを添付します（PDF と xlsx）。",
                  "Adjuntamos el informe de limpieza de {site} (PDF y xlsx).",
                  "مرفق تقرير التنظيف للموقع {site} (PDF وxlsx).")
MAIL_WHY = Text("您收到此邮件，是因为站点的报告发送计划列出了您的地址。",
                "You receive this mail because the site's report schedule lists your address.",
                "Vous recevez ce message car l'envoi programmé du rapport de ce site indique votre adresse.",
                "사이트 보고서 발송 일정에 귀하의 주소가 등록되어 있어 이 메일을 받았습니다.",
                "Sie erhalten diese Mail, weil der Versandplan des Standortberichts Ihre Adresse nennt.",
                "U ontvangt deze mail omdat het verzendschema van het locatierapport uw adres noemt.",
                "サイトレポートの配信設定にあなたのアドレスが登録されているため、このメールが届きました。",
                "Recibe este correo porque el envío programado del informe del sitio incluye su dirección.",
                "تصلك هذه الرسالة لأن جدول إرسال تقرير الموقع يتضمن عنوانك.")

# --- refusals -------------------------------------------------------------------------------------------------------

NOT_AN_EMAIL = Text("{value} 不是电子邮件地址", "{value} is not an e-mail address",
                    "{value} n'est pas une adresse e-mail", "{value}은(는) 이메일 주소가 아닙니다",
                    "{value} ist keine E-Mail-Adresse", "{value} is geen e-mailadres",
                    "{value} はメールアドレスではありません", "{value} no es una dirección de correo electrónico",
                    "{value} ليس عنوان بريد إلكتروني")

# --- "send now" (issue 48 item 6) -----------------------------------------------------------------------------------

MAIL_NOT_SET_UP = Text(
    "服务器未配置邮件发送（CLEANFLEET_SMTP_HOST），无法发送报告",
    "This server is not set up to send e-mail (CLEANFLEET_SMTP_HOST), so the report cannot be sent",
    "Ce serveur n'est pas configuré pour envoyer des e-mails (CLEANFLEET_SMTP_HOST) : le rapport ne peut pas partir",
    "이 서버는 이메일을 보내도록 설정되어 있지 않아(CLEANFLEET_SMTP_HOST) 보고서를 보낼 수 없습니다",
    "Dieser Server ist nicht für den E-Mail-Versand eingerichtet (CLEANFLEET_SMTP_HOST); der Bericht kann nicht "
    "gesendet werden",
    "Deze server is niet ingesteld om e-mail te versturen (CLEANFLEET_SMTP_HOST); het rapport kan niet worden "
    "verstuurd",
    "このサーバーはメール送信が設定されていないため（CLEANFLEET_SMTP_HOST）、レポートを送信できません",
    "Este servidor no está configurado para enviar correo (CLEANFLEET_SMTP_HOST); el informe no se puede enviar",
    "هذا الخادم غير مهيأ لإرسال البريد الإلكتروني (CLEANFLEET_SMTP_HOST)، لذا لا يمكن إرسال التقرير")
NO_RECIPIENTS = Text(
    "报告发送计划中还没有收件人：请先添加并保存收件人",
    "The report schedule has no recipients yet: add them and save first",
    "L'envoi programmé n'a pas encore de destinataire : ajoutez-en et enregistrez d'abord",
    "보고서 발송 일정에 아직 받는 사람이 없습니다. 먼저 추가하고 저장하세요",
    "Der Versandplan hat noch keine Empfänger: zuerst Empfänger hinzufügen und speichern",
    "Het verzendschema heeft nog geen ontvangers: voeg ze eerst toe en sla op",
    "配信設定に受信者がまだいません。先に追加して保存してください",
    "El envío programado aún no tiene destinatarios: añádalos y guarde primero",
    "لا يوجد مستلمون في جدول إرسال التقرير بعد: أضفهم واحفظ أولًا")
NO_MAILBOX = Text(
    "您的账户没有电子邮件地址：请在个人设置中填写",
    "Your account has no e-mail address: add one in your settings",
    "Votre compte n'a pas d'adresse e-mail : ajoutez-en une dans vos paramètres",
    "계정에 이메일 주소가 없습니다. 설정에서 추가하세요",
    "Ihr Konto hat keine E-Mail-Adresse: tragen Sie eine in Ihren Einstellungen ein",
    "Uw account heeft geen e-mailadres: voeg er een toe in uw instellingen",
    "アカウントにメールアドレスがありません。設定で追加してください",
    "Su cuenta no tiene dirección de correo: añada una en su configuración",
    "لا يحتوي حسابك على عنوان بريد إلكتروني: أضف عنوانًا في الإعدادات")
SEND_FAILED = Text(
    "报告未能发送：{reason}", "The report could not be sent: {reason}",
    "Le rapport n'a pas pu être envoyé : {reason}", "보고서를 보내지 못했습니다: {reason}",
    "Der Bericht konnte nicht gesendet werden: {reason}", "Het rapport kon niet worden verstuurd: {reason}",
    "レポートを送信できませんでした: {reason}", "No se pudo enviar el informe: {reason}",
    "تعذر إرسال التقرير: {reason}")
NEEDS_EDIT = Text(
    "向收件人发送报告需要编辑站点的权限；您可以发送给自己",
    "Sending the report to the recipients needs the right to edit the site; you can send it to yourself",
    "Envoyer le rapport aux destinataires demande le droit de modifier le site ; vous pouvez vous l'envoyer",
    "받는 사람에게 보고서를 보내려면 사이트 편집 권한이 필요합니다. 자신에게는 보낼 수 있습니다",
    "Den Bericht an die Empfänger zu senden erfordert das Recht, den Standort zu bearbeiten; an sich selbst "
    "können Sie ihn senden",
    "Het rapport naar de ontvangers sturen vraagt het recht om de locatie te bewerken; naar uzelf kan wel",
    "受信者への送信にはサイトの編集権限が必要です。自分宛てには送信できます",
    "Enviar el informe a los destinatarios requiere el permiso de editar el sitio; puede enviárselo a sí mismo",
    "يتطلب إرسال التقرير إلى المستلمين صلاحية تعديل الموقع؛ يمكنك إرساله إلى نفسك")
