"""The refusals of the relay and the remote control calls, in the nine languages (zh-CN, en, fr, ko, de, nl, ja,
es, ar)."""

from cleanfleet.core.texts import Text

BAD_PATH = Text(
    "不是有效的机器人接口路径（例如 api1/robot_pose；不能含主机、协议、“..”或“@”）",
    "Not a robot call path such as api1/robot_pose (no host, scheme, '..' or '@')",
    "Ce n'est pas un chemin d'appel du robot comme api1/robot_pose (ni hôte, ni schéma, ni « .. », ni « @ »)",
    "api1/robot_pose 같은 로봇 호출 경로가 아닙니다(호스트, 스킴, '..', '@' 불가)",
    "Kein Roboter-Aufrufpfad wie api1/robot_pose (kein Host, kein Schema, kein „..“ oder „@“)",
    "Geen robotaanroeppad zoals api1/robot_pose (geen host, schema, '..' of '@')",
    "api1/robot_pose のようなロボット呼び出しパスではありません（ホスト、スキーム、「..」、「@」は不可）",
    "No es una ruta de llamada al robot como api1/robot_pose (sin host, esquema, '..' ni '@')",
    "ليس مسار استدعاء للروبوت مثل api1/robot_pose (بلا مضيف أو مخطط أو '..' أو '@')")
BAD_PREFIX = Text(
    "机器人接口路径必须以 api/、api1/ 或 api2/ 开头",
    "The robot call path must start with api/, api1/ or api2/",
    "Le chemin d'appel du robot doit commencer par api/, api1/ ou api2/",
    "로봇 호출 경로는 api/, api1/ 또는 api2/로 시작해야 합니다",
    "Der Roboter-Aufrufpfad muss mit api/, api1/ oder api2/ beginnen",
    "Het robotaanroeppad moet beginnen met api/, api1/ of api2/",
    "ロボット呼び出しパスは api/、api1/、api2/ のいずれかで始めてください",
    "La ruta de llamada al robot debe empezar por api/, api1/ o api2/",
    "يجب أن يبدأ مسار استدعاء الروبوت بـ api/ أو api1/ أو api2/")
USE_PREFIX = Text(
    "该机器人使用协议 {protocol}：请使用 {prefix}",
    "This robot speaks protocol {protocol}: use {prefix}",
    "Ce robot parle le protocole {protocol} : utilisez {prefix}",
    "이 로봇은 프로토콜 {protocol}을(를) 사용합니다: {prefix}를 사용하세요",
    "Dieser Roboter spricht Protokoll {protocol}: verwenden Sie {prefix}",
    "Deze robot spreekt protocol {protocol}: gebruik {prefix}",
    "このロボットはプロトコル {protocol} を使います: {prefix} を使ってください",
    "Este robot usa el protocolo {protocol}: use {prefix}",
    "يستخدم هذا الروبوت البروتوكول {protocol}: استخدم {prefix}")
BAD_PORT = Text(
    "端口应为机器人的 FRP 端口（1 到 65535 的数字）",
    "The port must be the robot's FRP port, a number from 1 to 65535",
    "Le port doit être le port FRP du robot, un nombre de 1 à 65535",
    "포트는 로봇의 FRP 포트(1~65535의 숫자)여야 합니다",
    "Der Port muss der FRP-Port des Roboters sein, eine Zahl von 1 bis 65535",
    "De poort moet de FRP-poort van de robot zijn, een getal van 1 tot 65535",
    "ポートはロボットの FRP ポート（1～65535 の数値）にしてください",
    "El puerto debe ser el puerto FRP del robot, un número de 1 a 65535",
    "يجب أن يكون المنفذ منفذ FRP الخاص بالروبوت، رقمًا من 1 إلى 65535")
NO_ROBOT_ON_PORT = Text(
    "您的机器人中没有使用本服务器分配的端口 {port} 的",
    "None of your robots uses port {port} as this server assigned it",
    "Aucun de vos robots n'utilise le port {port} attribué par ce serveur",
    "이 서버가 할당한 포트 {port}을(를) 사용하는 로봇이 없습니다",
    "Keiner Ihrer Roboter nutzt den von diesem Server vergebenen Port {port}",
    "Geen van uw robots gebruikt poort {port} zoals deze server die toewees",
    "このサーバーが割り当てたポート {port} を使うロボットはありません",
    "Ninguno de sus robots usa el puerto {port} asignado por este servidor",
    "لا يستخدم أي من روبوتاتك المنفذ {port} الذي خصصه هذا الخادم")
SEVERAL_ON_PORT = Text(
    "您有多台机器人使用端口 {port}，请用 deviceId 指明是哪一台",
    "Several of your robots use port {port}; say which one with deviceId",
    "Plusieurs de vos robots utilisent le port {port} ; indiquez lequel avec deviceId",
    "포트 {port}을(를) 사용하는 로봇이 여러 대입니다. deviceId로 하나를 지정하세요",
    "Mehrere Ihrer Roboter nutzen Port {port}; geben Sie mit deviceId an, welcher",
    "Meerdere van uw robots gebruiken poort {port}; geef met deviceId aan welke",
    "ポート {port} を使うロボットが複数あります。deviceId でどれかを指定してください",
    "Varios de sus robots usan el puerto {port}; indique cuál con deviceId",
    "يستخدم عدة روبوتات لديك المنفذ {port}؛ حدّد أحدها باستخدام deviceId")
NO_CONTROL = Text(
    "您没有远程控制机器人的权限",
    "You may not control robots remotely",
    "Vous n'avez pas le droit de piloter des robots à distance",
    "로봇을 원격 제어할 권한이 없습니다",
    "Sie dürfen Roboter nicht fernsteuern",
    "U mag robots niet op afstand bedienen",
    "ロボットを遠隔操作する権限がありません",
    "No tiene permiso para controlar robots a distancia",
    "ليس لديك إذن بالتحكم في الروبوتات عن بُعد")
NO_REBOOT = Text(
    "您没有重启机器人的权限",
    "You may not restart robots",
    "Vous n'avez pas le droit de redémarrer des robots",
    "로봇을 재시작할 권한이 없습니다",
    "Sie dürfen Roboter nicht neu starten",
    "U mag robots niet herstarten",
    "ロボットを再起動する権限がありません",
    "No tiene permiso para reiniciar robots",
    "ليس لديك إذن بإعادة تشغيل الروبوتات")
NO_PARAMS = Text(
    "您没有修改机器人参数的权限",
    "You may not change robot parameters",
    "Vous n'avez pas le droit de modifier les paramètres des robots",
    "로봇 매개변수를 변경할 권한이 없습니다",
    "Sie dürfen Roboterparameter nicht ändern",
    "U mag robotparameters niet wijzigen",
    "ロボットのパラメータを変更する権限がありません",
    "No tiene permiso para cambiar los parámetros de los robots",
    "ليس لديك إذن بتغيير معلمات الروبوتات")
NODE_NOT_REGISTERED = Text(
    "该机器人的中转节点 {node} 未登记",
    "The robot's transfer node {node} is not registered",
    "Le nœud de relais {node} du robot n'est pas enregistré",
    "로봇의 중계 노드 {node}이(가) 등록되어 있지 않습니다",
    "Der Vermittlungsknoten {node} des Roboters ist nicht registriert",
    "De doorgiftenode {node} van de robot is niet geregistreerd",
    "ロボットの中継ノード {node} は登録されていません",
    "El nodo de retransmisión {node} del robot no está registrado",
    "عقدة الترحيل {node} الخاصة بالروبوت غير مسجلة")
OFFLINE = Text(
    "机器人 {sn} 离线",
    "Robot {sn} is offline",
    "Le robot {sn} est hors ligne",
    "로봇 {sn}이(가) 오프라인입니다",
    "Der Roboter {sn} ist offline",
    "Robot {sn} is offline",
    "ロボット {sn} はオフラインです",
    "El robot {sn} está desconectado",
    "الروبوت {sn} غير متصل")
UNREACHABLE = Text(
    "无法连接机器人 {sn}",
    "Robot {sn} cannot be reached",
    "Le robot {sn} est injoignable",
    "로봇 {sn}에 연결할 수 없습니다",
    "Der Roboter {sn} ist nicht erreichbar",
    "Robot {sn} is niet bereikbaar",
    "ロボット {sn} に接続できません",
    "No se puede contactar con el robot {sn}",
    "تعذّر الوصول إلى الروبوت {sn}")
TIMEOUT = Text(
    "机器人 {sn} 未及时应答",
    "Robot {sn} did not answer in time",
    "Le robot {sn} n'a pas répondu à temps",
    "로봇 {sn}이(가) 제시간에 응답하지 않았습니다",
    "Der Roboter {sn} hat nicht rechtzeitig geantwortet",
    "Robot {sn} heeft niet op tijd geantwoord",
    "ロボット {sn} が時間内に応答しませんでした",
    "El robot {sn} no respondió a tiempo",
    "لم يستجب الروبوت {sn} في الوقت المحدد")
HELD_UNTIL = Text(
    "{holder} 正在远程控制该机器人（至 {until}）",
    "{holder} holds remote control of this robot (until {until})",
    "{holder} pilote ce robot à distance (jusqu'au {until})",
    "{holder}님이 이 로봇을 원격 제어 중입니다({until}까지)",
    "{holder} steuert diesen Roboter fern (bis {until})",
    "{holder} bedient deze robot op afstand (tot {until})",
    "{holder} がこのロボットを遠隔操作中です（{until} まで）",
    "{holder} controla este robot a distancia (hasta {until})",
    "يتحكم {holder} في هذا الروبوت عن بُعد (حتى {until})")
HELD_LONG_TERM = Text(
    "{holder} 正在长期远程控制该机器人",
    "{holder} holds remote control of this robot long term",
    "{holder} pilote ce robot à distance pour une durée illimitée",
    "{holder}님이 이 로봇을 장기간 원격 제어 중입니다",
    "{holder} steuert diesen Roboter dauerhaft fern",
    "{holder} bedient deze robot voor onbepaalde tijd op afstand",
    "{holder} がこのロボットを長期間遠隔操作中です",
    "{holder} controla este robot a distancia de forma indefinida",
    "يتحكم {holder} في هذا الروبوت عن بُعد لمدة غير محددة")
CONTROL_CHANGING = Text(
    "该机器人的远程控制刚刚易手，请重试",
    "This robot's remote control changed hands just now; try again",
    "Le contrôle à distance de ce robot vient de changer de mains ; réessayez",
    "이 로봇의 원격 제어권이 방금 바뀌었습니다. 다시 시도하세요",
    "Die Fernsteuerung dieses Roboters hat gerade den Besitzer gewechselt; bitte erneut versuchen",
    "De bediening op afstand van deze robot is net van hand gewisseld; probeer het opnieuw",
    "このロボットの遠隔操作権がたった今移りました。もう一度お試しください",
    "El control remoto de este robot acaba de cambiar de manos; inténtelo de nuevo",
    "انتقل التحكم عن بُعد في هذا الروبوت إلى مستخدم آخر للتو؛ أعد المحاولة")
