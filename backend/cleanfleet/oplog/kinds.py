"""What counts as a user's change in the operation log, and how it reads (issue 29 item 11).

The log used to speak database ("login_failures delete, tokens#31 insert"), and a call that only reads (the map
list, which refreshes the server's copy of a robot's maps) was logged as a write. Decisions:

- **One place.** Every table is either a *record kind* of ``KINDS`` (a noun in the nine languages, and the
  column its name is read from) or *bookkeeping* in ``NOT_CHANGES`` (sessions' throttles, caches, counters and
  roll-ups, what robots report, outboxes, the storage layer's own records). ``tests/oplog/test_oplog.py`` fails
  on a table that is in neither, so a new domain decides once, here.
- **Only the caller's changes.** A row of a bookkeeping table never makes a log line. An update that only moved
  bookkeeping columns (``updated_at``, ``refreshed_at``, a user's interface language) is not a change. A reading
  call that refreshes data a robot owns writes inside ``core.audit.not_a_change`` (the map list does): nothing
  is noted.
- **The stored row is language-neutral**: ``changes`` holds ``[kind, action, id, name]`` per record (action
  ``created``, ``changed``, ``deleted``, or ``signed_in``/``signed_out`` for a session), and ``target`` the
  changed records' names (what the search by target matches). The description ("Elevator Tower lift:
  created", "电梯 Tower lift：新增") is rendered in the reader's language when the log is listed or exported.
- **Parts read as their whole.** A row that belongs to another record (a playlist's items, a user's roles, a
  role's keys) reads as a change of that record; when the record itself is in the same line, the part adds
  nothing. A record without a name reads by its id ("Repair #12").
- **Sessions.** A sign-in reads "Signed in" (the tokens row, never shown as one), a revoked session "Signed
  out"; deleting expired sessions is bookkeeping.
"""

from dataclasses import dataclass

from cleanfleet.core.audit import Change
from cleanfleet.core.texts import Text

CREATED, CHANGED, DELETED, SIGNED_IN, SIGNED_OUT = "created", "changed", "deleted", "signed_in", "signed_out"
ACTIONS = {"insert": CREATED, "update": CHANGED, "delete": DELETED}
# columns whose change alone is not a user's change, whatever the record
QUIET_COLUMNS = frozenset({"updated_at", "refreshed_at"})


@dataclass(frozen=True)
class Kind:
    key: str
    noun: Text
    names: tuple[str, ...] = ("account", "serial_number", "name")
    part: bool = False  # a row of another record (read as "that record changed", without a name)
    quiet: frozenset[str] = frozenset()  # this kind's columns whose change alone is not a change


def _t(*texts: str) -> Text:
    return Text(*texts)


ELEVATOR = Kind("elevator", _t("电梯", "Elevator", "Ascenseur", "엘리베이터", "Aufzug", "Lift", "エレベーター",
                                "Ascensor", "المصعد"))
ROBOT = Kind("robot", _t("机器人", "Robot", "Robot", "로봇", "Roboter", "Robot", "ロボット", "Robot", "الروبوت"))
ROBOT_TYPE = Kind("robot_type", _t("机器人类型", "Robot type", "Type de robot", "로봇 유형", "Robotertyp", "Robottype",
                                    "ロボットタイプ", "Tipo de robot", "نوع الروبوت"))
ROBOT_GROUP = Kind("robot_group", _t("设备分组", "Robot group", "Groupe de robots", "로봇 그룹", "Robotergruppe",
                                      "Robotgroep", "ロボットグループ", "Grupo de robots", "مجموعة الروبوتات"))
REGISTRATION = Kind("registration_code", _t(
    "注册码", "Registration code", "Code d'enregistrement", "등록 코드", "Registrierungscode", "Registratiecode",
    "登録コード", "Código de registro", "رمز التسجيل"), names=("code",))
BRAND = Kind("brand", _t("品牌", "Brand", "Marque", "브랜드", "Marke", "Merk", "ブランド", "Marca", "العلامة التجارية"),
             names=("product_name",))  # branding/
MAP = Kind("map", _t("地图", "Map", "Carte", "지도", "Karte", "Kaart", "マップ", "Mapa", "الخريطة"))
MAP_SYNC = Kind("map_sync", _t("地图同步", "Map sync", "Synchronisation de carte", "지도 동기화",
                                "Kartensynchronisierung", "Kaartsynchronisatie", "マップ同期", "Sincronización de mapa",
                                "مزامنة الخريطة"), names=("map_name",))
SCHEDULE = Kind("schedule", _t("定时任务", "Scheduled task", "Tâche planifiée", "예약 작업", "Geplante Aufgabe",
                                "Geplande taak", "定期タスク", "Tarea programada", "المهمة المجدولة"),
                names=("schedule_name",))
USER = Kind("user", _t("用户", "User", "Utilisateur", "사용자", "Benutzer", "Gebruiker", "ユーザー", "Usuario",
                        "المستخدم"), quiet=frozenset({"language"}))
USER_PART = Kind("user", USER.noun, part=True)
ROLE = Kind("role", _t("角色", "Role", "Rôle", "역할", "Rolle", "Rol", "ロール", "Rol", "الدور"))
ROLE_PART = Kind("role", ROLE.noun, part=True)
ROLE_GROUP = Kind("role_group", _t("角色组", "Role group", "Groupe de rôles", "역할 그룹", "Rollengruppe",
                                    "Rolgroep", "ロールグループ", "Grupo de roles", "مجموعة الأدوار"))
MEDIA = Kind("media", _t("广告素材", "Advertising media", "Média publicitaire", "광고 소재", "Werbemedium",
                          "Advertentiemedium", "広告素材", "Medio publicitario", "الوسائط الإعلانية"))
PLAYLIST = Kind("playlist", _t("播放列表", "Playlist", "Liste de lecture", "재생 목록", "Wiedergabeliste",
                                "Afspeellijst", "プレイリスト", "Lista de reproducción", "قائمة التشغيل"))
BATCH = Kind("batch", _t("生产批次", "Production batch", "Lot de production", "생산 배치", "Produktionscharge",
                          "Productiebatch", "生産ロット", "Lote de producción", "دفعة الإنتاج"))
CONSUMABLE = Kind("consumable", _t("耗材", "Consumable", "Consommable", "소모품", "Verbrauchsteil",
                                    "Verbruiksartikel", "消耗品", "Consumible", "المادة الاستهلاكية"))
REMINDER = Kind("maintenance_reminder", _t(
    "保养提醒", "Maintenance reminder", "Rappel d'entretien", "유지보수 알림", "Wartungserinnerung",
    "Onderhoudsherinnering", "メンテナンス通知", "Recordatorio de mantenimiento", "تذكير الصيانة"))
FILE = Kind("file", _t("文件", "File", "Fichier", "파일", "Datei", "Bestand", "ファイル", "Archivo", "الملف"))
HARDWARE = Kind("hardware", _t("硬件", "Hardware", "Matériel", "하드웨어", "Hardware", "Hardware", "ハードウェア",
                                "Hardware", "العتاد"))
HARDWARE_CATEGORY = Kind("hardware_category", _t(
    "硬件类别", "Hardware category", "Catégorie de matériel", "하드웨어 범주", "Hardwarekategorie",
    "Hardwarecategorie", "ハードウェアカテゴリ", "Categoría de hardware", "فئة العتاد"))
RENTAL = Kind("rental", _t("租赁", "Rental", "Location", "임대", "Vermietung", "Verhuur", "レンタル", "Alquiler",
                            "التأجير"), names=("customer_name",))
HOST = Kind("host", _t("主机", "Host", "Hôte", "호스트", "Host", "Host", "ホスト", "Host", "المضيف"))
WHOLE_VERSION = Kind("whole_version", _t(
    "整机版本", "Whole-machine version", "Version de la machine complète", "전체 기기 버전", "Gesamtmaschinenversion",
    "Versie van de hele machine", "本体全体バージョン", "Versión de la máquina completa", "إصدار الجهاز الكامل"))
CLOUD_VERSION = Kind("cloud_version", _t("云端版本", "Cloud version", "Version du cloud", "클라우드 버전",
                                          "Cloud-Version", "Cloudversie", "クラウドバージョン", "Versión de la nube",
                                          "إصدار السحابة"))
PARAMETER = Kind("parameter", _t("配置参数", "Configuration parameter", "Paramètre de configuration", "구성 매개변수",
                                  "Konfigurationsparameter", "Configuratieparameter", "設定パラメーター",
                                  "Parámetro de configuración", "معلمة الإعداد"), names=("key",))
REPAIR = Kind("repair", _t("维修记录", "Repair", "Réparation", "수리", "Reparatur", "Reparatie", "修理", "Reparación",
                            "الإصلاح"), names=())
TASK_REPORT = Kind("task_report", _t("任务报告", "Task report", "Rapport de tâche", "작업 보고서", "Aufgabenbericht",
                                      "Taakrapport", "タスクレポート", "Informe de tarea", "تقرير المهمة"),
                   names=("task_name",))
BACKUP = Kind("backup", _t("数据备份", "Data backup", "Sauvegarde de données", "데이터 백업", "Datensicherung",
                            "Gegevensback-up", "データバックアップ", "Copia de seguridad", "النسخة الاحتياطية"),
              names=("file_name",))
ROBOT_LOG = Kind("robot_log", _t("设备日志", "Robot log", "Journal du robot", "로봇 로그", "Roboterprotokoll",
                                  "Robotlogboek", "ロボットログ", "Registro del robot", "سجل الروبوت"),
                 names=("file_name",))
FIRMWARE = Kind("firmware", _t("固件", "Firmware", "Micrologiciel", "펌웨어", "Firmware", "Firmware",
                                "ファームウェア", "Firmware", "البرنامج الثابت"))
FIRMWARE_PART = Kind("firmware", FIRMWARE.noun, part=True)
ROLLOUT = Kind("rollout", _t("分批升级", "Rollout", "Déploiement", "단계적 배포", "Rollout", "Uitrol", "段階的配信",
                              "Despliegue", "طرح التحديث"))
SOFTWARE = Kind("software_version", _t("软件版本", "Software version", "Version logicielle", "소프트웨어 버전",
                                        "Softwareversion", "Softwareversie", "ソフトウェアバージョン",
                                        "Versión de software", "إصدار البرنامج"))
APP = Kind("app_version", _t("应用版本", "App version", "Version de l'application", "앱 버전", "App-Version",
                              "App-versie", "アプリバージョン", "Versión de la app", "إصدار التطبيق"))
ADVISORY = Kind("advisory", _t("安全公告", "Advisory", "Avis de sécurité", "보안 권고", "Sicherheitsmeldung",
                              "Beveiligingsadvies", "セキュリティアドバイザリ", "Aviso de seguridad", "النشرة الأمنية"))
ALARM = Kind("alarm", _t("告警", "Alarm", "Alarme", "알람", "Alarm", "Alarm", "アラーム", "Alarma", "الإنذار"),
             names=())
ALARM_SETTING = Kind("alarm_setting", _t("告警设置", "Alarm setting", "Réglage d'alarme", "알람 설정",
                                          "Alarmeinstellung", "Alarminstelling", "アラーム設定",
                                          "Configuración de alarma", "إعداد الإنذار"), names=("code",))
OBJECT = Kind("stored_object", _t("存储对象", "Stored object", "Objet stocké", "저장 객체", "Gespeichertes Objekt",
                                   "Opgeslagen object", "保存オブジェクト", "Objeto almacenado", "الكائن المخزن"))
SITE = Kind("site", _t("站点", "Site", "Site", "사이트", "Standort", "Locatie", "サイト", "Sitio", "الموقع"))
BUILDING = Kind("site_building", _t("楼栋", "Building", "Bâtiment", "건물", "Gebäude", "Gebouw", "建物", "Edificio",
                                    "المبنى"))
FLOOR = Kind("site_floor", _t("楼层", "Floor", "Étage", "층", "Stockwerk", "Verdieping", "フロア", "Planta", "الطابق"))
PLAN_ITEM = Kind("plan_item", _t("清洁计划项", "Plan item", "Élément de plan", "계획 항목", "Planeintrag", "Planitem",
                                  "計画項目", "Elemento del plan", "عنصر الخطة"), names=("area_name", "task_name"))
REPORT_SCHEDULE = Kind("site_report_schedule", _t(
    "站点报告发送计划", "Site report schedule", "Envoi du rapport de site", "사이트 보고서 발송 일정",
    "Versandplan des Standortberichts", "Verzendschema locatierapport", "サイトレポートの配信設定",
    "Envío programado del informe del sitio", "جدول إرسال تقرير الموقع"), names=())
INCIDENT = Kind("incident", _t("事件", "Incident", "Incident", "인시던트", "Vorfall", "Incident", "インシデント",
                                "Incidente", "الحادثة"), names=("key",))
INCIDENT_RULE = Kind("incident_rule", _t("事件规则", "Incident rule", "Règle d'incident", "인시던트 규칙",
                                          "Vorfallregel", "Incidentregel", "インシデントルール", "Regla de incidente",
                                          "قاعدة الحادثة"),
                     names=("code",))
DUTY = Kind("incident_duty", _t("值班", "On-duty person", "Personne de garde", "당번", "Bereitschaft", "Dienstdoende",
                                 "当番", "Persona de guardia", "المناوب"), names=())
SESSION = Kind("session", _t("会话", "Session", "Session", "세션", "Sitzung", "Sessie", "セッション", "Sesión",
                              "الجلسة"), names=())

API_TOKEN = Kind("api_token", _t("API 令牌", "API token", "Jeton d'API", "API 토큰", "API-Token", "API-token",
                                  "API トークン", "Token de API", "رمز API"), names=("name",),
                 quiet=frozenset({"last_used_at"}))

WEBHOOK = Kind("webhook", _t("Webhook 订阅", "Webhook", "Webhook", "웹훅", "Webhook", "Webhook", "Webhook",
                              "Webhook", "ويب هوك"), names=("name",),
               quiet=frozenset({"last_at", "last_code", "last_state", "failing_since"}))

WEAR_SETTING = Kind("wear_setting", _t("磨损预测提前期", "Wear forecast lead time", "Délai de prévision d'usure",
                                        "마모 예측 리드 타임", "Vorlaufzeit der Verschleißprognose",
                                        "Doorlooptijd slijtageprognose", "摩耗予測のリードタイム",
                                        "Antelación de la previsión de desgaste", "مهلة توقع التآكل"), names=())

# a person's second factors (factors/, issue 50): the app and the passkeys are what they changed; never a secret
AUTHENTICATOR = Kind("authenticator_app", _t("身份验证器应用", "Authenticator app", "Application d'authentification",
                                          "인증 앱", "Authenticator-App", "Authenticator-app", "認証アプリ",
                                          "Aplicación de autenticación", "تطبيق المصادقة"), names=(),
                     quiet=frozenset({"last_step"}))
PASSKEY = Kind("passkey", _t("通行密钥", "Passkey", "Clé d'accès", "패스키", "Passkey", "Passkey", "パスキー",
                             "Llave de acceso", "مفتاح المرور"), names=("name",),
               quiet=frozenset({"sign_count", "last_used_at"}))
FACTOR_POLICY = Kind("factor_policy", _t("两步验证策略", "Two-factor policy", "Règle de double authentification",
                                         "2단계 인증 정책", "Zwei-Faktor-Richtlinie", "Tweefactorbeleid",
                                         "2 要素認証ポリシー", "Política de dos factores", "سياسة العاملين"),
                     names=())

KINDS: dict[str, Kind] = {
    "elevators": ELEVATOR, "elevator_schedule_uses": SCHEDULE,
    "devices": ROBOT, "device_types": ROBOT_TYPE, "device_groups": ROBOT_GROUP,
    "device_group_members": Kind("robot_group", ROBOT_GROUP.noun, part=True),
    "device_auth_codes": REGISTRATION, "robot_maps": MAP, "map_syncs": MAP_SYNC,
    "users": USER, "user_roles": USER_PART, "user_role_groups": USER_PART,
    "roles": ROLE, "role_permissions": ROLE_PART, "role_groups": ROLE_GROUP,
    "role_group_roles": Kind("role_group", ROLE_GROUP.noun, part=True),
    "ad_media": MEDIA, "ad_playlists": PLAYLIST, "ad_playlist_items": Kind("playlist", PLAYLIST.noun, part=True),
    "ad_assignments": Kind("playlist", PLAYLIST.noun, part=True),
    "production_batches": BATCH, "batch_parts": Kind("batch", BATCH.noun, part=True),
    "consumables": CONSUMABLE, "maintenance_reminders": REMINDER, "file_records": FILE, "oss_objects": OBJECT,
    "device_hards": Kind("hardware", HARDWARE.noun, part=True),
    "device_hard_changes": Kind("hardware", HARDWARE.noun, part=True),
    "hard_supports": HARDWARE, "hard_categories": HARDWARE_CATEGORY,
    "hires": RENTAL, "hosts": HOST, "frp_port_grants": Kind("host", HOST.noun, part=True),
    "whole_versions": WHOLE_VERSION, "whole_version_devices": Kind("whole_version", WHOLE_VERSION.noun, part=True),
    "cloud_versions": CLOUD_VERSION, "config_parameters": PARAMETER,
    "repairs": REPAIR, "task_reports": TASK_REPORT, "data_backups": BACKUP, "device_logs": ROBOT_LOG,
    "version_firmwares": FIRMWARE, "version_publics": FIRMWARE_PART,
    "version_rollouts": ROLLOUT, "version_rollout_groups": Kind("rollout", ROLLOUT.noun, part=True),
    "version_softs": SOFTWARE, "version_soft_ranges": Kind("software_version", SOFTWARE.noun, part=True),
    "firmware_sboms": FIRMWARE_PART, "advisories": ADVISORY,
    "version_apps": APP, "alarms": ALARM, "alarm_settings": ALARM_SETTING,
    "alarm_setting_channels": Kind("alarm_setting", ALARM_SETTING.noun, part=True),
    "tokens": SESSION,
    "sites": SITE, "site_buildings": BUILDING, "site_floors": FLOOR, "site_plan_items": PLAN_ITEM,
    "site_floor_maps": Kind("site_floor", FLOOR.noun, part=True),
    "site_floor_elevators": Kind("site_floor", FLOOR.noun, part=True),
    "site_robots": Kind("site", SITE.noun, part=True),
    "incidents": INCIDENT, "incident_rules": INCIDENT_RULE, "incident_duties": DUTY,
    "incident_notes": Kind("incident", INCIDENT.noun, part=True),  # a note added to an incident (issue 53 item 5)
    "site_plan_by_hand": Kind("plan_by_hand", _t(  # a plan window marked cleaned by hand (issue 53 item 5)
        "人工清洁记录", "Cleaned by hand", "Nettoyage à la main", "수동 청소 기록", "Von Hand gereinigt",
        "Met de hand schoongemaakt", "手作業清掃の記録", "Limpieza a mano", "تنظيف يدوي"), names=()),
    "site_report_schedules": REPORT_SCHEDULE,
    "site_availability_targets": Kind("site_availability_target", _t(
        "站点可用性目标", "Site targets", "Objectifs du site", "사이트 목표", "Standortziele", "Locatiedoelen",
        "サイトの目標", "Objetivos del sitio", "أهداف الموقع"), names=()),
    "api_tokens": API_TOKEN,
    "robot_certificates": Kind("robot_certificate", _t(
        "机器人证书", "Robot certificate", "Certificat du robot", "로봇 인증서", "Roboterzertifikat",
        "Robotcertificaat", "ロボット証明書", "Certificado del robot", "شهادة الروبوت"), names=("robot_serial",),
        quiet=frozenset({"state"})),
    "webhook_subscriptions": WEBHOOK,
    "siem_destinations": Kind("siem_destination", _t(
        "SIEM 目标", "SIEM destination", "Destination SIEM", "SIEM 대상", "SIEM-Ziel", "SIEM-bestemming",
        "SIEM 送信先", "Destino SIEM", "وجهة SIEM"), names=("name",), quiet=frozenset({
            "cursor", "sent", "backlog", "failures", "retry_at", "last_sent_at", "last_error", "last_error_at"})),
    "sso_providers": Kind("sso_provider", _t(
        "身份提供方", "Identity provider", "Fournisseur d'identité", "ID 공급자", "Identitätsanbieter",
        "Identiteitsprovider", "ID プロバイダー", "Proveedor de identidad", "موفّر الهوية")),
    "sso_domains": Kind("sso_provider", _t(
        "身份提供方", "Identity provider", "Fournisseur d'identité", "ID 공급자", "Identitätsanbieter",
        "Identiteitsprovider", "ID プロバイダー", "Proveedor de identidad", "موفّر الهوية"), part=True),
    "sso_group_roles": Kind("sso_provider", _t(
        "身份提供方", "Identity provider", "Fournisseur d'identité", "ID 공급자", "Identitätsanbieter",
        "Identiteitsprovider", "ID プロバイダー", "Proveedor de identidad", "موفّر الهوية"), part=True),
    "wear_settings": WEAR_SETTING,
    "data_jobs": Kind("data_job", _t(  # a person's export or erasure, a customer's end (privacy/): by its id
        "数据任务", "Data job", "Tâche de données", "데이터 작업", "Datenauftrag", "Gegevenstaak", "データジョブ",
        "Tarea de datos", "مهمة بيانات"), names=()),
    "factor_totp": AUTHENTICATOR, "factor_passkeys": PASSKEY, "factor_policies": FACTOR_POLICY,
    "retention_settings": Kind("retention_setting", _t(  # a node's period of a kind of data (retention/)
        "数据保留期", "Data retention period", "Durée de conservation", "데이터 보관 기간", "Aufbewahrungsfrist",
        "Bewaartermijn", "データ保管期間", "Plazo de conservación", "مدة الاحتفاظ بالبيانات"), names=("kind",)),
    "brands": BRAND, "brand_hosts": Kind("brand", BRAND.noun, part=True),  # a node's brand, its host names
    "factor_recovery_codes": Kind("recovery_codes", _t(
        "恢复码", "Recovery codes", "Codes de secours", "복구 코드", "Wiederherstellungscodes", "Herstelcodes",
        "リカバリーコード", "Códigos de recuperación", "رموز الاسترداد"), part=True, quiet=frozenset({"used_at"})),
}

NOT_CHANGES = frozenset({
    "operation_logs",  # the log itself
    "audit_records",  # the audit trail (audit/): written beside the log by the same hook, never logged itself
    "audit_personal",  # a person's values the audit rows name (audit/personal.py), written with them
    "login_failures", "control_leases", "video_sessions", "device_password_views",  # sessions and their guards
    "push_subscriptions",  # a browser's push address, kept like a session (made and removed by signing in and out)
    "device_states", "device_online_days", "device_online_months",  # what robots report, and its counters
    "task_report_days", "task_report_months", "task_report_device_months", "task_report_owner_days",
    "task_report_owner_months", "report_digests",  # report roll-ups and the weekly mail's marker
    "alarm_days", "alarm_weeks", "alarm_name_days", "notification_sends",  # alarm counters, the outbox
    "version_device_updates",  # a robot's progress through an update
    "version_tuf_metadata",  # signed update metadata: the publisher's (logged with its firmware), the re-signing
    "messages",  # the message centre's rows (written unasked; reading one marks it read)
    "site_plan_alerts",  # the plan watch's record of the windows it judged (a missed or short one told once)
    "site_report_sends",  # the report mailer's claim of a site's period (mailed once)
    "site_coverage_days",  # where the robots cleaned, per robot, map and day (robots' data, added at ingest)
    "site_actual_days",  # plan against actual per closed site day (a cache, recomputed when stale)
    "site_robot_offline",  # when a site's robot was offline (robots' data: the availability figures)
    "site_availability_days", "site_downtime_changes",  # availability kept per robot and day, what makes it stale
    "site_figure_changes",  # what makes a site's remembered month stale (sites/availability/month.py)
    "incident_sends", "incident_alarms", "incident_links",  # an incident's outbox, its alarms, its mailed links
    "incident_months",  # the incidents' month counts (the chart and figures)
    "webhook_deliveries",  # the webhooks' deliveries (a replay is a new attempt)
    "sso_identities", "sso_flows", "sso_sessions",  # single sign-on's subjects, sign-ins under way, sessions
    "outbox_sends", "outbox_attempts",  # the one outbox's sends and every attempt (core/outbox.py)
    "sign_in_events", "sign_in_browsers",  # the audit's sign-in events, the browsers a person signed in from
    "broker_passwords",  # robots' broker passwords waiting for the broker (gateway/brokerauth: an outbox)
    "wear_forecasts", "wear_notices", "wear_versions",  # the wear scan's forecasts, its notices told, their version
    "robot_health",  # the health scan's grade per robot (recomputed every round)
    "device_subtree_counts",  # devices under each user, kept by the database's triggers (the device list's totals)
    "stored_files",  # the storage layer's bytes; the record that uses them is what is logged
    "permissions", "demo_markers",  # the catalogue and the first start's seeding
    "factor_tickets", "factor_challenges", "factor_admin_grace",  # a sign-in's second step and its guards
    "retention_runs", "audit_checkpoints", "storage_forgotten",  # the purge job's record, a chain's start, bytes due
    "field_actions",  # a phone's queued action applied once, by its id (fieldkit/: the change itself is logged)
})

NAMED = Text("{kind} {name}：{action}", "{kind} {name}: {action}", "{kind} {name} : {action}",
             "{kind} {name}: {action}", "{kind} {name}: {action}", "{kind} {name}: {action}",
             "{kind} {name}：{action}", "{kind} {name}: {action}", "{kind} {name}: {action}")
UNNAMED = Text("{kind}：{action}", "{kind}: {action}", "{kind} : {action}", "{kind}: {action}", "{kind}: {action}",
               "{kind}: {action}", "{kind}：{action}", "{kind}: {action}", "{kind}: {action}")
ACTION_TEXTS = {
    CREATED: _t("新增", "created", "création", "생성", "angelegt", "aangemaakt", "作成", "creación", "إنشاء"),
    CHANGED: _t("修改", "changed", "modification", "변경", "geändert", "gewijzigd", "変更", "modificación", "تعديل"),
    DELETED: _t("删除", "deleted", "suppression", "삭제", "gelöscht", "verwijderd", "削除", "eliminación", "حذف"),
}
SESSION_TEXTS = {
    SIGNED_IN: _t("登录", "Signed in", "Connexion", "로그인", "Angemeldet", "Aangemeld", "サインイン",
                  "Inicio de sesión", "تسجيل الدخول"),
    SIGNED_OUT: _t("退出登录", "Signed out", "Déconnexion", "로그아웃", "Abgemeldet", "Afgemeld", "サインアウト",
                   "Cierre de sesión", "تسجيل الخروج"),
}
SEPARATOR = {"zh-CN": "；", "ja": "、"}


def _session_action(change: Change) -> str | None:
    if change.action == "insert":
        return SIGNED_IN
    if change.action == "update" and change.changed is not None and "revoked_at" in change.changed:
        return SIGNED_OUT
    return None  # expired sessions cleared, a session's bookkeeping


def _name(kind: Kind, change: Change) -> str:
    if kind.part:
        return ""
    for column in kind.names:
        if change.values.get(column):
            return change.values[column][:128]
    return f"#{change.key}" if change.key else ""


def user_changes(changes: list[Change]) -> list[list[str]]:
    """The caller's changes among what a transaction wrote: ``[kind, action, id, name]`` each, in order,
    merged per record (created then changed reads created; anything then deleted reads deleted)."""
    found: dict[tuple[str, str, str], list[str]] = {}
    for change in changes:
        kind = KINDS.get(change.table)
        if kind is None:
            continue
        if kind is SESSION:
            action = _session_action(change)
            if action is not None:
                found.setdefault((kind.key, action, ""), [kind.key, action, "", ""])
            continue
        if change.action == "update" and change.changed is not None \
                and change.changed <= QUIET_COLUMNS | kind.quiet:
            continue
        action = CHANGED if kind.part else ACTIONS[change.action]
        record = "" if kind.part or change.key is None else change.key
        name = _name(kind, change)
        ident = (kind.key, record, name if not record else "")
        earlier = found.get(ident)
        if earlier is None:
            found[ident] = [kind.key, action, record, name]
        elif action == DELETED:
            earlier[1] = DELETED
    entries = list(found.values())
    named_kinds = {entry[0] for entry in entries if entry[2] or entry[3]}
    return [e for e in entries if e[2] or e[3] or e[0] not in named_kinds or e[0] == SESSION.key]


def describe(entries: list[list[str]], language: str) -> str:
    """The row's changes in ``language``: "Elevator Tower lift: created"; several separated by "; "."""
    nouns = {kind.key: kind.noun for kind in KINDS.values()}
    parts = []
    for kind_key, action, _record, name in entries:
        if action in SESSION_TEXTS:
            parts.append(SESSION_TEXTS[action].render(language))
            continue
        noun = nouns.get(kind_key)
        kind = noun.render(language) if noun is not None else kind_key
        shown = ACTION_TEXTS[action].render(language) if action in ACTION_TEXTS else action
        text = NAMED if name else UNNAMED
        parts.append(text.render(language, {"kind": kind, "name": name, "action": shown}))
    return SEPARATOR.get(language, "; ").join(parts)
