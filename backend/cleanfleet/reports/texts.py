"""Why a task report call is refused, in the nine languages (zh-CN, en, fr, ko, de, nl, ja, es, ar)."""

from cleanfleet.core.texts import Text

REPORT_NOT_FOUND = Text(
    "任务报告 {id} 不存在", "Task report {id} does not exist", "Le rapport de tâche {id} n'existe pas",
    "작업 보고서 {id}이(가) 없습니다", "Der Aufgabenbericht {id} existiert nicht", "Taakrapport {id} bestaat niet",
    "タスクレポート {id} は存在しません", "El informe de tarea {id} no existe", "تقرير المهمة {id} غير موجود")
CLEANED_OVER_PLANNED = Text(
    "清洁面积不能大于计划面积", "The cleaned area must not exceed the planned area",
    "La surface nettoyée ne doit pas dépasser la surface prévue", "청소 면적은 계획 면적을 넘을 수 없습니다",
    "Die gereinigte Fläche darf die geplante nicht übersteigen",
    "Het gereinigde oppervlak mag het geplande niet overschrijden",
    "清掃面積は計画面積を超えられません", "El área limpiada no puede superar la planificada",
    "يجب ألا تتجاوز المساحة المنظفة المساحة المخططة")
DELETE_WHAT = Text(
    "请指定要删除的报告，或一个日期及设备", "Name the report to delete, or a date and the devices",
    "Indiquez le rapport à supprimer, ou une date et les appareils", "삭제할 보고서 또는 날짜와 장치를 지정하세요",
    "Geben Sie den zu löschenden Bericht an oder ein Datum und die Geräte",
    "Geef het te verwijderen rapport op, of een datum en de apparaten",
    "削除するレポート、または日付と機器を指定してください",
    "Indique el informe que se eliminará, o una fecha y los dispositivos",
    "حدد التقرير المراد حذفه، أو تاريخًا والأجهزة")

# --- the e-mails (subjects and the labels of their lines) ---------------------------------------------
RUN_SUBJECT = Text(
    "任务报告：{device} 的 {task}：{result}", "Task report: {task} on {device}: {result}",
    "Rapport de tâche : {task} sur {device} : {result}", "작업 보고서: {device}의 {task}: {result}",
    "Aufgabenbericht: {task} auf {device}: {result}", "Taakrapport: {task} op {device}: {result}",
    "タスクレポート：{device} の {task}：{result}", "Informe de tarea: {task} en {device}: {result}",
    "تقرير المهمة: {task} على {device}: {result}")
RESULTS = {  # how a run ended (TaskReport.result), as a mail says it
    "finished": Text("已完成", "completed", "terminée", "완료됨", "abgeschlossen", "voltooid", "完了", "completada",
                     "اكتملت"),
    "cancelled": Text("已取消", "cancelled", "annulée", "취소됨", "abgebrochen", "geannuleerd", "キャンセル",
                      "cancelada", "أُلغيت"),
    "forced_end": Text("被强制结束", "ended by force", "arrêtée de force", "강제 종료됨", "zwangsweise beendet",
                       "geforceerd beëindigd", "強制終了", "finalizada a la fuerza", "أُنهيت قسرًا"),
    "aborted": Text("异常中止", "aborted by a fault", "interrompue par une panne", "오류로 중단됨",
                    "wegen eines Fehlers abgebrochen", "afgebroken door een storing", "異常により中断",
                    "interrumpida por un fallo", "توقفت بسبب عطل"),
}
WEEK_SUBJECT = Text(
    "每周清洁汇总 {start} 至 {end}", "Weekly cleaning summary {start} to {end}",
    "Résumé hebdomadaire du nettoyage du {start} au {end}", "주간 청소 요약 {start} ~ {end}",
    "Wöchentliche Reinigungsübersicht {start} bis {end}", "Wekelijks schoonmaakoverzicht {start} tot {end}",
    "週間清掃サマリー {start} ～ {end}", "Resumen semanal de limpieza del {start} al {end}",
    "ملخص التنظيف الأسبوعي من {start} إلى {end}")
WEEK_INTRO = Text(
    "上周您的机器人的工作汇总如下，每台设备的明细见附件 export.xlsx。",
    "Here is what your robots did last week; the figures per device are in the attached export.xlsx.",
    "Voici ce que vos robots ont fait la semaine dernière ; le détail par appareil est dans export.xlsx.",
    "지난주 로봇의 작업 요약입니다. 장치별 수치는 첨부된 export.xlsx에 있습니다.",
    "So haben Ihre Roboter letzte Woche gearbeitet; die Zahlen je Gerät stehen in der Anlage export.xlsx.",
    "Dit deden uw robots vorige week; de cijfers per apparaat staan in de bijlage export.xlsx.",
    "先週のロボットの作業概要です。機器ごとの数値は添付の export.xlsx にあります。",
    "Esto hicieron sus robots la semana pasada; las cifras por dispositivo están en export.xlsx adjunto.",
    "إليك ما أنجزته روبوتاتك الأسبوع الماضي؛ الأرقام لكل جهاز في الملف المرفق export.xlsx.")
L_DEVICE = Text("设备", "Device", "Appareil", "장치", "Gerät", "Apparaat", "機器", "Dispositivo", "الجهاز")
L_TASK = Text("任务", "Task", "Tâche", "작업", "Aufgabe", "Taak", "タスク", "Tarea", "المهمة")
L_MAP = Text("地图", "Map", "Carte", "지도", "Karte", "Kaart", "マップ", "Mapa", "الخريطة")
L_START = Text("开始", "Start", "Début", "시작", "Beginn", "Begin", "開始", "Inicio", "البداية")
L_END = Text("结束", "End", "Fin", "종료", "Ende", "Einde", "終了", "Fin", "النهاية")
L_DURATION = Text("工作时长", "Working time", "Temps de travail", "작업 시간", "Arbeitszeit", "Werktijd", "作業時間",
                  "Tiempo de trabajo", "وقت العمل")
L_PLANNED = Text("计划面积", "Planned area", "Surface prévue", "계획 면적", "Geplante Fläche", "Gepland oppervlak",
                 "計画面積", "Área planificada", "المساحة المخططة")
L_CLEANED = Text("清洁面积", "Cleaned area", "Surface nettoyée", "청소 면적", "Gereinigte Fläche",
                 "Gereinigd oppervlak", "清掃面積", "Área limpiada", "المساحة المنظفة")
L_COVERAGE = Text("覆盖率", "Coverage", "Couverture", "커버리지", "Abdeckung", "Dekking", "カバー率", "Cobertura",
                  "التغطية")
L_EFFICIENCY = Text("清洁效率", "Cleaning efficiency", "Efficacité", "청소 효율", "Reinigungsleistung",
                    "Schoonmaakefficiëntie", "清掃効率", "Eficiencia de limpieza", "كفاءة التنظيف")
L_BATTERY = Text("耗电", "Battery used", "Batterie utilisée", "배터리 사용", "Akkuverbrauch", "Batterijverbruik",
                 "バッテリー消費", "Batería usada", "البطارية المستهلكة")
L_ALARMS = Text("告警", "Alarms", "Alarmes", "알람", "Alarme", "Alarmen", "アラーム", "Alarmas", "الإنذارات")
L_RESULT = Text("结果", "Result", "Résultat", "결과", "Ergebnis", "Resultaat", "結果", "Resultado", "النتيجة")
L_RUNS = Text("任务次数", "Runs", "Exécutions", "실행 횟수", "Läufe", "Runs", "実行回数", "Ejecuciones",
              "عدد التشغيلات")
L_DEVICES = Text("工作设备", "Working devices", "Appareils actifs", "작업한 장치", "Arbeitende Geräte",
                 "Werkende apparaten", "稼働機器", "Dispositivos activos", "الأجهزة العاملة")
L_ONLINE = Text("在线率", "Online rate", "Taux en ligne", "온라인 비율", "Online-Quote", "Online-percentage",
                "オンライン率", "Tasa en línea", "معدل الاتصال")
L_DAY = Text("日期", "Date", "Date", "날짜", "Datum", "Datum", "日付", "Fecha", "التاريخ")
