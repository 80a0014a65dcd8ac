"""The customer end's receipt as a PDF (receipt_pdf.py): its words in the nine languages (zh-CN, en, fr, ko, de, nl, ja,
es, ar), the same the console's receipt uses where it has them (web/src/features/user/locales, ``user.end``)."""

from cleanfleet.core.texts import Text

TITLE = Text("客户结束回执", "Customer end receipt", "Reçu de clôture du client", "고객 종료 영수증",
             "Beleg zur Kundenbeendigung", "Ontvangstbewijs klantbeëindiging", "顧客終了の受領書",
             "Comprobante de baja del cliente", "إيصال إنهاء العميل")
CUSTOMER = Text("客户", "Customer", "Client", "고객", "Kunde", "Klant", "顧客", "Cliente", "العميل")
DEALER = Text("经销商", "Dealer", "Revendeur", "대리점", "Händler", "Dealer", "販売店", "Distribuidor", "الموزّع")
ENDED_BY = Text("操作人", "Ended by", "Clôturé par", "실행자", "Beendet von", "Beëindigd door", "実行者",
                "Dado de baja por", "أنهاه")
STARTED = Text("开始时间", "Started", "Commencé", "시작", "Begonnen", "Gestart", "開始", "Iniciado", "البدء")
FINISHED = Text("完成时间", "Finished", "Terminé", "완료", "Abgeschlossen", "Voltooid", "完了", "Finalizado",
                "الانتهاء")
JOB = Text("任务编号", "Job", "Tâche", "작업", "Auftrag", "Taak", "ジョブ", "Trabajo", "المهمة")
ROBOTS = Text("客户的机器人", "The customer's robots", "Les robots du client", "고객의 로봇", "Die Roboter des Kunden",
              "De robots van de klant", "顧客のロボット", "Los robots del cliente", "روبوتات العميل")
HANDOVER = Text("移交给经销商 {dealer}（不含客户的历史数据）",
                "Handed over to the dealer {dealer}, without the customer's history",
                "Remis au revendeur {dealer}, sans l'historique du client",
                "대리점 {dealer}에 인계(고객의 이력 제외)",
                "An den Händler {dealer} übergeben, ohne die Geschichte des Kunden",
                "Overgedragen aan de dealer {dealer}, zonder de geschiedenis van de klant",
                "販売店 {dealer} に引き渡し（顧客の履歴は除く）",
                "Entregados al distribuidor {dealer}, sin el historial del cliente",
                "سُلِّمت إلى الموزّع {dealer} دون سجل العميل")
REMOVE = Text("机器人的记录也已删除", "Their records removed too", "Leurs enregistrements supprimés aussi",
              "로봇의 기록도 삭제됨", "Ihre Datensätze ebenfalls entfernt", "Ook hun gegevens verwijderd",
              "ロボットの記録も削除", "También se eliminaron sus registros", "حُذفت سجلاتها أيضاً")
REMOVED = Text("已删除", "Removed", "Supprimé", "삭제됨", "Entfernt", "Verwijderd", "削除済み", "Eliminado", "المحذوف")
KIND = Text("类别", "Kind", "Type", "종류", "Art", "Soort", "種類", "Tipo", "النوع")
TABLE = Text("数据表", "Table", "Table", "테이블", "Tabelle", "Tabel", "テーブル", "Tabla", "الجدول")
COUNT = Text("数量", "Count", "Nombre", "개수", "Anzahl", "Aantal", "件数", "Cantidad", "العدد")
HANDED_OVER = Text("已移交的机器人", "Robots handed over", "Robots remis", "인계된 로봇", "Übergebene Roboter",
                   "Overgedragen robots", "引き渡したロボット", "Robots entregados", "الروبوتات المسلَّمة")
NONE = Text("无", "None", "Aucun", "없음", "Keine", "Geen", "なし", "Ninguno", "لا شيء")
AUDIT_ROWS = Text("已匿名化的审计记录", "Audit entries pseudonymised", "Entrées d'audit pseudonymisées",
                  "가명 처리된 감사 기록", "Pseudonymisierte Audit-Einträge", "Gepseudonimiseerde auditregels",
                  "仮名化した監査記録", "Entradas de auditoría seudonimizadas", "سجلات التدقيق المُخفاة الهوية")
DIGEST = Text("回执 JSON 的 SHA-256（键排序、无空格）", "SHA-256 of the receipt's JSON (keys sorted, no spaces)",
              "SHA-256 du JSON du reçu (clés triées, sans espaces)", "영수증 JSON의 SHA-256(키 정렬, 공백 없음)",
              "SHA-256 des Beleg-JSON (Schlüssel sortiert, ohne Leerzeichen)",
              "SHA-256 van de JSON van het bewijs (sleutels gesorteerd, zonder spaties)",
              "受領書 JSON の SHA-256（キーを整列、空白なし）",
              "SHA-256 del JSON del comprobante (claves ordenadas, sin espacios)",
              "SHA-256 لملف JSON للإيصال (المفاتيح مرتبة، دون مسافات)")
GENERATED = Text("生成于 {at}", "Generated {at}", "Généré le {at}", "생성: {at}", "Erstellt am {at}",
                 "Gemaakt op {at}", "作成日時 {at}", "Generado el {at}", "أُنشئ في {at}")
# the counts' rows (EndCounts), in this order
KINDS: dict[str, Text] = {
    "people": Text("人员", "People", "Personnes", "사람", "Personen", "Personen", "ユーザー", "Personas", "الأشخاص"),
    "robots": Text("机器人的记录", "Robots' records", "Enregistrements des robots", "로봇의 기록", "Roboterdatensätze",
                   "Robotgegevens", "ロボットの記録", "Registros de robots", "سجلات الروبوتات"),
    "robotsHandedOver": Text("移交给经销商的机器人", "Robots handed over to the dealer", "Robots remis au revendeur",
                             "대리점에 인계된 로봇", "An den Händler übergebene Roboter",
                             "Aan de dealer overgedragen robots", "販売店に引き渡したロボット",
                             "Robots entregados al distribuidor", "الروبوتات المسلَّمة إلى الموزّع"),
    "maps": Text("地图", "Maps", "Cartes", "지도", "Karten", "Kaarten", "マップ", "Mapas", "الخرائط"),
    "reports": Text("报告", "Reports", "Rapports", "보고서", "Berichte", "Rapporten", "レポート", "Informes",
                    "التقارير"),
    "alarms": Text("告警", "Alarms", "Alarmes", "알람", "Alarme", "Alarmen", "アラーム", "Alarmas", "الإنذارات"),
    "incidents": Text("事件", "Incidents", "Incidents", "인시던트", "Vorfälle", "Incidenten", "インシデント",
                      "Incidentes", "الحوادث"),
    "sites": Text("场地", "Sites", "Sites", "사이트", "Standorte", "Locaties", "サイト", "Sitios", "المواقع"),
    "logs": Text("机器人日志", "Robot logs", "Journaux des robots", "로봇 로그", "Roboterprotokolle", "Robotlogboeken",
                 "ロボットのログ", "Registros de robots (logs)", "سجلات تشغيل الروبوتات"),
    "backups": Text("备份", "Backups", "Sauvegardes", "백업", "Sicherungen", "Back-ups", "バックアップ", "Copias",
                    "النسخ الاحتياطية"),
    "files": Text("文件（对象存储中的键）", "Files (object storage keys)", "Fichiers (clés du stockage objet)",
                  "파일(객체 저장소 키)", "Dateien (Schlüssel im Objektspeicher)",
                  "Bestanden (sleutels in de objectopslag)",
                  "ファイル（オブジェクトストレージのキー）", "Archivos (claves del almacenamiento de objetos)",
                  "الملفات (مفاتيح تخزين الكائنات)"),
    "bytes": Text("文件大小", "Size of the files", "Taille des fichiers", "파일 크기", "Größe der Dateien",
                  "Grootte van de bestanden", "ファイルのサイズ", "Tamaño de los archivos", "حجم الملفات"),
    "records": Text("记录总数", "Records in all", "Enregistrements au total", "전체 기록", "Datensätze insgesamt",
                    "Gegevens in totaal", "記録の合計", "Registros en total", "إجمالي السجلات"),
}
