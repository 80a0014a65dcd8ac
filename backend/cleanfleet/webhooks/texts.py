"""The webhooks' texts in the nine languages (zh-CN, en, fr, ko, de, nl, ja, es, ar): refusals, the URL rules'
reasons, the paused subscription's notice and the test event's message."""

from cleanfleet.core.texts import Text

SUBSCRIPTION_NOT_FOUND = Text(
    "订阅 {id} 不存在", "Subscription {id} does not exist", "L'abonnement {id} n'existe pas",
    "구독 {id}이(가) 없습니다", "Abonnement {id} existiert nicht", "Abonnement {id} bestaat niet",
    "サブスクリプション {id} は存在しません",
    "La suscripción {id} no existe", "الاشتراك {id} غير موجود")
DELIVERY_NOT_FOUND = Text(
    "投递 {id} 不存在", "Delivery {id} does not exist", "L'envoi {id} n'existe pas", "전송 {id}이(가) 없습니다",
    "Zustellung {id} existiert nicht", "Aflevering {id} bestaat niet", "配信 {id} は存在しません",
    "La entrega {id} no existe", "التسليم {id} غير موجود")
UNKNOWN_EVENT = Text(
    "{event} 不是事件目录中的事件", "{event} is not an event of the catalogue",
    "{event} n'est pas un événement du catalogue", "{event}은(는) 이벤트 목록에 없습니다",
    "{event} ist kein Ereignis des Katalogs", "{event} is geen gebeurtenis uit de catalogus",
    "{event} はイベント一覧にありません", "{event} no es un evento del catálogo", "{event} ليس حدثًا في الكتالوج")
EVENT_NOT_HELD = Text(
    "接收 {event} 需要权限 {key}", "Receiving {event} needs the permission {key}",
    "Recevoir {event} nécessite la permission {key}", "{event}을(를) 받으려면 {key} 권한이 필요합니다",
    "Für {event} wird die Berechtigung {key} benötigt", "Voor {event} is de rechten {key} nodig",
    "{event} を受信するには権限 {key} が必要です", "Recibir {event} requiere el permiso {key}",
    "يتطلب استلام {event} الصلاحية {key}")
TOO_MANY = Text(
    "每个用户最多 {max} 个订阅", "At most {max} subscriptions per user", "Au plus {max} abonnements par utilisateur",
    "사용자당 구독은 최대 {max}개입니다", "Höchstens {max} Abonnements pro Benutzer",
    "Hoogstens {max} abonnementen per gebruiker", "1 ユーザーあたりのサブスクリプションは最大 {max} 件です",
    "Como máximo {max} suscripciones por usuario", "الحد الأقصى {max} اشتراكًا لكل مستخدم")
URL_REFUSED = Text(
    "服务器不能向此地址推送：{why}", "The server may not post to this address: {why}",
    "Le serveur ne peut pas envoyer à cette adresse : {why}", "서버가 이 주소로 보낼 수 없습니다: {why}",
    "Der Server darf nicht an diese Adresse senden: {why}", "De server mag niet naar dit adres sturen: {why}",
    "サーバーはこのアドレスに送信できません：{why}", "El servidor no puede enviar a esta dirección: {why}",
    "لا يمكن للخادم الإرسال إلى هذا العنوان: {why}")
WHY_SCHEME = Text(
    "只允许 http 或 https", "only http or https", "seulement http ou https", "http 또는 https만 허용됩니다",
    "nur http oder https", "alleen http of https", "http または https のみ", "solo http o https",
    "يُسمح فقط بـ http أو https")
WHY_CREDENTIALS = Text(
    "地址中不能包含用户名或密码", "no user name or password in the address",
    "pas de nom d'utilisateur ni de mot de passe dans l'adresse", "주소에 사용자 이름이나 비밀번호를 넣을 수 없습니다",
    "kein Benutzername oder Passwort in der Adresse", "geen gebruikersnaam of wachtwoord in het adres",
    "アドレスにユーザー名やパスワードは含められません", "sin usuario ni contraseña en la dirección",
    "بدون اسم مستخدم أو كلمة مرور في العنوان")
WHY_PORT = Text(
    "只允许端口 80 和 443", "only ports 80 and 443", "seulement les ports 80 et 443", "포트 80과 443만 허용됩니다",
    "nur die Ports 80 und 443", "alleen poort 80 en 443", "ポート 80 と 443 のみ", "solo los puertos 80 y 443",
    "يُسمح فقط بالمنفذين 80 و443")
WHY_ADDRESS = Text(
    "主机指向本机、内网、链路本地、组播或云元数据地址", "the host points at a loopback, private, link-local, "
    "multicast or cloud metadata address",
    "l'hôte pointe vers une adresse de bouclage, privée, lien-local, multicast ou de métadonnées cloud",
    "호스트가 루프백, 사설, 링크 로컬, 멀티캐스트 또는 클라우드 메타데이터 주소를 가리킵니다",
    "der Host zeigt auf eine Loopback-, private, Link-Local-, Multicast- oder Cloud-Metadaten-Adresse",
    "de host wijst naar een loopback-, privé-, link-local-, multicast- of cloud-metadata-adres",
    "ホストがループバック、プライベート、リンクローカル、マルチキャスト、またはクラウドのメタデータのアドレスを指しています",
    "el host apunta a una dirección de bucle local, privada, de enlace local, multidifusión o de metadatos de la nube",
    "يشير المضيف إلى عنوان استرجاع أو خاص أو محلي للرابط أو بث متعدد أو بيانات وصفية سحابية")
WHY_NOT_FOUND = Text(
    "找不到该主机", "the host cannot be found", "l'hôte est introuvable", "호스트를 찾을 수 없습니다",
    "der Host wurde nicht gefunden", "de host is niet te vinden", "ホストが見つかりません",
    "no se encuentra el host", "تعذر العثور على المضيف")
WHY_NOT_URL = Text(
    "不是有效的网址", "not a valid URL", "pas une URL valide", "올바른 URL이 아닙니다", "keine gültige URL",
    "geen geldige URL", "有効な URL ではありません", "no es una URL válida", "ليس عنوان URL صالحًا")

PAUSED_TITLE = Text(
    "Webhook“{name}”已暂停", "Webhook \"{name}\" was paused", "Le webhook « {name} » a été mis en pause",
    "웹훅 \"{name}\"이(가) 일시 중지되었습니다", "Webhook „{name}“ wurde pausiert", "Webhook '{name}' is gepauzeerd",
    "Webhook「{name}」を一時停止しました", "El webhook \"{name}\" se ha pausado", "تم إيقاف الويب هوك \"{name}\" مؤقتًا")
PAUSED_CONTENT = Text(
    "自 {since} 起向 {url} 的投递全部失败（最后一次：{error}）。请修复接收方后在“集成 → Webhook”中恢复。",
    "Every delivery to {url} has failed since {since} (last: {error}). Fix the receiver, then resume it in "
    "Integrations → Webhooks.",
    "Tous les envois vers {url} échouent depuis {since} (dernier : {error}). Réparez le destinataire puis "
    "reprenez-le dans Intégrations → Webhooks.",
    "{since}부터 {url}(으)로의 모든 전송이 실패했습니다(마지막: {error}). "
    "수신 측을 고친 후 통합 → 웹훅에서 재개하세요.",
    "Seit {since} schlägt jede Zustellung an {url} fehl (zuletzt: {error}). Beheben Sie den Empfänger und setzen "
    "Sie ihn unter Integrationen → Webhooks fort.",
    "Sinds {since} mislukt elke aflevering naar {url} (laatste: {error}). Herstel de ontvanger en hervat hem "
    "in Integraties → Webhooks.",
    "{since} 以降、{url} への配信はすべて失敗しています（最後：{error}）。受信側を修正してから「連携 → Webhook」で"
    "再開してください。",
    "Todas las entregas a {url} fallan desde {since} (última: {error}). Corrija el receptor y reanúdelo en "
    "Integraciones → Webhooks.",
    "فشلت كل عمليات التسليم إلى {url} منذ {since} (الأخيرة: {error}). أصلح المستقبِل ثم استأنفه من التكاملات ← "
    "الويب هوك.")
TEST_MESSAGE = Text(
    "来自 cleanfleet 的测试事件", "A test event from cleanfleet", "Un événement de test de cleanfleet",
    "cleanfleet의 테스트 이벤트", "Ein Testereignis von cleanfleet", "Een testgebeurtenis van cleanfleet",
    "cleanfleet からのテストイベント", "Un evento de prueba de cleanfleet", "حدث اختبار من cleanfleet")
TEST_TOO_OFTEN = Text(
    "此订阅的测试事件过于频繁（每分钟最多 {limit} 次）：{seconds} 秒后再试",
    "Too many test events for this subscription (at most {limit} a minute): try again in {seconds} s",
    "Trop d'événements de test pour cet abonnement (au plus {limit} par minute) : réessayez dans {seconds} s",
    "이 구독의 테스트 이벤트가 너무 많습니다(분당 최대 {limit}회): {seconds}초 후에 다시 시도하세요",
    "Zu viele Testereignisse für dieses Abonnement (höchstens {limit} pro Minute): in {seconds} s erneut versuchen",
    "Te veel testgebeurtenissen voor dit abonnement (hoogstens {limit} per minuut): probeer het over {seconds} s "
    "opnieuw",
    "このサブスクリプションのテストイベントが多すぎます（毎分最大 {limit} 回）。{seconds} 秒後に再試行してください",
    "Demasiados eventos de prueba para esta suscripción (como máximo {limit} por minuto): reintente en {seconds} s",
    "أحداث اختبار كثيرة جدًا لهذا الاشتراك (بحد أقصى {limit} في الدقيقة): أعد المحاولة بعد {seconds} ث")
