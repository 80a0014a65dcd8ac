"""Refusals of the task calls, in the nine languages (zh-CN, en, fr, ko, de, nl, ja, es, ar)."""

from cleanfleet.core.texts import Text

TWO_AREAS = Text(
    "只能有一个区域", "Only one area is allowed", "Une seule zone est autorisée", "영역은 하나만 그릴 수 있습니다",
    "Es ist nur ein Bereich erlaubt", "Er is maar één gebied toegestaan", "エリアは 1 つだけです",
    "Solo se permite un área", "يُسمح بمنطقة واحدة فقط")
AREA_FIRST = Text(
    "请先绘制矩形或折线（至少三个点），或删除该线", "Draw the rectangle or polyline (three points or more) first, "
    "or delete the line", "Dessinez d'abord le rectangle ou la polyligne (trois points ou plus), ou supprimez la ligne",
    "먼저 사각형이나 꺾은선(점 3개 이상)을 그리거나 선을 삭제하세요",
    "Zeichnen Sie zuerst das Rechteck oder die Linie (mindestens drei Punkte) oder löschen Sie die Linie",
    "Teken eerst de rechthoek of lijn (drie punten of meer), of verwijder de lijn",
    "先に四角形または折れ線（3 点以上）を描くか、線を削除してください",
    "Dibuje primero el rectángulo o la polilínea (tres puntos o más), o borre la línea",
    "ارسم المستطيل أو الخط المتعدد (ثلاث نقاط أو أكثر) أولًا، أو احذف الخط")
START_FIRST = Text(
    "请先绘制起点", "Draw the start point first", "Dessinez d'abord le point de départ", "먼저 시작점을 그리세요",
    "Zeichnen Sie zuerst den Startpunkt", "Teken eerst het startpunt", "先に開始点を描いてください",
    "Dibuje primero el punto de inicio", "ارسم نقطة البداية أولًا")
OFF_MAP = Text(
    "超出地图边界：({x}, {y})", "Beyond the map edge: ({x}, {y})", "Au-delà du bord de la carte : ({x}, {y})",
    "지도 경계를 벗어났습니다: ({x}, {y})", "Außerhalb des Kartenrands: ({x}, {y})",
    "Buiten de rand van de kaart: ({x}, {y})", "地図の範囲外です: ({x}, {y})",
    "Fuera del borde del mapa: ({x}, {y})", "خارج حدود الخريطة: ({x}, {y})")
AREA_IN_ZONE = Text(
    "清扫区域与禁区 {n} 重叠：请避开禁区绘制（完全位于区域内的禁区会被绕开清扫）",
    "The cleaning area overlaps forbidden zone {n}: draw it clear of the zone "
    "(a zone wholly inside the area is cleaned around)",
    "La zone de nettoyage chevauche la zone interdite {n} : dessinez-la à l'écart de la zone "
    "(une zone interdite entièrement dans la zone est contournée)",
    "청소 영역이 금지 구역 {n}과(와) 겹칩니다. 금지 구역을 피해서 그리세요"
    "(영역 안에 완전히 들어 있는 금지 구역은 피해서 청소합니다)",
    "Der Reinigungsbereich überschneidet die Sperrzone {n}: Zeichnen Sie ihn außerhalb der Zone "
    "(eine Sperrzone ganz innerhalb des Bereichs wird umfahren)",
    "Het schoonmaakgebied overlapt verboden zone {n}: teken het buiten de zone "
    "(een zone die helemaal binnen het gebied ligt, wordt omzeild)",
    "清掃エリアが禁止エリア {n} と重なっています。禁止エリアを避けて描いてください"
    "（エリア内に完全に収まる禁止エリアは避けて清掃します）",
    "El área de limpieza se superpone a la zona prohibida {n}: dibújela fuera de la zona "
    "(una zona prohibida completamente dentro del área se rodea)",
    "منطقة التنظيف تتداخل مع المنطقة المحظورة {n}: ارسمها بعيدًا عن المنطقة "
    "(المنطقة المحظورة الواقعة بالكامل داخل منطقة التنظيف يُلتف حولها)")
START_IN_ZONE = Text(
    "起点位于禁区 {n} 内", "The start point is inside forbidden zone {n}",
    "Le point de départ est dans la zone interdite {n}", "시작점이 금지 구역 {n} 안에 있습니다",
    "Der Startpunkt liegt in der Sperrzone {n}", "Het startpunt ligt in verboden zone {n}",
    "開始点が禁止エリア {n} の中にあります", "El punto de inicio está dentro de la zona prohibida {n}",
    "نقطة البداية داخل المنطقة المحظورة {n}")
SPEED_ORDER = Text(
    "低速不能大于中速，中速不能大于高速", "Low speed must not exceed middle, and middle must not exceed high",
    "La vitesse basse ne doit pas dépasser la moyenne, ni la moyenne la haute",
    "저속은 중속보다, 중속은 고속보다 클 수 없습니다",
    "Die niedrige Geschwindigkeit darf die mittlere nicht übersteigen, die mittlere nicht die hohe",
    "Laag mag niet hoger zijn dan middel, en middel niet hoger dan hoog",
    "低速は中速以下、中速は高速以下にしてください",
    "La velocidad baja no debe superar la media, ni la media la alta",
    "يجب ألا تتجاوز السرعة المنخفضة المتوسطة، ولا المتوسطة العالية")
DAYS_REQUIRED = Text(
    "请选择重复周期（周一至周日）", "Choose the repeat days (Monday to Sunday)",
    "Choisissez les jours de répétition (lundi à dimanche)", "반복 요일(월요일~일요일)을 선택하세요",
    "Wählen Sie die Wiederholungstage (Montag bis Sonntag)", "Kies de herhaaldagen (maandag tot zondag)",
    "繰り返す曜日（月曜〜日曜）を選んでください", "Elija los días de repetición (lunes a domingo)",
    "اختر أيام التكرار (من الاثنين إلى الأحد)")
END_REQUIRED = Text(
    "启用时需要强制结束时间", "A forced end time is needed when the schedule is on",
    "Une heure de fin forcée est nécessaire quand la planification est active",
    "켜져 있을 때는 강제 종료 시간이 필요합니다", "Wenn der Zeitplan aktiv ist, ist eine erzwungene Endzeit nötig",
    "Een geforceerde eindtijd is nodig als de planning aan staat", "有効にするには強制終了時刻が必要です",
    "Se necesita una hora de fin forzada cuando la programación está activa",
    "يلزم وقت انتهاء إجباري عند تفعيل الجدولة")
DUPLICATE_TASK = Text(
    "同一个普通任务不能添加两次：{name}", "The same normal task cannot be added twice: {name}",
    "La même tâche normale ne peut pas être ajoutée deux fois : {name}",
    "같은 일반 작업을 두 번 추가할 수 없습니다: {name}",
    "Dieselbe normale Aufgabe kann nicht zweimal hinzugefügt werden: {name}",
    "Dezelfde normale taak kan niet twee keer worden toegevoegd: {name}", "同じ通常タスクは 2 回追加できません: {name}",
    "La misma tarea normal no se puede añadir dos veces: {name}", "لا يمكن إضافة المهمة العادية نفسها مرتين: {name}")
BAD_TIME = Text(
    "时间格式应为 HH:MM",
    "The time must be HH:MM",
    "L'heure doit être au format HH:MM",
    "시간은 HH:MM 형식이어야 합니다",
    "Die Uhrzeit muss HH:MM sein", "De tijd moet HH:MM zijn", "時刻は HH:MM で入力してください",
    "La hora debe tener el formato HH:MM", "يجب أن يكون الوقت بالصيغة HH:MM")
ROBOT_REFUSED = Text(
    "机器人拒绝了操作：{reason}", "The robot refused: {reason}", "Le robot a refusé : {reason}",
    "로봇이 거부했습니다: {reason}", "Der Roboter hat abgelehnt: {reason}", "De robot weigerde: {reason}",
    "ロボットが拒否しました: {reason}", "El robot lo rechazó: {reason}", "رفض الروبوت: {reason}")
ROBOT_TIMEOUT = Text(
    "机器人 {sn} 未及时应答，未做任何更改", "Robot {sn} did not answer in time; nothing was changed",
    "Le robot {sn} n'a pas répondu à temps ; rien n'a changé",
    "로봇 {sn}이(가) 제때 응답하지 않아 변경된 것이 없습니다",
    "Roboter {sn} hat nicht rechtzeitig geantwortet; nichts wurde geändert",
    "Robot {sn} antwoordde niet op tijd; er is niets gewijzigd",
    "ロボット {sn} が時間内に応答しませんでした。変更はありません",
    "El robot {sn} no respondió a tiempo; no se cambió nada", "لم يستجب الروبوت {sn} في الوقت المناسب؛ لم يتغير شيء")
ROBOT_UNREACHABLE = Text(
    "无法连接机器人 {sn}", "Robot {sn} cannot be reached", "Le robot {sn} est injoignable",
    "로봇 {sn}에 연결할 수 없습니다", "Roboter {sn} ist nicht erreichbar", "Robot {sn} is niet bereikbaar",
    "ロボット {sn} に接続できません", "No se puede contactar con el robot {sn}", "لا يمكن الوصول إلى الروبوت {sn}")
ROBOT_OFFLINE = Text(
    "机器人 {sn} 离线", "Robot {sn} is offline", "Le robot {sn} est hors ligne", "로봇 {sn}이(가) 오프라인입니다",
    "Roboter {sn} ist offline", "Robot {sn} is offline", "ロボット {sn} はオフラインです",
    "El robot {sn} está desconectado", "الروبوت {sn} غير متصل")
NO_LINK = Text(
    "机器人 {sn} 没有已登记的中转节点和端口", "Robot {sn} has no registered transfer node and port",
    "Le robot {sn} n'a ni nœud de transfert ni port enregistrés", "로봇 {sn}에 등록된 중계 노드와 포트가 없습니다",
    "Roboter {sn} hat keinen registrierten Transferknoten mit Port",
    "Robot {sn} heeft geen geregistreerd doorgeefknooppunt en poort",
    "ロボット {sn} には登録済みの中継ノードとポートがありません",
    "El robot {sn} no tiene nodo de tránsito ni puerto registrados", "لا يملك الروبوت {sn} عقدة نقل ومنفذًا مسجلين")
FLOORS_REQUIRED = Text(
    "请至少选择一层及其任务", "Choose at least one floor and its tasks", "Choisissez au moins un étage et ses tâches",
    "층과 작업을 하나 이상 선택하세요", "Wählen Sie mindestens ein Stockwerk und seine Aufgaben",
    "Kies minstens één verdieping en de taken", "少なくとも 1 つの階とそのタスクを選んでください",
    "Elija al menos una planta y sus tareas", "اختر طابقًا واحدًا على الأقل ومهامه")
START_REQUIRED = Text(
    "请选择开始时间", "Choose the start time", "Choisissez l'heure de début", "시작 시간을 선택하세요",
    "Wählen Sie die Startzeit", "Kies de starttijd", "開始時刻を選んでください", "Elija la hora de inicio",
    "اختر وقت البدء")
END_BEFORE_START = Text(
    "强制结束时间 {end} 必须晚于开始时间 {start}", "The forced end time {end} must be after the start time {start}",
    "L'heure de fin forcée {end} doit être postérieure à l'heure de début {start}",
    "강제 종료 시간 {end}은(는) 시작 시간 {start}보다 늦어야 합니다",
    "Die erzwungene Endzeit {end} muss nach der Startzeit {start} liegen",
    "De geforceerde eindtijd {end} moet na de starttijd {start} liggen",
    "強制終了時刻 {end} は開始時刻 {start} より後にしてください",
    "La hora de fin forzada {end} debe ser posterior a la hora de inicio {start}",
    "يجب أن يكون وقت الانتهاء الإجباري {end} بعد وقت البدء {start}")
MIXED_MAPS = Text(
    "组内任务必须在同一张地图上：{tasks}", "The tasks of a group must be on one map: {tasks}",
    "Les tâches d'un groupe doivent être sur une seule carte : {tasks}",
    "그룹의 작업은 한 지도에 있어야 합니다: {tasks}",
    "Die Aufgaben einer Gruppe müssen auf einer Karte liegen: {tasks}",
    "De taken van een groep moeten op één kaart liggen: {tasks}",
    "グループのタスクは 1 つの地図上にある必要があります: {tasks}",
    "Las tareas de un grupo deben estar en un solo mapa: {tasks}",
    "يجب أن تكون مهام المجموعة على خريطة واحدة: {tasks}")
NOT_A_RUN_DAY = Text(
    "定时任务 {name} 今天（机器人时钟 {date}）不运行，无法跳过", "The scheduled task {name} does not run today "
    "({date} on the robot's clock), so there is no run to skip",
    "La tâche planifiée {name} ne s'exécute pas aujourd'hui ({date} selon l'horloge du robot) : rien à sauter",
    "예약 작업 {name}은(는) 오늘({date}, 로봇 시계 기준) 실행되지 않으므로 건너뛸 실행이 없습니다",
    "Die geplante Aufgabe {name} läuft heute ({date} nach der Uhr des Roboters) nicht, es gibt nichts zu überspringen",
    "De geplande taak {name} draait vandaag ({date} op de klok van de robot) niet, er valt niets over te slaan",
    "スケジュールタスク {name} は今日（ロボットの時計で {date}）実行されないため、スキップする実行はありません",
    "La tarea programada {name} no se ejecuta hoy ({date} en el reloj del robot): no hay nada que omitir",
    "المهمة المجدولة {name} لا تعمل اليوم ({date} حسب ساعة الروبوت)، فلا يوجد تشغيل لتخطيه")
SCHEDULE_OFF = Text(
    "定时任务 {name} 已关闭，今天没有可跳过的运行",
    "The scheduled task {name} is off, so there is no run to skip today",
    "La tâche planifiée {name} est désactivée : aucune exécution à sauter aujourd'hui",
    "예약 작업 {name}이(가) 꺼져 있어 오늘 건너뛸 실행이 없습니다",
    "Die geplante Aufgabe {name} ist aus, heute gibt es nichts zu überspringen",
    "De geplande taak {name} staat uit, er valt vandaag niets over te slaan",
    "スケジュールタスク {name} はオフのため、今日スキップする実行はありません",
    "La tarea programada {name} está desactivada: hoy no hay nada que omitir",
    "المهمة المجدولة {name} متوقفة، فلا يوجد تشغيل لتخطيه اليوم")
SCHEDULE_NOT_FOUND = Text(
    "机器人上没有定时任务 {name}", "The robot has no scheduled task {name}",
    "Le robot n'a pas de tâche planifiée {name}", "로봇에 예약 작업 {name}이(가) 없습니다",
    "Der Roboter hat keine geplante Aufgabe {name}", "De robot heeft geen geplande taak {name}",
    "ロボットにスケジュールタスク {name} はありません", "El robot no tiene la tarea programada {name}",
    "لا توجد لدى الروبوت مهمة مجدولة باسم {name}")
