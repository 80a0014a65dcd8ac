"""Why a certificate call is refused, in the nine languages (zh-CN, en, fr, ko, de, nl, ja, es, ar)."""

from cleanfleet.core.texts import Text

CSR_MALFORMED = Text(
    "csr 不是 PEM 格式的证书签名请求", "csr is not a PEM certificate signing request",
    "csr n'est pas une demande de signature de certificat PEM", "csr이(가) PEM 인증서 서명 요청이 아닙니다",
    "csr ist keine PEM-Zertifikatsanforderung", "csr is geen PEM-certificaataanvraag",
    "csr は PEM 形式の証明書署名要求ではありません", "csr no es una solicitud de firma de certificado PEM",
    "csr ليس طلب توقيع شهادة بصيغة PEM")
CSR_SIGNATURE = Text(
    "证书签名请求的签名无效", "The certificate signing request's signature does not verify",
    "La signature de la demande de certificat n'est pas valide", "인증서 서명 요청의 서명이 올바르지 않습니다",
    "Die Signatur der Zertifikatsanforderung ist ungültig", "De handtekening van de certificaataanvraag klopt niet",
    "証明書署名要求の署名が検証できません", "La firma de la solicitud de certificado no es válida",
    "توقيع طلب الشهادة غير صالح")
CSR_WEAK_KEY = Text(
    "密钥太弱：请使用 EC P-256（或更强）或 2048 位以上的 RSA",
    "The key is too weak: use EC P-256 (or stronger) or RSA of 2048 bits or more",
    "La clé est trop faible : utilisez EC P-256 (ou plus) ou RSA de 2048 bits ou plus",
    "키가 너무 약합니다: EC P-256 이상 또는 2048비트 이상의 RSA를 사용하세요",
    "Der Schlüssel ist zu schwach: EC P-256 (oder stärker) oder RSA ab 2048 Bit verwenden",
    "De sleutel is te zwak: gebruik EC P-256 (of sterker) of RSA van 2048 bits of meer",
    "鍵が弱すぎます：EC P-256 以上、または 2048 ビット以上の RSA を使用してください",
    "La clave es demasiado débil: use EC P-256 (o superior) o RSA de 2048 bits o más",
    "المفتاح ضعيف جدًا: استخدم EC P-256 (أو أقوى) أو RSA بطول 2048 بت أو أكثر")
CSR_WRONG_NAME = Text(
    "证书签名请求的通用名（CN）必须是机器人序列号 {serial}",
    "The certificate signing request's common name (CN) must be the robot's serial {serial}",
    "Le nom commun (CN) de la demande de certificat doit être le numéro de série du robot {serial}",
    "인증서 서명 요청의 일반 이름(CN)은 로봇 일련번호 {serial}이어야 합니다",
    "Der Common Name (CN) der Zertifikatsanforderung muss die Seriennummer {serial} des Roboters sein",
    "De common name (CN) van de certificaataanvraag moet het serienummer {serial} van de robot zijn",
    "証明書署名要求のコモンネーム（CN）はロボットのシリアル番号 {serial} でなければなりません",
    "El nombre común (CN) de la solicitud de certificado debe ser el número de serie del robot {serial}",
    "يجب أن يكون الاسم الشائع (CN) في طلب الشهادة هو الرقم التسلسلي للروبوت {serial}")
WRONG_SECRET = Text(
    "序列号或设备密钥不正确", "The serial number or the device secret is wrong",
    "Le numéro de série ou le secret de l'appareil est incorrect", "일련번호 또는 장치 비밀 키가 올바르지 않습니다",
    "Seriennummer oder Gerätegeheimnis ist falsch", "Het serienummer of het apparaatgeheim klopt niet",
    "シリアル番号またはデバイスシークレットが正しくありません",
    "El número de serie o el secreto del dispositivo es incorrecto", "الرقم التسلسلي أو سر الجهاز غير صحيح")
REVOKED = Text(
    "该机器人的证书已被吊销：请重新注册该机器人", "This robot's certificate was revoked: register the robot again",
    "Le certificat de ce robot a été révoqué : enregistrez à nouveau le robot",
    "이 로봇의 인증서가 폐기되었습니다: 로봇을 다시 등록하세요",
    "Das Zertifikat dieses Roboters wurde widerrufen: den Roboter neu registrieren",
    "Het certificaat van deze robot is ingetrokken: registreer de robot opnieuw",
    "このロボットの証明書は失効しています：ロボットを再登録してください",
    "El certificado de este robot fue revocado: registre el robot de nuevo",
    "تم إلغاء شهادة هذا الروبوت: سجّل الروبوت مرة أخرى")
TOO_MANY = Text(
    "该机器人今天申请证书次数过多，请稍后再试", "This robot asked for too many certificates today; try again later",
    "Ce robot a demandé trop de certificats aujourd'hui ; réessayez plus tard",
    "이 로봇이 오늘 너무 많은 인증서를 요청했습니다. 나중에 다시 시도하세요",
    "Dieser Roboter hat heute zu viele Zertifikate angefordert; später erneut versuchen",
    "Deze robot heeft vandaag te veel certificaten aangevraagd; probeer het later opnieuw",
    "このロボットは本日証明書を要求しすぎました。後でもう一度お試しください",
    "Este robot pidió demasiados certificados hoy; inténtelo más tarde",
    "طلب هذا الروبوت عددًا كبيرًا جدًا من الشهادات اليوم؛ حاول لاحقًا")
NOTHING_TO_REVOKE = Text(
    "该机器人没有可吊销的有效证书", "This robot holds no valid certificate to revoke",
    "Ce robot n'a aucun certificat valide à révoquer", "이 로봇에는 폐기할 유효한 인증서가 없습니다",
    "Dieser Roboter hat kein gültiges Zertifikat zum Widerrufen",
    "Deze robot heeft geen geldig certificaat om in te trekken",
    "このロボットには失効させる有効な証明書がありません",
    "Este robot no tiene ningún certificado válido que revocar",
    "لا يملك هذا الروبوت شهادة صالحة لإلغائها")
