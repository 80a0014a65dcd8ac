"""Single sign-on's refusals in the nine languages (zh-CN, en, fr, ko, de, nl, ja, es, ar)."""

from cleanfleet.core.texts import Text, register

PROVIDER_NOT_FOUND = Text(
    "身份提供方 {id} 不存在", "Identity provider {id} does not exist", "Le fournisseur d'identité {id} n'existe pas",
    "ID 공급자 {id}이(가) 없습니다", "Identitätsanbieter {id} existiert nicht", "Identiteitsprovider {id} bestaat niet",
    "ID プロバイダー {id} は存在しません", "El proveedor de identidad {id} no existe",
    "موفّر الهوية {id} غير موجود")
NODE_HAS_NO_PEOPLE = Text(
    "该节点下不能再建账号，不能为它配置身份提供方", "No accounts can be created below this node, so it cannot have an "
    "identity provider", "Aucun compte ne peut être créé sous ce nœud : il ne peut pas avoir de fournisseur d'identité",
    "이 노드 아래에는 계정을 만들 수 없으므로 ID 공급자를 둘 수 없습니다",
    "Unter diesem Knoten können keine Konten angelegt werden, daher kann er keinen Identitätsanbieter haben",
    "Onder dit knooppunt kunnen geen accounts worden gemaakt, dus het kan geen identiteitsprovider hebben",
    "このノードの下にはアカウントを作成できないため、ID プロバイダーを設定できません",
    "No se pueden crear cuentas bajo este nodo, así que no puede tener proveedor de identidad",
    "لا يمكن إنشاء حسابات تحت هذه العقدة، لذا لا يمكن أن يكون لها موفّر هوية")
TOO_MANY = Text(
    "每个节点最多 {max} 个身份提供方", "At most {max} identity providers per node",
    "{max} fournisseurs d'identité au maximum par nœud", "노드당 ID 공급자는 최대 {max}개입니다",
    "Höchstens {max} Identitätsanbieter pro Knoten", "Maximaal {max} identiteitsproviders per knooppunt",
    "ID プロバイダーは 1 ノードにつき最大 {max} 個です", "Como máximo {max} proveedores de identidad por nodo",
    "الحد الأقصى {max} موفّري هوية لكل عقدة")
DOMAIN_INVALID = Text(
    "{domain} 不是电子邮件域名（例如 example.com）", "{domain} is not an e-mail domain (such as example.com)",
    "{domain} n'est pas un domaine de messagerie (comme example.com)",
    "{domain}은(는) 이메일 도메인이 아닙니다(예: example.com)",
    "{domain} ist keine E-Mail-Domain (etwa example.com)", "{domain} is geen e-maildomein (zoals example.com)",
    "{domain} はメールドメインではありません（例: example.com）",
    "{domain} no es un dominio de correo (como example.com)", "{domain} ليس نطاق بريد إلكتروني (مثل example.com)")
DOMAIN_TWICE = Text(
    "域名 {domain} 重复", "The domain {domain} is listed twice", "Le domaine {domain} figure deux fois",
    "도메인 {domain}이(가) 두 번 있습니다", "Die Domain {domain} steht zweimal da",
    "Het domein {domain} staat er twee keer",
    "ドメイン {domain} が重複しています", "El dominio {domain} aparece dos veces", "النطاق {domain} مذكور مرتين")
DOMAIN_TAKEN = Text(
    "域名 {domain} 已由另一个身份提供方使用", "The domain {domain} is already served by another identity provider",
    "Le domaine {domain} est déjà servi par un autre fournisseur d'identité",
    "도메인 {domain}은(는) 이미 다른 ID 공급자가 사용합니다",
    "Die Domain {domain} wird bereits von einem anderen Identitätsanbieter bedient",
    "Het domein {domain} wordt al door een andere identiteitsprovider bediend",
    "ドメイン {domain} は既に別の ID プロバイダーが使用しています",
    "El dominio {domain} ya lo atiende otro proveedor de identidad",
    "النطاق {domain} يخدمه موفّر هوية آخر بالفعل")
SECRET_REQUIRED = Text(
    "请填写客户端密钥", "Enter the client secret", "Saisissez le secret client", "클라이언트 비밀을 입력하세요",
    "Geben Sie das Client-Secret ein", "Vul het clientgeheim in", "クライアントシークレットを入力してください",
    "Introduzca el secreto de cliente", "أدخل سر العميل")
NO_OPENID_SCOPE = Text(
    "范围必须包含 openid", "The scopes must include openid", "Les portées doivent inclure openid",
    "범위에 openid가 있어야 합니다", "Die Bereiche müssen openid enthalten", "De scopes moeten openid bevatten",
    "スコープには openid が必要です", "Los ámbitos deben incluir openid", "يجب أن تتضمن النطاقات openid")
GROUP_NODE_OUTSIDE = Text(
    "节点 {id} 不在该身份提供方的节点之下", "Node {id} is not below the identity provider's node",
    "Le nœud {id} n'est pas sous le nœud du fournisseur d'identité",
    "노드 {id}은(는) ID 공급자의 노드 아래에 있지 않습니다",
    "Knoten {id} liegt nicht unter dem Knoten des Identitätsanbieters",
    "Knooppunt {id} ligt niet onder het knooppunt van de identiteitsprovider",
    "ノード {id} は ID プロバイダーのノードの下にありません",
    "El nodo {id} no está bajo el nodo del proveedor de identidad", "العقدة {id} ليست تحت عقدة موفّر الهوية")
ISSUER_REFUSED = Text(
    "服务器不能访问此签发者地址：{why}", "The server may not call this issuer URL: {why}",
    "Le serveur ne peut pas appeler cette URL d'émetteur : {why}", "서버가 이 발급자 URL을 호출할 수 없습니다: {why}",
    "Der Server darf diese Aussteller-URL nicht aufrufen: {why}", "De server mag deze issuer-URL niet aanroepen: {why}",
    "サーバーはこの発行者 URL を呼び出せません: {why}", "El servidor no puede llamar a esta URL de emisor: {why}",
    "لا يجوز للخادم استدعاء عنوان المُصدِر هذا: {why}")
DISCOVERY_FAILED = Text(
    "无法读取该身份提供方的发现文档（{why}）", "The provider's discovery document could not be read ({why})",
    "Le document de découverte du fournisseur est illisible ({why})",
    "공급자의 검색 문서를 읽을 수 없습니다({why})",
    "Das Discovery-Dokument des Anbieters ließ sich nicht lesen ({why})",
    "Het discoverydocument van de provider kon niet worden gelezen ({why})",
    "プロバイダーのディスカバリー文書を読み取れませんでした（{why}）",
    "No se pudo leer el documento de descubrimiento del proveedor ({why})",
    "تعذّرت قراءة مستند الاكتشاف لدى الموفّر ({why})")
ISSUER_MISMATCH = Text(
    "发现文档声明的签发者是 {found}，与填写的不同", "The discovery document names another issuer: {found}",
    "Le document de découverte nomme un autre émetteur : {found}", "검색 문서에 다른 발급자가 있습니다: {found}",
    "Das Discovery-Dokument nennt einen anderen Aussteller: {found}",
    "Het discoverydocument noemt een andere issuer: {found}", "ディスカバリー文書の発行者が異なります: {found}",
    "El documento de descubrimiento nombra otro emisor: {found}", "يذكر مستند الاكتشاف مُصدِرًا آخر: {found}")
NOT_OPENID = Text(
    "发现文档缺少 {what}", "The discovery document lacks {what}", "Il manque {what} au document de découverte",
    "검색 문서에 {what}이(가) 없습니다", "Dem Discovery-Dokument fehlt {what}", "Het discoverydocument mist {what}",
    "ディスカバリー文書に {what} がありません", "Al documento de descubrimiento le falta {what}",
    "يفتقر مستند الاكتشاف إلى {what}")
PASSWORDS_OFF = Text(
    "你的组织已关闭密码登录：请使用“使用 {provider} 登录”", "Your organisation has turned password sign-in off: "
    "use “Sign in with {provider}”", "Votre organisation a désactivé la connexion par mot de passe : utilisez "
    "« Se connecter avec {provider} »", "조직에서 비밀번호 로그인을 껐습니다: ‘{provider}(으)로 로그인’을 사용하세요",
    "Ihre Organisation hat die Anmeldung mit Passwort abgeschaltet: nutzen Sie „Mit {provider} anmelden“",
    "Uw organisatie heeft aanmelden met een wachtwoord uitgezet: gebruik ‘Aanmelden met {provider}’",
    "組織がパスワードでのサインインを無効にしています。「{provider} でサインイン」を使ってください",
    "Su organización desactivó el acceso con contraseña: use «Iniciar sesión con {provider}»",
    "أوقفت مؤسستك تسجيل الدخول بكلمة المرور: استخدم «تسجيل الدخول عبر {provider}»")
HANDOFF_EXPIRED = Text(
    "单点登录已过期或已使用，请重新登录", "This single sign-on has expired or was used already: sign in again",
    "Cette connexion unique a expiré ou a déjà servi : reconnectez-vous",
    "이 통합 로그인은 만료되었거나 이미 사용되었습니다: 다시 로그인하세요",
    "Diese Einmalanmeldung ist abgelaufen oder wurde schon benutzt: melden Sie sich erneut an",
    "Deze eenmalige aanmelding is verlopen of al gebruikt: meld u opnieuw aan",
    "このシングルサインオンは期限切れか使用済みです。もう一度サインインしてください",
    "Este inicio de sesión único caducó o ya se usó: inicie sesión de nuevo",
    "انتهت صلاحية تسجيل الدخول الموحّد هذا أو استُخدم بالفعل: سجّل الدخول مرة أخرى")

WHY = {
    "not_url": Text("不是有效的网址", "not a valid URL", "URL non valide", "올바른 URL이 아님", "keine gültige URL",
                    "geen geldige URL", "有効な URL ではありません", "no es una URL válida", "ليس عنوان URL صالحًا"),
    "scheme": Text("只接受 https", "only https is accepted", "seul https est accepté", "https만 허용됩니다",
                   "nur https ist erlaubt", "alleen https is toegestaan", "https のみ使用できます",
                   "solo se acepta https", "يُقبل https فقط"),
    "credentials": Text("网址中不能含用户名或密码", "no user name or password in the URL",
                        "pas de nom d'utilisateur ni de mot de passe dans l'URL",
                        "URL에 사용자 이름이나 비밀번호를 넣을 수 없음",
                        "kein Benutzername oder Passwort in der URL", "geen gebruikersnaam of wachtwoord in de URL",
                        "URL にユーザー名やパスワードを含められません", "sin usuario ni contraseña en la URL",
                        "لا اسم مستخدم ولا كلمة مرور في العنوان"),
    "port": Text("只接受 443 端口", "only port 443 is accepted", "seul le port 443 est accepté",
                 "443 포트만 허용됩니다", "nur Port 443 ist erlaubt", "alleen poort 443 is toegestaan",
                 "ポート 443 のみ使用できます", "solo se acepta el puerto 443", "يُقبل المنفذ 443 فقط"),
    "address": Text("指向内部或保留地址", "it points at an internal or reserved address",
                    "elle pointe vers une adresse interne ou réservée", "내부 또는 예약된 주소를 가리킴",
                    "sie zeigt auf eine interne oder reservierte Adresse",
                    "het wijst naar een intern of gereserveerd adres",
                    "内部または予約済みのアドレスを指しています", "apunta a una dirección interna o reservada",
                    "يشير إلى عنوان داخلي أو محجوز"),
    "not_found": Text("找不到该主机", "the host cannot be found", "l'hôte est introuvable", "호스트를 찾을 수 없음",
                      "der Host ist nicht auffindbar", "de host is niet te vinden", "ホストが見つかりません",
                      "no se encuentra el host", "تعذّر العثور على المضيف"),
    "not_json": Text("应答不是 JSON", "the answer is not JSON", "la réponse n'est pas du JSON", "응답이 JSON이 아님",
                     "die Antwort ist kein JSON", "het antwoord is geen JSON", "応答が JSON ではありません",
                     "la respuesta no es JSON", "الرد ليس JSON"),
}

register("sso", globals())
