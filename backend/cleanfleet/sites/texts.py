"""The sites' texts in the nine languages (zh-CN, en, fr, ko, de, nl, ja, es, ar): the refusals of /site/*, the
reasons a planned run reads as it does, and the messages a missed or short window sends the site's customer."""

from cleanfleet.core.texts import Text, register

# --- refusals -----------------------------------------------------------------------------------------------------

SITE_NOT_FOUND = Text(
    "站点 {siteId} 不存在", "Site {siteId} does not exist", "Le site {siteId} n'existe pas",
    "사이트 {siteId}이(가) 없습니다", "Standort {siteId} existiert nicht", "Locatie {siteId} bestaat niet",
    "サイト {siteId} は存在しません", "El sitio {siteId} no existe", "الموقع {siteId} غير موجود")
BUILDING_NOT_FOUND = Text(
    "楼栋 {buildingId} 不存在", "Building {buildingId} does not exist", "Le bâtiment {buildingId} n'existe pas",
    "건물 {buildingId}이(가) 없습니다", "Gebäude {buildingId} existiert nicht", "Gebouw {buildingId} bestaat niet",
    "建物 {buildingId} は存在しません", "El edificio {buildingId} no existe", "المبنى {buildingId} غير موجود")
FLOOR_NOT_FOUND = Text(
    "楼层 {floorId} 不存在", "Floor {floorId} does not exist", "L'étage {floorId} n'existe pas",
    "층 {floorId}이(가) 없습니다", "Stockwerk {floorId} existiert nicht", "Verdieping {floorId} bestaat niet",
    "フロア {floorId} は存在しません", "La planta {floorId} no existe", "الطابق {floorId} غير موجود")
PLAN_NOT_FOUND = Text(
    "计划项 {planItemId} 不存在", "Plan item {planItemId} does not exist",
    "L'élément de plan {planItemId} n'existe pas", "계획 항목 {planItemId}이(가) 없습니다",
    "Planeintrag {planItemId} existiert nicht", "Planitem {planItemId} bestaat niet",
    "計画項目 {planItemId} は存在しません", "El elemento del plan {planItemId} no existe",
    "عنصر الخطة {planItemId} غير موجود")
ROBOT_MAP_NOT_FOUND = Text(
    "机器人 {deviceId} 没有名为 {mapName} 的地图", "Robot {deviceId} has no map named {mapName}",
    "Le robot {deviceId} n'a pas de carte nommée {mapName}", "로봇 {deviceId}에 {mapName} 이름의 지도가 없습니다",
    "Roboter {deviceId} hat keine Karte namens {mapName}", "Robot {deviceId} heeft geen kaart met de naam {mapName}",
    "ロボット {deviceId} には {mapName} という名前の地図がありません",
    "El robot {deviceId} no tiene ningún mapa llamado {mapName}", "لا يملك الروبوت {deviceId} خريطة باسم {mapName}")
SITE_NAME_TAKEN = Text(
    "该客户已有名为 {name} 的站点", "This customer already has a site named {name}",
    "Ce client a déjà un site nommé {name}", "이 고객에게 이미 {name} 이름의 사이트가 있습니다",
    "Dieser Kunde hat bereits einen Standort namens {name}", "Deze klant heeft al een locatie met de naam {name}",
    "この顧客には既に {name} という名前のサイトがあります", "Este cliente ya tiene un sitio llamado {name}",
    "لدى هذا العميل موقع باسم {name} بالفعل")
BUILDING_NAME_TAKEN = Text(
    "该站点已有名为 {name} 的楼栋", "This site already has a building named {name}",
    "Ce site a déjà un bâtiment nommé {name}", "이 사이트에 이미 {name} 이름의 건물이 있습니다",
    "Dieser Standort hat bereits ein Gebäude namens {name}", "Deze locatie heeft al een gebouw met de naam {name}",
    "このサイトには既に {name} という名前の建物があります", "Este sitio ya tiene un edificio llamado {name}",
    "يحتوي هذا الموقع على مبنى باسم {name} بالفعل")
FLOOR_NAME_TAKEN = Text(
    "该楼栋已有名为 {name} 的楼层", "This building already has a floor named {name}",
    "Ce bâtiment a déjà un étage nommé {name}", "이 건물에 이미 {name} 이름의 층이 있습니다",
    "Dieses Gebäude hat bereits ein Stockwerk namens {name}", "Dit gebouw heeft al een verdieping met de naam {name}",
    "この建物には既に {name} という名前のフロアがあります", "Este edificio ya tiene una planta llamada {name}",
    "يحتوي هذا المبنى على طابق باسم {name} بالفعل")
UNKNOWN_ZONE = Text(
    "{zone} 不是已知的时区（请使用 IANA 名称，如 Asia/Shanghai）",
    "{zone} is not a known time zone (use an IANA name such as Europe/Paris)",
    "{zone} n'est pas un fuseau horaire connu (utilisez un nom IANA comme Europe/Paris)",
    "{zone}은(는) 알 수 없는 시간대입니다(Asia/Seoul 같은 IANA 이름을 사용하세요)",
    "{zone} ist keine bekannte Zeitzone (verwenden Sie einen IANA-Namen wie Europe/Berlin)",
    "{zone} is geen bekende tijdzone (gebruik een IANA-naam zoals Europe/Amsterdam)",
    "{zone} は既知のタイムゾーンではありません（Asia/Tokyo のような IANA 名を使ってください）",
    "{zone} no es una zona horaria conocida (use un nombre IANA como Europe/Madrid)",
    "{zone} ليست منطقة زمنية معروفة (استخدم اسم IANA مثل Asia/Dubai)")
BAD_CLOCK = Text(
    "请按 HH:MM 填写一天中的时间（00:00 至 24:00）", "Write a time of day as HH:MM (00:00 to 24:00)",
    "Indiquez une heure sous la forme HH:MM (00:00 à 24:00)", "시각은 HH:MM 형식으로 입력하세요(00:00~24:00)",
    "Geben Sie eine Uhrzeit als HH:MM an (00:00 bis 24:00)", "Schrijf een tijdstip als HH:MM (00:00 tot 24:00)",
    "時刻は HH:MM の形式で入力してください（00:00～24:00）",
    "Escriba una hora del día como HH:MM (de 00:00 a 24:00)", "اكتب الوقت بالصيغة HH:MM (من 00:00 إلى 24:00)")
WINDOW_ORDER = Text(
    "时间窗必须在开始之后结束（{start} – {end}），且不能跨过午夜",
    "The window must end after it starts ({start} – {end}) and cannot run past midnight",
    "La plage doit finir après son début ({start} – {end}) et ne peut pas dépasser minuit",
    "시간대는 시작 후에 끝나야 하며({start} – {end}) 자정을 넘길 수 없습니다",
    "Das Zeitfenster muss nach seinem Beginn enden ({start} – {end}) und darf nicht über Mitternacht gehen",
    "Het tijdvenster moet na het begin eindigen ({start} – {end}) en mag niet over middernacht lopen",
    "時間枠は開始より後に終わる必要があり（{start} – {end}）、深夜 0 時をまたげません",
    "La franja debe terminar después de empezar ({start} – {end}) y no puede pasar de medianoche",
    "يجب أن تنتهي الفترة بعد بدايتها ({start} – {end}) ولا يمكن أن تتجاوز منتصف الليل")
VALID_ORDER = Text(
    "最后一天 {last} 早于第一天 {first}", "The last day {last} is before the first day {first}",
    "Le dernier jour {last} précède le premier jour {first}", "마지막 날 {last}이(가) 첫날 {first}보다 앞섭니다",
    "Der letzte Tag {last} liegt vor dem ersten Tag {first}", "De laatste dag {last} ligt voor de eerste dag {first}",
    "最終日 {last} が初日 {first} より前です", "El último día {last} es anterior al primer día {first}",
    "اليوم الأخير {last} يسبق اليوم الأول {first}")
LISTED_TWICE = Text(
    "{value} 重复列出", "{value} is listed twice", "{value} figure deux fois", "{value}이(가) 두 번 나열되었습니다",
    "{value} ist doppelt aufgeführt", "{value} staat er twee keer in", "{value} が重複しています",
    "{value} aparece dos veces", "{value} مدرج مرتين")
ROBOT_OUTSIDE_CUSTOMER = Text(
    "机器人 {robot} 不属于站点客户 {customer} 及其下级用户",
    "Robot {robot} belongs neither to the site's customer {customer} nor to a user below it",
    "Le robot {robot} n'appartient ni au client du site {customer} ni à un utilisateur en dessous",
    "로봇 {robot}은(는) 사이트 고객 {customer} 또는 그 하위 사용자의 것이 아닙니다",
    "Roboter {robot} gehört weder dem Kunden des Standorts {customer} noch einem Benutzer darunter",
    "Robot {robot} is niet van de klant van de locatie {customer} of van een gebruiker daaronder",
    "ロボット {robot} はサイトの顧客 {customer} にもその配下のユーザーにも属していません",
    "El robot {robot} no pertenece al cliente del sitio {customer} ni a un usuario por debajo",
    "الروبوت {robot} لا يخص عميل الموقع {customer} ولا مستخدمًا تابعًا له")
MAP_NOT_ON_ROBOT = Text(
    "机器人 {robot} 没有名为 {map} 的地图", "Robot {robot} has no map named {map}",
    "Le robot {robot} n'a pas de carte nommée {map}", "로봇 {robot}에 {map} 이름의 지도가 없습니다",
    "Roboter {robot} hat keine Karte namens {map}", "Robot {robot} heeft geen kaart met de naam {map}",
    "ロボット {robot} には {map} という名前のマップがありません", "El robot {robot} no tiene ningún mapa llamado {map}",
    "لا يملك الروبوت {robot} خريطة باسم {map}")
MAP_ON_OTHER_FLOOR = Text(
    "机器人 {robot} 的地图 {map} 已关联到楼层 {floor}", "Map {map} of robot {robot} is already tied to floor {floor}",
    "La carte {map} du robot {robot} est déjà liée à l'étage {floor}",
    "로봇 {robot}의 지도 {map}은(는) 이미 층 {floor}에 연결되어 있습니다",
    "Karte {map} von Roboter {robot} ist bereits dem Stockwerk {floor} zugeordnet",
    "Kaart {map} van robot {robot} is al gekoppeld aan verdieping {floor}",
    "ロボット {robot} のマップ {map} は既にフロア {floor} に紐付いています",
    "El mapa {map} del robot {robot} ya está vinculado a la planta {floor}",
    "الخريطة {map} للروبوت {robot} مرتبطة بالفعل بالطابق {floor}")
ELEVATOR_OTHER_BRANCH = Text(
    "电梯 {elevator} 属于站点客户之外的分支", "Elevator {elevator} belongs to another branch than the site's customer",
    "L'ascenseur {elevator} appartient à une autre branche que le client du site",
    "엘리베이터 {elevator}은(는) 사이트 고객과 다른 분기에 속합니다",
    "Aufzug {elevator} gehört zu einem anderen Zweig als der Kunde des Standorts",
    "Lift {elevator} hoort bij een andere tak dan de klant van de locatie",
    "エレベーター {elevator} はサイトの顧客とは別の系列に属しています",
    "El ascensor {elevator} pertenece a otra rama que el cliente del sitio",
    "المصعد {elevator} يتبع فرعًا غير فرع عميل الموقع")
TOO_MANY_BUILDINGS = Text(
    "一个站点最多 {max} 栋楼", "A site holds at most {max} buildings", "Un site compte au plus {max} bâtiments",
    "사이트 하나에는 건물을 최대 {max}개까지 둘 수 있습니다", "Ein Standort hat höchstens {max} Gebäude",
    "Een locatie heeft hoogstens {max} gebouwen", "1 つのサイトの建物は最大 {max} 棟です",
    "Un sitio tiene como máximo {max} edificios", "يضم الموقع {max} مبنى على الأكثر")
TOO_MANY_FLOORS = Text(
    "一栋楼最多 {max} 个楼层", "A building holds at most {max} floors", "Un bâtiment compte au plus {max} étages",
    "건물 하나에는 층을 최대 {max}개까지 둘 수 있습니다", "Ein Gebäude hat höchstens {max} Stockwerke",
    "Een gebouw heeft hoogstens {max} verdiepingen", "1 つの建物のフロアは最大 {max} です",
    "Un edificio tiene como máximo {max} plantas", "يضم المبنى {max} طابقًا على الأكثر")
TOO_MANY_PLAN_ITEMS = Text(
    "一个站点最多 {max} 个计划项", "A site holds at most {max} plan items",
    "Un site compte au plus {max} éléments de plan", "사이트 하나에는 계획 항목을 최대 {max}개까지 둘 수 있습니다",
    "Ein Standort hat höchstens {max} Planeinträge", "Een locatie heeft hoogstens {max} planitems",
    "1 つのサイトの計画項目は最大 {max} 件です", "Un sitio tiene como máximo {max} elementos de plan",
    "يضم الموقع {max} عنصر خطة على الأكثر")
TOO_MANY_ROBOTS = Text(
    "一个站点最多 {max} 台机器人", "A site holds at most {max} robots", "Un site compte au plus {max} robots",
    "사이트 하나에는 로봇을 최대 {max}대까지 둘 수 있습니다", "Ein Standort hat höchstens {max} Roboter",
    "Een locatie heeft hoogstens {max} robots", "1 つのサイトのロボットは最大 {max} 台です",
    "Un sitio tiene como máximo {max} robots", "يضم الموقع {max} روبوت على الأكثر")
FLOOR_HAS_PLANS = Text(
    "楼层 {floor} 还有 {count} 个计划项，请先删除它们", "Floor {floor} still has {count} plan items: delete them first",
    "L'étage {floor} a encore {count} éléments de plan : supprimez-les d'abord",
    "층 {floor}에 아직 계획 항목 {count}개가 있습니다. 먼저 삭제하세요",
    "Stockwerk {floor} hat noch {count} Planeinträge: löschen Sie diese zuerst",
    "Verdieping {floor} heeft nog {count} planitems: verwijder die eerst",
    "フロア {floor} にはまだ計画項目が {count} 件あります。先に削除してください",
    "La planta {floor} aún tiene {count} elementos de plan: elimínelos primero",
    "لا يزال في الطابق {floor} {count} من عناصر الخطة: احذفها أولًا")
HISTORY_TARGET = Text(
    "请选择站点或机器人", "Choose a site or a robot", "Choisissez un site ou un robot", "사이트나 로봇을 선택하세요",
    "Wählen Sie einen Standort oder einen Roboter", "Kies een locatie of een robot",
    "サイトかロボットを選んでください", "Elija un sitio o un robot", "اختر موقعًا أو روبوتًا")
ASSIGN_RACE = Text(
    "机器人 {robot} 刚被同时分配到别处，请重试",
    "Robot {robot} was just assigned elsewhere at the same time: try again",
    "Le robot {robot} vient d'être affecté ailleurs au même moment : réessayez",
    "로봇 {robot}이(가) 방금 동시에 다른 곳에 배정되었습니다. 다시 시도하세요",
    "Roboter {robot} wurde gerade gleichzeitig anderswo zugeordnet: versuchen Sie es erneut",
    "Robot {robot} is zojuist tegelijk ergens anders toegewezen: probeer het opnieuw",
    "ロボット {robot} は同時に別の場所へ割り当てられました。もう一度お試しください",
    "El robot {robot} acaba de asignarse a otro sitio al mismo tiempo: inténtelo de nuevo",
    "تم تعيين الروبوت {robot} في مكان آخر في الوقت نفسه: حاول مرة أخرى")

# --- why a planned run reads as it does (plan against actual) -------------------------------------------------------

RESULT_CANCELLED = Text(
    "运行被取消", "The run was cancelled", "L'exécution a été annulée", "실행이 취소되었습니다",
    "Der Lauf wurde abgebrochen", "De run is geannuleerd", "実行はキャンセルされました", "La ejecución se canceló",
    "أُلغي التشغيل")
RESULT_FORCED = Text(
    "运行被强制结束", "The run was ended by force", "L'exécution a été arrêtée de force", "실행이 강제 종료되었습니다",
    "Der Lauf wurde zwangsweise beendet", "De run is geforceerd beëindigd", "実行は強制終了されました",
    "La ejecución se finalizó a la fuerza", "أُنهي التشغيل قسرًا")
RESULT_ABORTED = Text(
    "运行因故障中止", "The run was aborted by a fault", "L'exécution a été interrompue par une panne",
    "실행이 오류로 중단되었습니다", "Der Lauf wurde wegen eines Fehlers abgebrochen",
    "De run is afgebroken door een storing", "実行は異常により中断されました",
    "La ejecución se interrumpió por un fallo", "توقف التشغيل بسبب عطل")
# a run's reason in the robot's own words (issue 48 item 7): quoted as the robot's, once, never as one of ours
ROBOT_SAID = Text(
    "机器人的原话：“{words}”", "The robot's own words: “{words}”", "Les mots du robot : « {words} »",
    "로봇이 보낸 문구: \"{words}\"", "Wortlaut des Roboters: „{words}“", "De eigen woorden van de robot: ‘{words}’",
    "ロボットの原文：「{words}」", "Palabras del robot: «{words}»", "كلمات الروبوت: «{words}»")
RESULT_OTHER = Text(
    "运行未完成（{result}）", "The run did not finish ({result})", "L'exécution ne s'est pas terminée ({result})",
    "실행이 완료되지 않았습니다({result})", "Der Lauf wurde nicht beendet ({result})",
    "De run is niet voltooid ({result})", "実行は完了しませんでした（{result}）",
    "La ejecución no terminó ({result})", "لم يكتمل التشغيل ({result})")
UNDER_AREA = Text(
    "清洁面积 {cleaned} m²，低于目标 {target} m²", "Cleaned {cleaned} m², under the target of {target} m²",
    "{cleaned} m² nettoyés, sous l'objectif de {target} m²", "청소 면적 {cleaned} m²로 목표 {target} m²에 못 미칩니다",
    "{cleaned} m² gereinigt, unter dem Ziel von {target} m²", "{cleaned} m² gereinigd, onder het doel van {target} m²",
    "清掃面積 {cleaned} m² で、目標の {target} m² を下回りました",
    "Se limpiaron {cleaned} m², por debajo del objetivo de {target} m²",
    "نُظف {cleaned} م² وهو أقل من الهدف {target} م²")
UNDER_COVERAGE = Text(
    "覆盖率 {coverage}%，低于目标 {target}%", "Coverage {coverage}%, under the target of {target}%",
    "Couverture de {coverage} %, sous l'objectif de {target} %", "커버리지 {coverage}%로 목표 {target}%에 못 미칩니다",
    "Abdeckung {coverage} %, unter dem Ziel von {target} %", "Dekking {coverage}%, onder het doel van {target}%",
    "カバー率 {coverage}% で、目標の {target}% を下回りました",
    "Cobertura del {coverage} %, por debajo del objetivo del {target} %",
    "التغطية {coverage}% وهي أقل من الهدف {target}%")
STARTED_LATE = Text(
    "运行在时间窗结束后于 {time} 开始", "The run started at {time}, after the window",
    "L'exécution a commencé à {time}, après la plage", "실행이 시간대가 끝난 뒤 {time}에 시작되었습니다",
    "Der Lauf begann um {time}, nach dem Zeitfenster", "De run begon om {time}, na het tijdvenster",
    "実行は時間枠の後の {time} に開始しました", "La ejecución empezó a las {time}, después de la franja",
    "بدأ التشغيل في {time} بعد انتهاء الفترة")
ENDED_LATE = Text(
    "运行于 {time} 结束，晚于时间窗", "The run ended at {time}, after the window",
    "L'exécution s'est terminée à {time}, après la plage", "실행이 시간대가 끝난 뒤 {time}에 끝났습니다",
    "Der Lauf endete um {time}, nach dem Zeitfenster", "De run eindigde om {time}, na het tijdvenster",
    "実行は時間枠の後の {time} に終了しました", "La ejecución terminó a las {time}, después de la franja",
    "انتهى التشغيل في {time} بعد انتهاء الفترة")

# --- the customer's messages (written in the customer's stored language, times in the site's zone) ------------------

ANY_TASK = Text("任意任务", "any task", "toute tâche", "모든 작업", "beliebige Aufgabe", "elke taak", "任意のタスク",
                "cualquier tarea", "أي مهمة")
MISSED_TITLE = Text(
    "{site}：{item} 的清洁计划未执行", "{site}: the cleaning of {item} was missed",
    "{site} : le nettoyage de {item} n'a pas été fait", "{site}: {item} 청소 계획이 수행되지 않았습니다",
    "{site}: Die Reinigung von {item} ist ausgefallen", "{site}: de schoonmaak van {item} is niet uitgevoerd",
    "{site}：{item} の清掃計画が実施されませんでした", "{site}: no se realizó la limpieza de {item}",
    "{site}: فاتت عملية تنظيف {item}")
SHORT_TITLE = Text(
    "{site}：{item} 的清洁未达目标", "{site}: the cleaning of {item} fell short",
    "{site} : le nettoyage de {item} est insuffisant", "{site}: {item} 청소가 목표에 미치지 못했습니다",
    "{site}: Die Reinigung von {item} blieb unter dem Ziel", "{site}: de schoonmaak van {item} schoot tekort",
    "{site}：{item} の清掃が目標に達しませんでした", "{site}: la limpieza de {item} se quedó corta",
    "{site}: جاء تنظيف {item} دون المطلوب")
WINDOW_CONTENT = Text(
    "{building} {floor} 的计划 {item} 在 {day} {start}–{end} 的时间窗内：计划 {planned} 次，完成 {done} 次，"
    "未执行 {missed} 次，未达标 {short} 次。",
    "Plan {item} on {building} {floor}, window {day} {start}–{end}: "
    "{planned, plural, one {# run} other {# runs}} planned, {done} done, {missed} missed, {short} short.",
    "Plan {item} sur {building} {floor}, plage du {day} {start}–{end} : "
    "{planned, plural, one {# exécution prévue} other {# exécutions prévues}}, {done} faite(s), "
    "{missed} manquée(s), {short} insuffisante(s).",
    "{building} {floor}의 계획 {item}, {day} {start}–{end} 시간대: 계획 {planned}회, 완료 {done}회, 누락 {missed}회, "
    "미달 {short}회.",
    "Plan {item} in {building} {floor}, Zeitfenster {day} {start}–{end}: "
    "{planned, plural, one {# Lauf} other {# Läufe}} geplant, {done} erledigt, {missed} ausgefallen, "
    "{short} unter dem Ziel.",
    "Plan {item} op {building} {floor}, venster {day} {start}–{end}: "
    "{planned, plural, one {# run} other {# runs}} gepland, {done} gedaan, {missed} gemist, {short} tekort.",
    "{building} {floor} の計画 {item}（{day} {start}–{end} の時間枠）：予定 {planned} 回、完了 {done} 回、"
    "未実施 {missed} 回、未達 {short} 回。",
    "Plan {item} en {building} {floor}, franja del {day} {start}–{end}: "
    "{planned, plural, one {# ejecución prevista} other {# ejecuciones previstas}}, {done} hecha(s), "
    "{missed} perdida(s), {short} insuficiente(s).",
    "الخطة {item} في {building} {floor}، الفترة {day} {start}–{end}: "
    "{planned, plural, zero {لا تشغيل مخطط} one {تشغيل واحد مخطط} two {تشغيلان مخططان} few {# تشغيلات مخططة} "
    "many {# تشغيلًا مخططًا} other {# تشغيل مخطط}}، {done} منجز، {missed} فائت، {short} دون المطلوب.")
ROBOT_UNREADABLE = Text(
    "无法读取机器人的回答", "The robot's answer could not be read", "La réponse du robot est illisible",
    "로봇의 응답을 읽을 수 없습니다", "Die Antwort des Roboters ist nicht lesbar",
    "Het antwoord van de robot is onleesbaar",
    "ロボットの応答を読み取れません", "No se pudo leer la respuesta del robot", "تعذرت قراءة رد الروبوت")

# why a planned run was missed, when no alarm says it (plans/actual_detail.py, missed_reasons)
NO_ROBOT_THERE = Text(
    "时间窗内没有负责该楼层的机器人在场地", "No robot that cleans this floor was at the site during the window",
    "Aucun robot qui nettoie cet étage n'était sur le site pendant la plage",
    "시간대 동안 이 층을 청소하는 로봇이 현장에 없었습니다",
    "Während des Zeitfensters war kein Roboter dieses Stockwerks am Standort",
    "Tijdens het tijdvenster was geen robot van deze verdieping op de locatie",
    "時間枠の間、このフロアを清掃するロボットは現場にいませんでした",
    "Ningún robot que limpia esta planta estaba en el sitio durante la franja",
    "لم يكن أي روبوت ينظف هذا الطابق في الموقع خلال الفترة")
ROBOTS_OFFLINE = Text(
    "该楼层的机器人在时间窗内离线（未收到其消息）",
    "The floor's robots were offline during the window (not heard from)",
    "Les robots de l'étage étaient hors ligne pendant la plage (aucun message reçu)",
    "이 층의 로봇이 시간대 동안 오프라인이었습니다(수신된 메시지 없음)",
    "Die Roboter des Stockwerks waren im Zeitfenster offline (keine Meldung empfangen)",
    "De robots van de verdieping waren tijdens het tijdvenster offline (niets ontvangen)",
    "フロアのロボットは時間枠の間オフラインでした（受信なし）",
    "Los robots de la planta estaban desconectados durante la franja (sin mensajes)",
    "كانت روبوتات الطابق غير متصلة خلال الفترة (لم يُستقبل منها شيء)")
OTHER_TASK_RAN = Text(
    "时间窗内运行了 {runs} 次其他任务（计划要求 {task}）",
    "{runs, plural, one {# run of another task} other {# runs of another task}} started in the window "
    "(the plan asks for {task})",
    "{runs, plural, one {# exécution d'une autre tâche a commencé} other {# exécutions d'une autre tâche ont "
    "commencé}} dans la plage (le plan demande {task})",
    "시간대에 다른 작업 실행이 {runs}회 시작되었습니다(계획 작업: {task})",
    "{runs, plural, one {# Lauf eines anderen Auftrags begann} other {# Läufe eines anderen Auftrags begannen}} "
    "im Zeitfenster (der Plan verlangt {task})",
    "{runs, plural, one {# run van een andere taak begon} other {# runs van een andere taak begonnen}} in het "
    "tijdvenster (het plan vraagt {task})",
    "時間枠内に別のタスクの実行が {runs} 回開始されました（計画のタスク：{task}）",
    "{runs, plural, one {# ejecución de otra tarea empezó} other {# ejecuciones de otra tarea empezaron}} en la "
    "franja (el plan pide {task})",
    "{runs, plural, zero {لم يبدأ أي تشغيل لمهمة أخرى} one {بدأ تشغيل واحد لمهمة أخرى} two {بدأ تشغيلان لمهمة أخرى} "
    "few {بدأت # تشغيلات لمهمة أخرى} many {بدأ # تشغيلًا لمهمة أخرى} other {بدأ # تشغيل لمهمة أخرى}} خلال الفترة "
    "(الخطة تطلب {task})")


# a heat map's last day after today on the site's clock (heatmap.period, issue 48 item 4)
END_IN_FUTURE = Text(
    "结束日期不能晚于今天（站点时区）", "The end day must not be after today (on the site's clock)",
    "Le dernier jour ne doit pas être après aujourd'hui (heure du site)",
    "종료일은 오늘(사이트 시간)보다 늦을 수 없습니다",
    "Der letzte Tag darf nicht nach heute liegen (Uhr des Standorts)",
    "De laatste dag mag niet na vandaag liggen (klok van de locatie)",
    "終了日は今日（サイトの時刻）より後にできません",
    "El último día no puede ser posterior a hoy (hora del sitio)",
    "يجب ألا يكون يوم النهاية بعد اليوم (بتوقيت الموقع)",
)

register("sites", globals())  # a stored key ``sites.NAME`` names a text here (core/texts.py)
