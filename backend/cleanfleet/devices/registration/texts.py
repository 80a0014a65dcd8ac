"""Why an auth code or a robot's registration is refused, in the nine languages (zh-CN, en, fr, ko, de, nl, ja,
es, ar)."""

from cleanfleet.core.texts import Text

CODE_EXPIRED = Text(
    "授权码已过期或已被使用", "The auth code has expired or was already used",
    "Le code d'autorisation a expiré ou a déjà été utilisé", "인증 코드가 만료되었거나 이미 사용되었습니다",
    "Der Autorisierungscode ist abgelaufen oder wurde bereits verwendet",
    "De autorisatiecode is verlopen of al gebruikt", "認証コードの有効期限が切れているか、既に使用されています",
    "El código de autorización ha caducado o ya se usó", "انتهت صلاحية رمز التفويض أو سبق استخدامه")
NO_FREE_CODE = Text(
    "未能生成授权码，请重试", "Could not draw a free auth code; please try again",
    "Impossible de générer un code d'autorisation libre ; veuillez réessayer",
    "사용 가능한 인증 코드를 만들지 못했습니다. 다시 시도하세요",
    "Es konnte kein freier Autorisierungscode erzeugt werden; bitte erneut versuchen",
    "Er kon geen vrije autorisatiecode worden gemaakt; probeer het opnieuw",
    "認証コードを生成できませんでした。もう一度お試しください",
    "No se pudo generar un código de autorización libre; inténtelo de nuevo",
    "تعذر إنشاء رمز تفويض متاح؛ يرجى المحاولة مرة أخرى")
TYPE_OR_MODEL = Text(
    "请给出 deviceType 或 model", "Give deviceType or model", "Indiquez deviceType ou model",
    "deviceType 또는 model을 지정하세요", "Geben Sie deviceType oder model an", "Geef deviceType of model op",
    "deviceType または model を指定してください", "Indique deviceType o model", "أدخل deviceType أو model")
