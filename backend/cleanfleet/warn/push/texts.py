"""What the push calls say, in the nine languages (zh-CN, en, fr, ko, de, nl, ja, es, ar)."""

from cleanfleet.core.texts import Text

ENDPOINT_UNSAFE = Text(
    "推送地址必须是公网 https 地址", "The push address must be a public https address",
    "L'adresse de notification doit être une adresse https publique", "푸시 주소는 공개 https 주소여야 합니다",
    "Die Push-Adresse muss eine öffentliche https-Adresse sein", "Het pushadres moet een openbaar https-adres zijn",
    "プッシュ先は公開の https アドレスである必要があります",
    "La dirección de notificación debe ser una dirección https pública",
    "يجب أن يكون عنوان الإشعارات عنوان https عامًا")
ENDPOINT_PORT = Text(
    "推送地址只能使用 443 端口", "The push address must use port 443",
    "L'adresse de notification doit utiliser le port 443", "푸시 주소는 443 포트를 사용해야 합니다",
    "Die Push-Adresse muss Port 443 verwenden", "Het pushadres moet poort 443 gebruiken",
    "プッシュ先はポート 443 を使う必要があります", "La dirección de notificación debe usar el puerto 443",
    "يجب أن يستخدم عنوان الإشعارات المنفذ 443")
ENDPOINT_TAKEN = Text(
    "此推送地址已由其他用户注册", "This push address is registered to another user",
    "Cette adresse de notification est enregistrée pour un autre utilisateur",
    "이 푸시 주소는 다른 사용자가 등록했습니다", "Diese Push-Adresse ist für einen anderen Benutzer registriert",
    "Dit pushadres is geregistreerd voor een andere gebruiker", "このプッシュ先は別のユーザーが登録しています",
    "Esta dirección de notificación está registrada para otro usuario",
    "عنوان الإشعارات هذا مسجل لمستخدم آخر")
KEY_WRONG = Text(
    "浏览器公钥无效：应为 65 字节的 P-256 公钥（base64url）",
    "The browser's key is not valid: it must be a 65-byte P-256 public key (base64url)",
    "La clé du navigateur n'est pas valide : une clé publique P-256 de 65 octets (base64url) est attendue",
    "브라우저 키가 올바르지 않습니다. 65바이트 P-256 공개 키(base64url)여야 합니다",
    "Der Schlüssel des Browsers ist ungültig: erwartet wird ein 65-Byte-P-256-Schlüssel (base64url)",
    "De sleutel van de browser is ongeldig: verwacht een openbare P-256-sleutel van 65 bytes (base64url)",
    "ブラウザーの鍵が無効です。65 バイトの P-256 公開鍵（base64url）が必要です",
    "La clave del navegador no es válida: debe ser una clave pública P-256 de 65 bytes (base64url)",
    "مفتاح المتصفح غير صالح: يجب أن يكون مفتاحًا عامًا P-256 بطول 65 بايت (base64url)")
AUTH_WRONG = Text(
    "浏览器认证密钥无效：应为 16 字节（base64url）",
    "The browser's secret is not valid: it must be 16 bytes (base64url)",
    "Le secret du navigateur n'est pas valide : 16 octets (base64url) sont attendus",
    "브라우저 비밀 값이 올바르지 않습니다. 16바이트(base64url)여야 합니다",
    "Das Geheimnis des Browsers ist ungültig: erwartet werden 16 Byte (base64url)",
    "Het geheim van de browser is ongeldig: verwacht 16 bytes (base64url)",
    "ブラウザーのシークレットが無効です。16 バイト（base64url）が必要です",
    "El secreto del navegador no es válido: debe tener 16 bytes (base64url)",
    "سر المتصفح غير صالح: يجب أن يكون 16 بايت (base64url)")
TOO_MANY = Text(
    "每个用户最多可订阅 {max} 台设备：请先移除一台", "A user may subscribe at most {max} devices: remove one first",
    "Un utilisateur peut abonner au plus {max} appareils : supprimez-en un d'abord",
    "사용자당 최대 {max}대의 기기를 구독할 수 있습니다. 먼저 하나를 제거하세요",
    "Ein Benutzer kann höchstens {max} Geräte anmelden: entfernen Sie zuerst eines",
    "Een gebruiker kan maximaal {max} apparaten aanmelden: verwijder er eerst een",
    "1 人のユーザーが登録できる端末は最大 {max} 台です。先に 1 台を削除してください",
    "Un usuario puede suscribir como máximo {max} dispositivos: elimine uno primero",
    "يمكن للمستخدم اشتراك {max} أجهزة على الأكثر: أزل جهازًا أولًا")
NOT_SUBSCRIBED = Text(
    "没有这个订阅", "There is no such subscription", "Cet abonnement n'existe pas", "해당 구독이 없습니다",
    "Dieses Abonnement gibt es nicht", "Dit abonnement bestaat niet", "その登録はありません",
    "No existe esa suscripción", "لا يوجد هذا الاشتراك")
ENDPOINT_OR_ID = Text(
    "请给出推送地址或订阅编号", "Give the push address or the subscription's id",
    "Indiquez l'adresse de notification ou l'identifiant de l'abonnement", "푸시 주소나 구독 ID를 지정하세요",
    "Geben Sie die Push-Adresse oder die Nummer des Abonnements an", "Geef het pushadres of het abonnementsnummer op",
    "プッシュ先か登録番号を指定してください", "Indique la dirección de notificación o el número de la suscripción",
    "حدد عنوان الإشعارات أو رقم الاشتراك")
TEST_TITLE = Text(
    "cleanfleet 测试通知", "cleanfleet test notification", "Notification de test cleanfleet", "cleanfleet 테스트 알림",
    "cleanfleet-Testbenachrichtigung", "cleanfleet-testmelding", "cleanfleet テスト通知",
    "Notificación de prueba de cleanfleet", "إشعار اختبار cleanfleet")
TEST_BODY = Text(
    "此设备将收到告警通知", "This device will receive alarm notifications",
    "Cet appareil recevra les notifications d'alarme", "이 기기에서 알람 알림을 받습니다",
    "Dieses Gerät erhält Alarmbenachrichtigungen", "Dit apparaat ontvangt alarmmeldingen",
    "この端末でアラーム通知を受け取ります", "Este dispositivo recibirá las notificaciones de alarma",
    "سيتلقى هذا الجهاز إشعارات الإنذار")
