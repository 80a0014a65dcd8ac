"""The message centre's texts in the nine languages (zh-CN, en, fr, ko, de, nl, ja, es, ar).

A message is stored with the key of one of ``MESSAGE_TEXTS`` and its values, and shown in the reader's
language when read (``messages.service.message_answer``). ``{alarm}`` is rendered from the stored
``alarmKey`` (core/alarm_texts.py), a ``*time`` value in the reader's time zone.
"""

from cleanfleet.core.texts import Text

MESSAGE_NOT_FOUND = Text(
    "消息 {id} 不存在", "Message {id} does not exist", "Le message {id} n'existe pas", "메시지 {id}이(가) 없습니다",
    "Nachricht {id} existiert nicht", "Bericht {id} bestaat niet", "メッセージ {id} は存在しません",
    "El mensaje {id} no existe", "الرسالة {id} غير موجودة")

ALARM_RAISED = (
    Text("{device} 告警：{alarm}", "Alarm on {device}: {alarm}", "Alarme sur {device} : {alarm}",
         "{device} 알람: {alarm}", "Alarm auf {device}: {alarm}", "Alarm op {device}: {alarm}",
         "{device} のアラーム：{alarm}", "Alarma en {device}: {alarm}", "إنذار على {device}: {alarm}"),
    Text("设备 {device}（{serial}）于 {time} 告警：{alarm}。",
         "Device {device} ({serial}) raised an alarm at {time}: {alarm}.",
         "L'appareil {device} ({serial}) a levé une alarme à {time} : {alarm}.",
         "장치 {device}({serial})에서 {time}에 알람이 발생했습니다: {alarm}.",
         "Gerät {device} ({serial}) hat um {time} einen Alarm gemeldet: {alarm}.",
         "Apparaat {device} ({serial}) gaf om {time} een alarm: {alarm}.",
         "デバイス {device}（{serial}）が {time} にアラームを発生しました：{alarm}。",
         "El dispositivo {device} ({serial}) emitió una alarma a las {time}: {alarm}.",
         "أطلق الجهاز {device} ({serial}) إنذارًا في {time}: {alarm}."),
)
ALARM_RESOLVED = (
    Text("{device} 告警已处理：{alarm}", "Alarm resolved on {device}: {alarm}",
         "Alarme traitée sur {device} : {alarm}", "{device} 알람 처리됨: {alarm}",
         "Alarm auf {device} erledigt: {alarm}", "Alarm op {device} afgehandeld: {alarm}",
         "{device} のアラーム処理済み：{alarm}", "Alarma resuelta en {device}: {alarm}",
         "تمت معالجة إنذار {device}: {alarm}"),
    Text("{by} 于 {time} 处理了设备 {device}（{serial}）的 {count} 条告警。",
         "{by} resolved {count} alarm(s) of device {device} ({serial}) at {time}.",
         "{by} a traité {count} alarme(s) de l'appareil {device} ({serial}) à {time}.",
         "{by}이(가) {time}에 장치 {device}({serial})의 알람 {count}건을 처리했습니다.",
         "{by} hat um {time} {count} Alarm(e) von Gerät {device} ({serial}) erledigt.",
         "{by} heeft om {time} {count} alarm(en) van apparaat {device} ({serial}) afgehandeld.",
         "{by} が {time} にデバイス {device}（{serial}）のアラーム {count} 件を処理しました。",
         "{by} resolvió {count} alarma(s) del dispositivo {device} ({serial}) a las {time}.",
         "عالج {by} {count} من إنذارات الجهاز {device} ({serial}) في {time}."),
)
TASK_ENDED = (
    Text("{device}：任务 {task} 已结束", "{device}: task {task} ended", "{device} : tâche {task} terminée",
         "{device}: 작업 {task} 종료", "{device}: Auftrag {task} beendet", "{device}: taak {task} beëindigd",
         "{device}：タスク {task} が終了しました", "{device}: la tarea {task} terminó",
         "{device}: انتهت المهمة {task}"),
    Text("设备 {device}（{serial}）的任务 {task} 于 {time} 结束，清扫面积 {area} m²。",
         "Task {task} of device {device} ({serial}) ended at {time}; {area} m² cleaned.",
         "La tâche {task} de l'appareil {device} ({serial}) s'est terminée à {time} ; {area} m² nettoyés.",
         "장치 {device}({serial})의 작업 {task}이(가) {time}에 종료되었습니다. 청소 면적 {area} m².",
         "Auftrag {task} von Gerät {device} ({serial}) endete um {time}; {area} m² gereinigt.",
         "Taak {task} van apparaat {device} ({serial}) eindigde om {time}; {area} m² gereinigd.",
         "デバイス {device}（{serial}）のタスク {task} が {time} に終了しました。清掃面積 {area} m²。",
         "La tarea {task} del dispositivo {device} ({serial}) terminó a las {time}; {area} m² limpiados.",
         "انتهت المهمة {task} للجهاز {device} ({serial}) في {time}؛ تم تنظيف {area} م²."),
)
CONSUMABLE_DUE = (
    Text("{device}（{serial}）的 {item} 需要更换", "{item} of {device} ({serial}) is due for replacement",
         "{item} de {device} ({serial}) doit être remplacé", "{device}({serial})의 {item} 교체 시기입니다",
         "{item} von {device} ({serial}) muss ersetzt werden", "{item} van {device} ({serial}) moet worden vervangen",
         "{device}（{serial}）の {item} は交換時期です", "{item} de {device} ({serial}) debe reemplazarse",
         "حان وقت استبدال {item} في {device} ({serial})"),
    Text("自 {since} 起已使用 {used} 小时，寿命 {life} 小时。", "Used {used} h of a {life} h life since {since}.",
         "Utilisé {used} h sur une durée de vie de {life} h depuis {since}.",
         "{since} 이후 수명 {life}시간 중 {used}시간 사용했습니다.",
         "Seit {since} {used} h von {life} h Lebensdauer genutzt.",
         "Sinds {since} {used} u van een levensduur van {life} u gebruikt.",
         "{since} 以降、寿命 {life} 時間のうち {used} 時間使用しました。",
         "Usado {used} h de una vida de {life} h desde {since}.",
         "استُخدم {used} ساعة من عمر {life} ساعة منذ {since}."),
)
MAINTENANCE_DUE = (
    Text("{device}（{serial}）的保养“{item}”已到期", "Maintenance \"{item}\" of {device} ({serial}) is due",
         "L'entretien « {item} » de {device} ({serial}) est dû", "{device}({serial})의 유지보수 \"{item}\" 시기입니다",
         "Wartung „{item}“ von {device} ({serial}) ist fällig", "Onderhoud \"{item}\" van {device} ({serial}) is nodig",
         "{device}（{serial}）のメンテナンス「{item}」の時期です",
         "El mantenimiento \"{item}\" de {device} ({serial}) está pendiente",
         "حان موعد الصيانة \"{item}\" للجهاز {device} ({serial})"),
    Text("每 {period} 小时一次，上次于 {since}。", "Every {period} h since {since}.",
         "Toutes les {period} h depuis {since}.", "{since} 이후 {period}시간마다.", "Alle {period} h seit {since}.",
         "Elke {period} u sinds {since}.", "{since} 以降 {period} 時間ごと。", "Cada {period} h desde {since}.",
         "كل {period} ساعة منذ {since}."),
)

# an incident's notice (incidents/escalation.py): its values carry ``link``, the console's address of the incident
INCIDENT = (
    Text("事件 #{id}：{device} {alarm}", "Incident #{id}: {device} {alarm}", "Incident n°{id} : {device} {alarm}",
         "인시던트 #{id}: {device} {alarm}", "Vorfall #{id}: {device} {alarm}", "Incident #{id}: {device} {alarm}",
         "インシデント #{id}：{device} {alarm}", "Incidente n.º {id}: {device} {alarm}",
         "الحادثة رقم {id}: {device} {alarm}"),
    Text("设备 {device}（{serial}）自 {time} 起需要人员处理：{alarm}。请确认此事件。",
         "Robot {device} ({serial}) needs a person since {time}: {alarm}. Please acknowledge the incident.",
         "Le robot {device} ({serial}) a besoin d'une personne depuis {time} : {alarm}. Prenez l'incident en charge.",
         "로봇 {device}({serial})에 {time}부터 사람이 필요합니다: {alarm}. 인시던트를 확인해 주세요.",
         "Roboter {device} ({serial}) braucht seit {time} eine Person: {alarm}. Bitte den Vorfall bestätigen.",
         "Robot {device} ({serial}) heeft sinds {time} een persoon nodig: {alarm}. Bevestig het incident.",
         "ロボット {device}（{serial}）は {time} から人の対応が必要です：{alarm}。インシデントを確認してください。",
         "El robot {device} ({serial}) necesita una persona desde las {time}: {alarm}. Confirme el incidente.",
         "يحتاج الروبوت {device} ({serial}) إلى شخص منذ {time}: {alarm}. يرجى تأكيد الحادثة."),
)

CERTIFICATE_EXPIRING = (  # certificates/scan.py: a robot's certificate ends soon and it did not renew
    Text("{device} 的证书即将过期", "Certificate of {device} expires soon", "Le certificat de {device} expire bientôt",
         "{device}의 인증서가 곧 만료됩니다", "Zertifikat von {device} läuft bald ab",
         "Certificaat van {device} verloopt binnenkort", "{device} の証明書がまもなく期限切れになります",
         "El certificado de {device} caduca pronto", "شهادة {device} تنتهي قريبًا"),
    Text("机器人 {device}（{serial}）的证书将于 {time} 过期，且尚未自动续期。证书过期后机器人将无法连接。",
         "The certificate of robot {device} ({serial}) expires at {time} and the robot has not renewed it. Once it "
         "expires the robot cannot connect.",
         "Le certificat du robot {device} ({serial}) expire le {time} et le robot ne l'a pas renouvelé. Une fois "
         "expiré, le robot ne peut plus se connecter.",
         "로봇 {device}({serial})의 인증서가 {time}에 만료되며 로봇이 아직 갱신하지 않았습니다. "
         "만료되면 로봇이 연결할 수 없습니다.",
         "Das Zertifikat von Roboter {device} ({serial}) läuft um {time} ab, und der Roboter hat es nicht erneuert. "
         "Danach kann sich der Roboter nicht mehr verbinden.",
         "Het certificaat van robot {device} ({serial}) verloopt op {time} en de robot heeft het niet vernieuwd. "
         "Daarna kan de robot geen verbinding meer maken.",
         "ロボット {device}（{serial}）の証明書は {time} に期限切れになりますが、まだ更新されていません。期限切れ後は"
         "ロボットが接続できません。",
         "El certificado del robot {device} ({serial}) caduca el {time} y el robot no lo ha renovado. Cuando caduque, "
         "el robot no podrá conectarse.",
         "تنتهي شهادة الروبوت {device} ({serial}) في {time} ولم يجددها الروبوت بعد. بعد انتهائها لن يتمكن الروبوت من "
         "الاتصال."),
)

MESSAGE_TEXTS: dict[str, tuple[Text, Text]] = {
    "alarm_raised": ALARM_RAISED,
    "alarm_resolved": ALARM_RESOLVED,
    "task_ended": TASK_ENDED,
    "consumable_due": CONSUMABLE_DUE,
    "maintenance_due": MAINTENANCE_DUE,
    "incident": INCIDENT,
    "certificate_expiring": CERTIFICATE_EXPIRING,
}
