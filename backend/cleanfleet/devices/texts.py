"""Why a device call is refused, in the nine languages (zh-CN, en, fr, ko, de, nl, ja, es, ar)."""

from cleanfleet.core.texts import Text

DEVICE_NOT_FOUND = Text(
    "找不到设备 {deviceId}", "Device {deviceId} not found", "Appareil {deviceId} introuvable",
    "장치 {deviceId}을(를) 찾을 수 없습니다", "Gerät {deviceId} nicht gefunden", "Apparaat {deviceId} niet gevonden",
    "デバイス {deviceId} が見つかりません", "No se encontró el dispositivo {deviceId}",
    "لم يتم العثور على الجهاز {deviceId}")
SERIAL_NOT_FOUND = Text(
    "找不到序列号为 {serial} 的设备", "No device has the serial number {serial}",
    "Aucun appareil n'a le numéro de série {serial}", "일련번호가 {serial}인 장치가 없습니다",
    "Kein Gerät hat die Seriennummer {serial}", "Geen apparaat heeft serienummer {serial}",
    "シリアル番号 {serial} のデバイスはありません", "Ningún dispositivo tiene el número de serie {serial}",
    "لا يوجد جهاز بالرقم التسلسلي {serial}")
SERIAL_TAKEN = Text(
    "序列号 {serial} 已被其他设备使用", "The serial number {serial} is already used by another device",
    "Le numéro de série {serial} est déjà utilisé par un autre appareil",
    "일련번호 {serial}은(는) 이미 다른 장치에서 사용 중입니다",
    "Die Seriennummer {serial} wird bereits von einem anderen Gerät verwendet",
    "Serienummer {serial} wordt al door een ander apparaat gebruikt",
    "シリアル番号 {serial} は既に別のデバイスで使われています",
    "El número de serie {serial} ya lo usa otro dispositivo", "الرقم التسلسلي {serial} مستخدم بالفعل لجهاز آخر")
SHADOW_CANNOT_OWN = Text(
    "影子账号不能拥有设备（它代表其主账号操作）", "A shadow account cannot own devices (it acts for its owner)",
    "Un compte fantôme ne peut pas posséder d'appareils (il agit pour son propriétaire)",
    "섀도 계정은 장치를 소유할 수 없습니다(소유자를 대신해 동작합니다)",
    "Ein Schattenkonto kann keine Geräte besitzen (es handelt für seinen Inhaber)",
    "Een schaduwaccount kan geen apparaten bezitten (het handelt namens zijn eigenaar)",
    "シャドウアカウントはデバイスを所有できません（所有者の代わりに操作します）",
    "Una cuenta sombra no puede tener dispositivos (actúa en nombre de su titular)",
    "لا يمكن للحساب الظلي امتلاك أجهزة (فهو يعمل نيابةً عن مالكه)")
SHADOW_NOT_IN_TREE = Text(
    "影子账号不在归属树中（它代表其主账号操作）", "A shadow account is not in the owner tree (it acts for its owner)",
    "Un compte fantôme ne figure pas dans l'arbre des propriétaires (il agit pour son propriétaire)",
    "섀도 계정은 소유자 트리에 없습니다(소유자를 대신해 동작합니다)",
    "Ein Schattenkonto steht nicht im Besitzerbaum (es handelt für seinen Inhaber)",
    "Een schaduwaccount staat niet in de eigenaarsboom (het handelt namens zijn eigenaar)",
    "シャドウアカウントは所有者ツリーにありません（所有者の代わりに操作します）",
    "Una cuenta sombra no está en el árbol de titulares (actúa en nombre de su titular)",
    "الحساب الظلي ليس ضمن شجرة المالكين (فهو يعمل نيابةً عن مالكه)")
CONNECTION_ADMIN_ONLY = Text(
    "只有中转节点管理员可以修改此连接设置", "Only transfer-node administrators may change this connection setting",
    "Seuls les administrateurs des nœuds de transfert peuvent modifier ce paramètre de connexion",
    "이 연결 설정은 중계 노드 관리자만 변경할 수 있습니다",
    "Nur Administratoren der Transferknoten dürfen diese Verbindungseinstellung ändern",
    "Alleen beheerders van transferknooppunten mogen deze verbindingsinstelling wijzigen",
    "この接続設定を変更できるのは中継ノードの管理者だけです",
    "Solo los administradores de nodos de tránsito pueden cambiar este ajuste de conexión",
    "لا يغيّر إعداد الاتصال هذا إلا مسؤولو عُقد النقل")
PORT_TAKEN = Text(
    "{host}:{port} 已被设备 {serial} 使用", "{host}:{port} is already used by device {serial}",
    "{host}:{port} est déjà utilisé par l'appareil {serial}",
    "{host}:{port}은(는) 이미 장치 {serial}에서 사용 중입니다",
    "{host}:{port} wird bereits von Gerät {serial} verwendet", "{host}:{port} wordt al gebruikt door apparaat {serial}",
    "{host}:{port} は既にデバイス {serial} で使われています", "{host}:{port} ya lo usa el dispositivo {serial}",
    "{host}:{port} مستخدم بالفعل للجهاز {serial}")
# product-spec 5 "the port must be set first": a robot's SSH and web ports are reached through its FRP port, and the
# FRP port through its host; the server holds it, not only the form (issue 48 item 10)
PORT_NEEDS_FRP_PORT = Text(
    "请先设置 FRP 端口：此端口经由它访问", "Set the FRP port first: this port is reached through it",
    "Indiquez d'abord le port FRP : ce port passe par lui",
    "먼저 FRP 포트를 지정하세요. 이 포트는 FRP 포트를 통해 연결됩니다",
    "Legen Sie zuerst den FRP-Port fest: Dieser Port wird über ihn erreicht",
    "Stel eerst de FRP-poort in: deze poort wordt via die poort bereikt",
    "先に FRP ポートを設定してください。このポートは FRP ポート経由で接続します",
    "Indique primero el puerto FRP: este puerto se alcanza a través de él",
    "عيّن منفذ FRP أولًا: يُوصَل إلى هذا المنفذ عبره")
FRP_PORT_NEEDS_HOST = Text(
    "请先设置 FRP 主机", "Set the FRP host first", "Indiquez d'abord l'hôte FRP", "먼저 FRP 호스트를 지정하세요",
    "Legen Sie zuerst den FRP-Host fest", "Stel eerst de FRP-host in", "先に FRP ホストを設定してください",
    "Indique primero el host FRP", "حدّد مضيف FRP أولًا")
OWN_DEVICES_FROM_ABOVE = Text(
    "你自己的设备由你的上级用户分配", "Your own devices are assigned by the user above you",
    "Vos propres appareils sont attribués par l'utilisateur au-dessus de vous",
    "본인의 장치는 상위 사용자가 할당합니다", "Ihre eigenen Geräte weist der Benutzer über Ihnen zu",
    "Uw eigen apparaten worden toegewezen door de gebruiker boven u",
    "自分のデバイスは上位のユーザーが割り当てます", "Sus propios dispositivos los asigna el usuario superior",
    "يُسند المستخدم الأعلى منك أجهزتك الخاصة")
TOP_CANNOT_RELEASE = Text(
    "顶级账号不能交出设备", "The top account cannot give devices up", "Le compte racine ne peut pas céder d'appareils",
    "최상위 계정은 장치를 반환할 수 없습니다", "Das oberste Konto kann keine Geräte abgeben",
    "Het bovenste account kan geen apparaten afstaan", "最上位のアカウントはデバイスを手放せません",
    "La cuenta superior no puede ceder dispositivos", "لا يمكن للحساب الأعلى التخلي عن الأجهزة")
BIND_NEEDS_USER = Text(
    "请选择要绑定设备的用户", "Choose the user to bind the device to",
    "Choisissez l'utilisateur auquel lier l'appareil", "장치를 연결할 사용자를 선택하세요",
    "Wählen Sie den Benutzer, an den das Gerät gebunden wird", "Kies de gebruiker aan wie het apparaat wordt gekoppeld",
    "デバイスを紐づけるユーザーを選択してください", "Elija el usuario al que vincular el dispositivo",
    "اختر المستخدم الذي سيُربط به الجهاز")
PARENT_OR_USER = Text(
    "parentId 和 userId 只能给出其中一个", "Give parentId or userId, not both",
    "Indiquez parentId ou userId, pas les deux", "parentId와 userId 중 하나만 지정하세요",
    "Geben Sie parentId oder userId an, nicht beides", "Geef parentId of userId op, niet beide",
    "parentId と userId のどちらか一方だけを指定してください", "Indique parentId o userId, no ambos",
    "أدخل parentId أو userId وليس كليهما")
NO_COORDINATES = Text(
    "该设备没有坐标", "The device has no coordinates", "L'appareil n'a pas de coordonnées", "장치에 좌표가 없습니다",
    "Das Gerät hat keine Koordinaten", "Het apparaat heeft geen coördinaten", "デバイスに座標がありません",
    "El dispositivo no tiene coordenadas", "لا توجد إحداثيات للجهاز")
