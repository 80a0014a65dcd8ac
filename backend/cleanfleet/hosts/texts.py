"""The refusals of the transfer node and server calls, in the nine languages (zh-CN, en, fr, ko, de, nl, ja, es,
ar)."""

from cleanfleet.core.texts import Text

NODE_NOT_FOUND = Text(
    "中转节点 {id} 不存在",
    "Transfer node {id} does not exist",
    "Le nœud de relais {id} n'existe pas",
    "중계 노드 {id}이(가) 없습니다",
    "Der Vermittlungsknoten {id} existiert nicht",
    "Doorgiftenode {id} bestaat niet",
    "中継ノード {id} は存在しません",
    "El nodo de retransmisión {id} no existe",
    "عقدة الترحيل {id} غير موجودة")
SERVER_NOT_FOUND = Text(
    "服务器 {id} 不存在",
    "Server {id} does not exist",
    "Le serveur {id} n'existe pas",
    "서버 {id}이(가) 없습니다",
    "Der Server {id} existiert nicht",
    "Server {id} bestaat niet",
    "サーバー {id} は存在しません",
    "El servidor {id} no existe",
    "الخادم {id} غير موجود")
NODE_NAME_TAKEN = Text(
    "中转节点名称 {name} 已被使用",
    "The transfer node name {name} is already taken",
    "Le nom de nœud de relais {name} est déjà utilisé",
    "중계 노드 이름 {name}은(는) 이미 사용 중입니다",
    "Der Knotenname {name} ist bereits vergeben",
    "De nodenaam {name} is al in gebruik",
    "中継ノード名 {name} はすでに使われています",
    "El nombre de nodo {name} ya está en uso",
    "اسم عقدة الترحيل {name} مستخدم بالفعل")
SERVER_NAME_TAKEN = Text(
    "服务器名称 {name} 已被使用",
    "The server name {name} is already taken",
    "Le nom de serveur {name} est déjà utilisé",
    "서버 이름 {name}은(는) 이미 사용 중입니다",
    "Der Servername {name} ist bereits vergeben",
    "De servernaam {name} is al in gebruik",
    "サーバー名 {name} はすでに使われています",
    "El nombre de servidor {name} ya está en uso",
    "اسم الخادم {name} مستخدم بالفعل")
NOT_A_NODE = Text(
    "{host} 不是已登记的中转节点",
    "{host} is not a registered transfer node",
    "{host} n'est pas un nœud de relais enregistré",
    "{host}은(는) 등록된 중계 노드가 아닙니다",
    "{host} ist kein registrierter Vermittlungsknoten",
    "{host} is geen geregistreerde doorgiftenode",
    "{host} は登録済みの中継ノードではありません",
    "{host} no es un nodo de retransmisión registrado",
    "{host} ليس عقدة ترحيل مسجلة")
NO_FREE_PORT = Text(
    "中转节点 {host} 已没有空闲端口",
    "No free port is left on transfer node {host}",
    "Plus aucun port libre sur le nœud de relais {host}",
    "중계 노드 {host}에 남은 빈 포트가 없습니다",
    "Auf dem Vermittlungsknoten {host} ist kein Port mehr frei",
    "Er is geen vrije poort meer op doorgiftenode {host}",
    "中継ノード {host} に空きポートがありません",
    "No quedan puertos libres en el nodo de retransmisión {host}",
    "لم يعد هناك منفذ متاح على عقدة الترحيل {host}")
PORTS_BUSY = Text(
    "中转节点 {host} 同时收到的请求过多，请重试",
    "Too many requests for transfer node {host} at once; try again",
    "Trop de demandes simultanées pour le nœud de relais {host} ; réessayez",
    "중계 노드 {host}에 동시 요청이 너무 많습니다. 다시 시도하세요",
    "Zu viele gleichzeitige Anfragen für den Vermittlungsknoten {host}; versuchen Sie es erneut",
    "Te veel gelijktijdige verzoeken voor doorgiftenode {host}; probeer het opnieuw",
    "中継ノード {host} への同時リクエストが多すぎます。もう一度お試しください",
    "Demasiadas solicitudes simultáneas para el nodo de retransmisión {host}; inténtelo de nuevo",
    "طلبات متزامنة كثيرة جدًا لعقدة الترحيل {host}؛ حاول مرة أخرى")
