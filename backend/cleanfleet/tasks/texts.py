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
