"""Texts of the alarm centre, the alarm settings and the alarm notifications, in the nine languages
(zh-CN, en, fr, ko, de, nl, ja, es, ar)."""

from cleanfleet.core.texts import Text

ALARM_NOT_FOUND = Text(
    "告警 {warnId} 不存在", "Alarm {warnId} does not exist", "L'alarme {warnId} n'existe pas",
    "알람 {warnId}이(가) 없습니다", "Alarm {warnId} existiert nicht", "Alarm {warnId} bestaat niet",
    "アラーム {warnId} は存在しません", "La alarma {warnId} no existe", "الإنذار {warnId} غير موجود")
ALREADY_RESOLVED = Text(
    "告警 {warnId} 已处理", "Alarm {warnId} is already resolved", "L'alarme {warnId} est déjà traitée",
    "알람 {warnId}은(는) 이미 처리되었습니다", "Alarm {warnId} ist bereits erledigt",
    "Alarm {warnId} is al afgehandeld", "アラーム {warnId} は処理済みです", "La alarma {warnId} ya está resuelta",
    "تمت معالجة الإنذار {warnId} بالفعل")
UNKNOWN_CODE = Text(
    "没有名为 {code} 的告警或事件", "There is no alarm or event named {code}",
    "Aucune alarme ni aucun événement ne s'appelle {code}", "{code} 이름의 알람이나 이벤트가 없습니다",
    "Es gibt keinen Alarm und kein Ereignis namens {code}", "Er is geen alarm of gebeurtenis met de naam {code}",
    "{code} という名前のアラームやイベントはありません", "No hay ninguna alarma ni evento llamado {code}",
    "لا يوجد إنذار أو حدث باسم {code}")
UNKNOWN_CHANNEL = Text(
    "没有名为 {channel} 的通知渠道", "There is no notification channel named {channel}",
    "Aucun canal de notification ne s'appelle {channel}", "{channel} 이름의 알림 채널이 없습니다",
    "Es gibt keinen Benachrichtigungskanal namens {channel}", "Er is geen meldingskanaal met de naam {channel}",
    "{channel} という名前の通知チャネルはありません", "No hay ningún canal de notificación llamado {channel}",
    "لا توجد قناة إشعارات باسم {channel}")

# the events of the settings beside the robots' alarms
EVENT_TEXTS = {
    "alarm_resolved": Text(
        "告警已处理", "Alarm resolved", "Alarme traitée", "알람 처리됨", "Alarm erledigt", "Alarm afgehandeld",
        "アラーム処理済み", "Alarma resuelta", "تمت معالجة الإنذار"),
    "task_ended": Text(
        "任务运行结束", "Task run ended", "Fin d'exécution de la tâche", "작업 실행 종료", "Auftragslauf beendet",
        "Taakuitvoering beëindigd", "タスク実行終了", "Fin de la ejecución de la tarea", "انتهى تشغيل المهمة"),
    "site_plan_missed": Text(
        "计划清洁未完成或不足", "Planned cleaning missed or short", "Nettoyage planifié manqué ou incomplet",
        "계획된 청소 누락 또는 미달", "Geplante Reinigung versäumt oder unvollständig",
        "Geplande reiniging gemist of onvolledig", "計画清掃の未実施・不足",
        "Limpieza planificada omitida o incompleta", "تنظيف مخطط فائت أو ناقص"),
    "wear_due": Text(
        "耗材或保养即将到期（预测）", "Consumable or maintenance coming due (forecast)",
        "Consommable ou entretien bientôt à échéance (prévision)", "소모품 또는 정비 만료 임박(예측)",
        "Verbrauchsteil oder Wartung bald fällig (Prognose)",
        "Verbruiksdeel of onderhoud binnenkort aan de beurt (prognose)",
        "消耗品・保守の期限間近（予測）", "Consumible o mantenimiento próximo a vencer (previsión)",
        "مستهلك أو صيانة يقترب موعدها (توقع)"),
}

# the notifications (an e-mail's subject and body, a webhook's text)
ALARM_SUBJECT = Text(
    "【告警】{device}：{alarm}", "[Alarm] {device}: {alarm}", "[Alarme] {device} : {alarm}", "[알람] {device}: {alarm}",
    "[Alarm] {device}: {alarm}", "[Alarm] {device}: {alarm}", "【アラーム】{device}：{alarm}",
    "[Alarma] {device}: {alarm}", "[إنذار] {device}: {alarm}")
ALARM_BODY = Text(
    "设备 {device}（{serial}）于 {time} 告警：{alarm}。",
    "Device {device} ({serial}) raised an alarm at {time}: {alarm}.",
    "L'appareil {device} ({serial}) a levé une alarme à {time} : {alarm}.",
    "장치 {device}({serial})에서 {time}에 알람이 발생했습니다: {alarm}.",
    "Gerät {device} ({serial}) hat um {time} einen Alarm gemeldet: {alarm}.",
    "Apparaat {device} ({serial}) gaf om {time} een alarm: {alarm}.",
    "デバイス {device}（{serial}）が {time} にアラームを発生しました：{alarm}。",
    "El dispositivo {device} ({serial}) emitió una alarma a las {time}: {alarm}.",
    "أطلق الجهاز {device} ({serial}) إنذارًا في {time}: {alarm}.")
STORM_BODY = Text(
    "设备 {device}（{serial}）自 {time} 起共告警 {count} 次，最近一次：{alarm}。",
    "Device {device} ({serial}) raised {count} alarms since {time}; the latest: {alarm}.",
    "L'appareil {device} ({serial}) a levé {count} alarmes depuis {time} ; la dernière : {alarm}.",
    "장치 {device}({serial})에서 {time} 이후 알람이 {count}회 발생했습니다. 최근: {alarm}.",
    "Gerät {device} ({serial}) hat seit {time} {count} Alarme gemeldet; zuletzt: {alarm}.",
    "Apparaat {device} ({serial}) gaf sinds {time} {count} alarmen; de laatste: {alarm}.",
    "デバイス {device}（{serial}）は {time} 以降 {count} 件のアラームを発生しました。最新：{alarm}。",
    "El dispositivo {device} ({serial}) emitió {count} alarmas desde las {time}; la última: {alarm}.",
    "أطلق الجهاز {device} ({serial}) {count} إنذارات منذ {time}؛ الأخير: {alarm}.")
TASK_SUBJECT = Text(
    "{device}：任务 {task} 已结束", "{device}: task {task} ended", "{device} : tâche {task} terminée",
    "{device}: 작업 {task} 종료", "{device}: Auftrag {task} beendet", "{device}: taak {task} beëindigd",
    "{device}：タスク {task} が終了しました", "{device}: la tarea {task} terminó", "{device}: انتهت المهمة {task}")
TASK_BODY = Text(
    "设备 {device}（{serial}）的任务 {task} 于 {time} 结束，清扫面积 {area} m²。",
    "Task {task} of device {device} ({serial}) ended at {time}; {area} m² cleaned.",
    "La tâche {task} de l'appareil {device} ({serial}) s'est terminée à {time} ; {area} m² nettoyés.",
    "장치 {device}({serial})의 작업 {task}이(가) {time}에 종료되었습니다. 청소 면적 {area} m².",
    "Auftrag {task} von Gerät {device} ({serial}) endete um {time}; {area} m² gereinigt.",
    "Taak {task} van apparaat {device} ({serial}) eindigde om {time}; {area} m² gereinigd.",
    "デバイス {device}（{serial}）のタスク {task} が {time} に終了しました。清掃面積 {area} m²。",
    "La tarea {task} del dispositivo {device} ({serial}) terminó a las {time}; {area} m² limpiados.",
    "انتهت المهمة {task} للجهاز {device} ({serial}) في {time}؛ تم تنظيف {area} م².")
TARGET_MISSING = Text(
    "请指定 {name}", "{name} is required", "{name} est obligatoire", "{name}을(를) 지정하세요",
    "{name} ist erforderlich", "{name} is verplicht", "{name} を指定してください", "{name} es obligatorio",
    "{name} مطلوب")
