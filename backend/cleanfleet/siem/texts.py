"""The SIEM streaming's texts in the nine languages (zh-CN, en, fr, ko, de, nl, ja, es, ar): refusals and the test
message."""

from cleanfleet.core.texts import Text

DESTINATION_NOT_FOUND = Text(
    "SIEM 目标 {id} 不存在", "SIEM destination {id} does not exist", "La destination SIEM {id} n'existe pas",
    "SIEM 대상 {id}이(가) 없습니다", "SIEM-Ziel {id} existiert nicht", "SIEM-bestemming {id} bestaat niet",
    "SIEM 送信先 {id} は存在しません", "El destino SIEM {id} no existe", "وجهة SIEM {id} غير موجودة")
HOST_REFUSED = Text(
    "服务器不能连接该主机：{why}", "The server may not connect to this host: {why}",
    "Le serveur ne peut pas se connecter à cet hôte : {why}", "서버가 이 호스트에 연결할 수 없습니다: {why}",
    "Der Server darf sich nicht mit diesem Host verbinden: {why}",
    "De server mag geen verbinding maken met deze host: {why}", "サーバーはこのホストに接続できません: {why}",
    "El servidor no puede conectarse a este host: {why}", "لا يمكن للخادم الاتصال بهذا المضيف: {why}")
WHY_PORT = Text(
    "只允许端口 514、601、6514 或 1024 以上的端口", "only port 514, 601, 6514 or a port from 1024 up",
    "seulement le port 514, 601, 6514 ou un port à partir de 1024",
    "포트 514, 601, 6514 또는 1024 이상의 포트만 허용됩니다", "nur Port 514, 601, 6514 oder ein Port ab 1024",
    "alleen poort 514, 601, 6514 of een poort vanaf 1024", "ポート 514、601、6514 または 1024 以上のみ",
    "solo el puerto 514, 601, 6514 o uno a partir de 1024",
    "يُسمح فقط بالمنفذ 514 أو 601 أو 6514 أو منفذ من 1024 فما فوق")
WHY_ADDRESS = Text(
    "主机指向本机、内网、链路本地、组播或云元数据地址", "the host points at a loopback, private, link-local, "
    "multicast or cloud metadata address",
    "l'hôte pointe vers une adresse de bouclage, privée, lien-local, multicast ou de métadonnées cloud",
    "호스트가 루프백, 사설, 링크 로컬, 멀티캐스트 또는 클라우드 메타데이터 주소를 가리킵니다",
    "der Host zeigt auf eine Loopback-, private, Link-Local-, Multicast- oder Cloud-Metadaten-Adresse",
    "de host wijst naar een loopback-, privé-, link-local-, multicast- of cloudmetadata-adres",
    "ホストがループバック、プライベート、リンクローカル、マルチキャスト、クラウドメタデータのアドレスを指しています",
    "el host apunta a una dirección de bucle local, privada, de enlace local, multidifusión o de metadatos de la nube",
    "يشير المضيف إلى عنوان استرجاع أو خاص أو محلي للرابط أو بث متعدد أو بيانات وصفية سحابية")
WHY_NOT_FOUND = Text(
    "找不到该主机", "the host cannot be found", "l'hôte est introuvable", "호스트를 찾을 수 없습니다",
    "der Host wurde nicht gefunden", "de host is niet te vinden", "ホストが見つかりません",
    "no se encuentra el host", "تعذر العثور على المضيف")
CA_INVALID = Text(
    "这不是 PEM 格式的证书颁发机构证书", "This is not a certificate authority's certificate in PEM",
    "Ce n'est pas un certificat d'autorité au format PEM", "PEM 형식의 인증 기관 인증서가 아닙니다",
    "Das ist kein Zertifikat einer Zertifizierungsstelle im PEM-Format",
    "Dit is geen certificaat van een certificeringsinstantie in PEM", "PEM 形式の認証局の証明書ではありません",
    "No es un certificado de autoridad de certificación en PEM", "هذه ليست شهادة جهة إصدار بتنسيق PEM")
TOO_MANY = Text(
    "每个节点最多 {max} 个 SIEM 目标", "At most {max} SIEM destinations per node",
    "Au plus {max} destinations SIEM par nœud", "노드당 SIEM 대상은 최대 {max}개입니다",
    "Höchstens {max} SIEM-Ziele pro Knoten", "Hoogstens {max} SIEM-bestemmingen per knooppunt",
    "1 ノードあたりの SIEM 送信先は最大 {max} 件です", "Como máximo {max} destinos SIEM por nodo",
    "الحد الأقصى {max} وجهات SIEM لكل عقدة")
TEST_MESSAGE = Text(
    "来自 cleanfleet 的测试消息", "A test message from cleanfleet", "Un message de test de cleanfleet",
    "cleanfleet의 테스트 메시지", "Eine Testnachricht von cleanfleet", "Een testbericht van cleanfleet",
    "cleanfleet からのテストメッセージ", "Un mensaje de prueba de cleanfleet", "رسالة اختبار من cleanfleet")
