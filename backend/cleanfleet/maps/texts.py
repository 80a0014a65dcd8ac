"""The maps domain's refusal sentences, in LANGUAGES order: zh-CN, en, fr, ko, de, nl, ja, es, ar."""

from cleanfleet.core.texts import Text

MAP_NOT_FOUND = Text(
    "该机器人上没有地图 {map}",
    "The map {map} is not on this robot",
    "La carte {map} n'existe pas sur ce robot",
    "이 로봇에 지도 {map}이(가) 없습니다",
    "Die Karte {map} ist auf diesem Roboter nicht vorhanden",
    "De kaart {map} staat niet op deze robot",
    "このロボットに地図 {map} はありません",
    "El mapa {map} no está en este robot",
    "الخريطة {map} غير موجودة على هذا الروبوت",
)
MAP_IN_USE = Text(
    "地图 {map} 正被 {users} 使用：请先删除它们，或强制删除",
    "The map {map} is used by {users}: delete them first, or delete with force",
    "La carte {map} est utilisée par {users} : supprimez-les d'abord, ou forcez la suppression",
    "지도 {map}을(를) {users}에서 사용 중입니다. 먼저 삭제하거나 강제로 삭제하세요",
    "Die Karte {map} wird von {users} verwendet: zuerst diese löschen oder das Löschen erzwingen",
    "De kaart {map} wordt gebruikt door {users}: verwijder die eerst, of verwijder geforceerd",
    "地図 {map} は {users} で使われています。先にそれらを削除するか、強制削除してください",
    "El mapa {map} lo usan {users}: elimínelos primero o fuerce la eliminación",
    "الخريطة {map} مستخدمة في {users}: احذفها أولاً أو احذف بالقوة",
)
TASK_RUNNING = Text(
    "有任务正在运行，无法编辑地图：请先停止所有任务",
    "A task is running, so the map cannot be changed: stop all tasks first",
    "Une tâche est en cours, la carte ne peut pas être modifiée : arrêtez d'abord toutes les tâches",
    "작업이 실행 중이라 지도를 변경할 수 없습니다. 먼저 모든 작업을 중지하세요",
    "Eine Aufgabe läuft, die Karte kann nicht geändert werden: zuerst alle Aufgaben beenden",
    "Er loopt een taak, dus de kaart kan niet worden gewijzigd: stop eerst alle taken",
    "タスク実行中のため地図を変更できません。先にすべてのタスクを停止してください",
    "Hay una tarea en curso y el mapa no se puede cambiar: detenga primero todas las tareas",
    "هناك مهمة قيد التشغيل فلا يمكن تغيير الخريطة: أوقف جميع المهام أولاً",
)
ELEVATOR_RUNNING = Text(
    "梯控转运进行中，禁止编辑地图",
    "Map editing is blocked while elevator transfer control runs",
    "La modification de la carte est bloquée pendant le transfert par ascenseur",
    "엘리베이터 이송 제어 중에는 지도를 편집할 수 없습니다",
    "Während der Aufzugsüberführung ist das Bearbeiten der Karte gesperrt",
    "Kaartbewerking is geblokkeerd zolang de liftoverdracht loopt",
    "エレベーター搬送制御の実行中は地図を編集できません",
    "La edición del mapa está bloqueada mientras funciona el traslado en ascensor",
    "تعديل الخريطة محظور أثناء تشغيل التحكم في النقل بالمصعد",
)
ROBOT_REFUSED = Text(
    "机器人拒绝了该操作：{reason}",
    "The robot refused: {reason}",
    "Le robot a refusé : {reason}",
    "로봇이 거부했습니다: {reason}",
    "Der Roboter hat abgelehnt: {reason}",
    "De robot weigerde: {reason}",
    "ロボットが拒否しました: {reason}",
    "El robot lo rechazó: {reason}",
    "رفض الروبوت: {reason}",
)
ROBOT_UNREADABLE = Text(
    "机器人的应答无法读取",
    "The robot's answer could not be read",
    "La réponse du robot est illisible",
    "로봇의 응답을 읽을 수 없습니다",
    "Die Antwort des Roboters ist nicht lesbar",
    "Het antwoord van de robot is onleesbaar",
    "ロボットの応答を読み取れません",
    "No se pudo leer la respuesta del robot",
    "تعذرت قراءة رد الروبوت",
)
NOT_AN_ARCHIVE = Text(
    "该文件不是地图文件（应为包含 map.png 和 map.json 的 zip 压缩包）",
    "The file is not a map file (a zip archive with map.png and map.json)",
    "Le fichier n'est pas un fichier de carte (une archive zip avec map.png et map.json)",
    "지도 파일이 아닙니다 (map.png와 map.json이 든 zip 압축 파일이어야 합니다)",
    "Die Datei ist keine Kartendatei (ein ZIP-Archiv mit map.png und map.json)",
    "Het bestand is geen kaartbestand (een zip-archief met map.png en map.json)",
    "地図ファイルではありません (map.png と map.json を含む zip アーカイブ)",
    "El archivo no es un archivo de mapa (un zip con map.png y map.json)",
    "الملف ليس ملف خريطة (أرشيف zip يحوي map.png و map.json)",
)
BAD_PICTURE = Text(
    "地图文件中的图片已损坏或不是 PNG",
    "The map picture in the file is damaged or not a PNG",
    "L'image de la carte dans le fichier est endommagée ou n'est pas un PNG",
    "파일 안의 지도 이미지가 손상되었거나 PNG가 아닙니다",
    "Das Kartenbild in der Datei ist beschädigt oder kein PNG",
    "De kaartafbeelding in het bestand is beschadigd of geen PNG",
    "ファイル内の地図画像が壊れているか PNG ではありません",
    "La imagen del mapa del archivo está dañada o no es PNG",
    "صورة الخريطة في الملف تالفة أو ليست PNG",
)
BAD_METADATA = Text(
    "地图文件中的 map.json 已损坏：{problem}",
    "The map.json in the file is damaged: {problem}",
    "Le map.json du fichier est endommagé : {problem}",
    "파일 안의 map.json이 손상되었습니다: {problem}",
    "Die map.json in der Datei ist beschädigt: {problem}",
    "De map.json in het bestand is beschadigd: {problem}",
    "ファイル内の map.json が壊れています: {problem}",
    "El map.json del archivo está dañado: {problem}",
    "ملف map.json في الملف تالف: {problem}",
)
FILE_TOO_LARGE = Text(
    "文件超过 {limit} MB",
    "The file is larger than {limit} MB",
    "Le fichier dépasse {limit} Mo",
    "파일이 {limit}MB보다 큽니다",
    "Die Datei ist größer als {limit} MB",
    "Het bestand is groter dan {limit} MB",
    "ファイルが {limit} MB を超えています",
    "El archivo supera los {limit} MB",
    "الملف أكبر من {limit} ميغابايت",
)
PICTURE_TOO_LARGE = Text(
    "地图图片超过每边 {limit} 像素",
    "The map picture is over {limit} pixels a side",
    "L'image de la carte dépasse {limit} pixels de côté",
    "지도 이미지가 한 변 {limit}픽셀을 넘습니다",
    "Das Kartenbild ist größer als {limit} Pixel je Seite",
    "De kaartafbeelding is groter dan {limit} pixels per zijde",
    "地図画像が一辺 {limit} ピクセルを超えています",
    "La imagen del mapa supera {limit} píxeles por lado",
    "صورة الخريطة تتجاوز {limit} بكسل للضلع",
)
SOURCE_IS_TARGET = Text(
    "源机器人不能同时作为目标机器人",
    "The source robot cannot also be a target",
    "Le robot source ne peut pas être aussi une cible",
    "원본 로봇은 대상 로봇이 될 수 없습니다",
    "Der Quellroboter kann nicht zugleich Ziel sein",
    "De bronrobot kan niet ook een doel zijn",
    "送信元のロボットを送信先にはできません",
    "El robot de origen no puede ser también destino",
    "لا يمكن أن يكون الروبوت المصدر هدفًا أيضًا",
)
SYNC_STILL_RUNNING = Text(
    "该同步仍在进行，失败后才能重试",
    "This sync is still running; it can be retried once it has failed",
    "Cette synchronisation est en cours ; elle pourra être relancée après un échec",
    "이 동기화는 아직 진행 중입니다. 실패한 뒤에 다시 시도할 수 있습니다",
    "Diese Synchronisierung läuft noch; wiederholen erst nach einem Fehlschlag",
    "Deze synchronisatie loopt nog; opnieuw proberen kan pas na een mislukking",
    "この同期はまだ実行中です。失敗した後に再試行できます",
    "Esta sincronización sigue en curso; se puede reintentar cuando haya fallado",
    "لا تزال هذه المزامنة قيد التشغيل؛ يمكن إعادة المحاولة بعد فشلها",
)
NO_ROBOT_LINK = Text(
    "服务器未连接机器人消息通道 (MQTT)，无法同步",
    "The server has no robot message link (MQTT), so maps cannot be synced",
    "Le serveur n'a pas de liaison de messages robot (MQTT) : synchronisation impossible",
    "서버에 로봇 메시지 연결(MQTT)이 없어 동기화할 수 없습니다",
    "Der Server hat keine Roboter-Nachrichtenverbindung (MQTT): keine Synchronisierung möglich",
    "De server heeft geen robotberichtverbinding (MQTT), dus synchroniseren kan niet",
    "サーバーにロボットのメッセージ接続 (MQTT) がないため同期できません",
    "El servidor no tiene enlace de mensajes con los robots (MQTT): no se puede sincronizar",
    "لا يملك الخادم اتصال رسائل بالروبوتات (MQTT) لذا لا يمكن المزامنة",
)
REPLACE_IN_USE = Text(
    "该机器人上的地图 {map} 正被 {users} 使用：确认后才会替换它（它们将在新地图上运行）",
    "The map {map} on this robot is used by {users}: replacing it needs your confirmation (they will run on the "
    "new map)",
    "La carte {map} de ce robot est utilisée par {users} : la remplacer demande votre confirmation (elles "
    "s'exécuteront sur la nouvelle carte)",
    "이 로봇의 지도 {map}을(를) {users}에서 사용 중입니다. 교체하려면 확인이 필요합니다 (새 지도에서 실행됩니다)",
    "Die Karte {map} auf diesem Roboter wird von {users} verwendet: das Ersetzen muss bestätigt werden (sie laufen "
    "dann auf der neuen Karte)",
    "De kaart {map} op deze robot wordt gebruikt door {users}: vervangen vraagt uw bevestiging (ze lopen dan op de "
    "nieuwe kaart)",
    "このロボットの地図 {map} は {users} で使われています。置き換えるには確認が必要です (新しい地図で実行されます)",
    "El mapa {map} de este robot lo usan {users}: reemplazarlo requiere su confirmación (se ejecutarán en el mapa "
    "nuevo)",
    "الخريطة {map} على هذا الروبوت مستخدمة في {users}: استبدالها يتطلب تأكيدك (ستعمل على الخريطة الجديدة)",
)
SYNC_IN_USE = Text(
    "目标机器人上的同名地图 {map} 正在使用中：{targets}。确认后才会替换，本次未发送任何内容",
    "The map {map} is in use on target robots: {targets}. Replacing it needs your confirmation; nothing was sent",
    "La carte {map} est utilisée sur des robots cibles : {targets}. La remplacer demande votre confirmation ; "
    "rien n'a été envoyé",
    "대상 로봇에서 지도 {map}을(를) 사용 중입니다: {targets}. 교체하려면 확인이 필요합니다. 아무것도 보내지 않았습니다",
    "Die Karte {map} wird auf Zielrobotern verwendet: {targets}. Das Ersetzen muss bestätigt werden; nichts wurde "
    "gesendet",
    "De kaart {map} is in gebruik op doelrobots: {targets}. Vervangen vraagt uw bevestiging; er is niets verzonden",
    "送信先のロボットで地図 {map} が使われています: {targets}。置き換えるには確認が必要です。何も送信していません",
    "El mapa {map} está en uso en robots de destino: {targets}. Reemplazarlo requiere su confirmación; no se envió "
    "nada",
    "الخريطة {map} مستخدمة على الروبوتات الهدف: {targets}. استبدالها يتطلب تأكيدك؛ لم يُرسل شيء",
)
NAME_TOO_LONG = Text(
    "名称最多 {max} 个字符",
    "A name has at most {max} characters",
    "Un nom compte au plus {max} caractères",
    "이름은 최대 {max}자입니다",
    "Ein Name hat höchstens {max} Zeichen",
    "Een naam heeft hoogstens {max} tekens",
    "名前は {max} 文字以内です",
    "Un nombre tiene como máximo {max} caracteres",
    "يتكون الاسم من {max} حرفًا على الأكثر",
)
NAME_CHARACTERS = Text(
    '名称不能包含控制字符或 / \\ : * ? " < > |，也不能是 . 或 ..',
    'A name cannot contain control characters or / \\ : * ? " < > |, nor be . or ..',
    'Un nom ne peut contenir ni caractères de contrôle ni / \\ : * ? " < > |, ni être . ou ..',
    '이름에는 제어 문자나 / \\ : * ? " < > |를 쓸 수 없으며 . 또는 ..일 수 없습니다',
    'Ein Name darf keine Steuerzeichen und kein / \\ : * ? " < > | enthalten und nicht . oder .. sein',
    'Een naam mag geen stuurtekens of / \\ : * ? " < > | bevatten en niet . of .. zijn',
    '名前に制御文字や / \\ : * ? " < > | は使えず、. や .. にもできません',
    'Un nombre no puede contener caracteres de control ni / \\ : * ? " < > |, ni ser . o ..',
    'لا يمكن أن يحتوي الاسم على أحرف تحكم أو / \\ : * ? " < > |، ولا أن يكون . أو ..',
)
FLAG_NAME_TWICE = Text(
    "标记点名称 {name} 重复：同一地图上的标记点名称必须唯一",
    "The flag name {name} is used twice: flags on one map need different names",
    "Le nom de repère {name} est utilisé deux fois : les repères d'une carte doivent avoir des noms différents",
    "표식 이름 {name}이(가) 중복됩니다. 한 지도의 표식 이름은 서로 달라야 합니다",
    "Der Markierungsname {name} kommt zweimal vor: Markierungen einer Karte brauchen verschiedene Namen",
    "De markeringsnaam {name} komt twee keer voor: markeringen op één kaart hebben verschillende namen nodig",
    "マーカー名 {name} が重複しています。同じ地図のマーカーには別々の名前が必要です",
    "El nombre de marca {name} se usa dos veces: las marcas de un mapa necesitan nombres distintos",
    "اسم العلامة {name} مستخدم مرتين: تحتاج العلامات على خريطة واحدة إلى أسماء مختلفة",
)
MAP_NAME_TAKEN = Text(
    "该机器人上已有名为 {map} 的地图",
    "This robot already has a map named {map}",
    "Ce robot a déjà une carte nommée {map}",
    "이 로봇에 이미 {map} 지도가 있습니다",
    "Dieser Roboter hat bereits eine Karte namens {map}",
    "Deze robot heeft al een kaart met de naam {map}",
    "このロボットには {map} という地図がすでにあります",
    "Este robot ya tiene un mapa llamado {map}",
    "يحتوي هذا الروبوت بالفعل على خريطة باسم {map}",
)
# --- why a map sync row failed (``message`` of a sync row) ---
# Stored as "@KEY" or "@KEY {json values}" (service.shown_message renders them in the reader's language); a
# robot's own words are shown as they came.
SYNC_SEND_FAILED = Text(
    "命令未能交给机器人消息通道（{detail}），请重试",
    "The command could not be handed to the robot link ({detail}); retry",
    "La commande n'a pas pu être remise à la liaison robot ({detail}) ; réessayez",
    "명령을 로봇 연결에 넘기지 못했습니다({detail}). 다시 시도하세요",
    "Der Befehl konnte nicht an die Roboterverbindung übergeben werden ({detail}); erneut versuchen",
    "De opdracht kon niet aan de robotverbinding worden overgedragen ({detail}); probeer opnieuw",
    "コマンドをロボット接続に渡せませんでした（{detail}）。再試行してください",
    "No se pudo entregar el comando al enlace de los robots ({detail}); reintente",
    "تعذّر تسليم الأمر إلى اتصال الروبوتات ({detail})؛ أعد المحاولة",
)
SYNC_SOURCE_SILENT = Text(
    "未能从源机器人读取地图，请在其响应后重试",
    "The map could not be read from the source robot; retry when it answers",
    "La carte n'a pas pu être lue sur le robot source ; réessayez quand il répond",
    "원본 로봇에서 지도를 읽지 못했습니다. 응답할 때 다시 시도하세요",
    "Die Karte konnte nicht vom Quellroboter gelesen werden; erneut versuchen, wenn er antwortet",
    "De kaart kon niet van de bronrobot worden gelezen; probeer opnieuw als hij antwoordt",
    "送信元ロボットから地図を読み取れませんでした。応答したら再試行してください",
    "No se pudo leer el mapa del robot de origen; reintente cuando responda",
    "تعذّرت قراءة الخريطة من الروبوت المصدر؛ أعد المحاولة عندما يستجيب",
)
SYNC_EXPIRED = Text(
    "目标机器人 {hours} 小时内未上线接收地图，同步已失败；请在其上线后重试",
    "The target robot did not come online to take the map within {hours} h; retry when it is online",
    "Le robot cible n'est pas venu en ligne prendre la carte en {hours} h ; réessayez quand il est en ligne",
    "대상 로봇이 {hours}시간 안에 온라인이 되어 지도를 받지 않았습니다. 온라인일 때 다시 시도하세요",
    "Der Zielroboter kam nicht innerhalb von {hours} h online, um die Karte zu übernehmen; erneut versuchen, "
    "wenn er online ist",
    "De doelrobot kwam niet binnen {hours} u online om de kaart op te halen; probeer opnieuw als hij online is",
    "対象ロボットが {hours} 時間以内にオンラインにならず地図を受け取りませんでした。"
    "オンラインになったら再試行してください",
    "El robot de destino no se conectó para recibir el mapa en {hours} h; reintente cuando esté en línea",
    "لم يتصل الروبوت الهدف لاستلام الخريطة خلال {hours} ساعة؛ أعد المحاولة عندما يكون متصلاً",
)
# the target robot's own outcome: a translated lead, its own words (if any) quoted after it
SYNC_ROBOT_REFUSED = Text(
    "目标机器人拒绝接收地图：“{said}”",
    "The target robot refused the map: “{said}”",
    "Le robot cible a refusé la carte : « {said} »",
    "대상 로봇이 지도를 거부했습니다: “{said}”",
    "Der Zielroboter hat die Karte abgelehnt: „{said}“",
    "De doelrobot heeft de kaart geweigerd: ‘{said}’",
    "対象ロボットが地図を拒否しました：「{said}」",
    "El robot de destino rechazó el mapa: «{said}»",
    "رفض الروبوت الهدف الخريطة: «{said}»",
)
SYNC_ROBOT_FAILED = Text(
    "目标机器人未能完成地图同步",
    "The target robot could not finish taking the map",
    "Le robot cible n'a pas pu terminer la réception de la carte",
    "대상 로봇이 지도 받기를 끝내지 못했습니다",
    "Der Zielroboter konnte die Karte nicht fertig übernehmen",
    "De doelrobot kon het ophalen van de kaart niet voltooien",
    "対象ロボットが地図の受け取りを完了できませんでした",
    "El robot de destino no pudo terminar de recibir el mapa",
    "تعذّر على الروبوت الهدف إكمال استلام الخريطة",
)
SYNC_ROBOT_CANCELLED = Text(
    "目标机器人取消了地图同步",
    "The target robot cancelled taking the map",
    "Le robot cible a annulé la réception de la carte",
    "대상 로봇이 지도 받기를 취소했습니다",
    "Der Zielroboter hat die Übernahme der Karte abgebrochen",
    "De doelrobot heeft het ophalen van de kaart geannuleerd",
    "対象ロボットが地図の受け取りを取り消しました",
    "El robot de destino canceló la recepción del mapa",
    "ألغى الروبوت الهدف استلام الخريطة",
)

SYNC_REASONS = {"NO_ROBOT_LINK": NO_ROBOT_LINK, "SYNC_SEND_FAILED": SYNC_SEND_FAILED,
                "SYNC_SOURCE_SILENT": SYNC_SOURCE_SILENT, "SYNC_EXPIRED": SYNC_EXPIRED,
                "SYNC_ROBOT_REFUSED": SYNC_ROBOT_REFUSED, "SYNC_ROBOT_FAILED": SYNC_ROBOT_FAILED,
                "SYNC_ROBOT_CANCELLED": SYNC_ROBOT_CANCELLED}
