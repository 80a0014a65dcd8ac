"""Server-side texts in the console's nine languages (the code titles of the catalogue).

Details appended after a title (a field name, a value) stay as they are.
"""

from collections.abc import Mapping

from cleanfleet.core.codes import Code

LANGUAGES = ("zh-CN", "en", "fr", "ko", "de", "nl", "ja", "es", "ar")
DEFAULT_LANGUAGE = "zh-CN"
FALLBACK_LANGUAGE = "en"

_TITLES: Mapping[Code, Mapping[str, str]] = {
    Code.OK: {"zh-CN": "成功", "en": "Success", "fr": "Succès", "ko": "성공", "de": "Erfolgreich",
              "nl": "Gelukt", "ja": "成功", "es": "Éxito", "ar": "تم بنجاح"},
    Code.OK_UNCHANGED: {"zh-CN": "成功，无需更改", "en": "Success, nothing to change",
                        "fr": "Succès, rien à modifier", "ko": "성공, 변경 사항 없음",
                        "de": "Erfolgreich, keine Änderung nötig", "nl": "Gelukt, niets te wijzigen",
                        "ja": "成功（変更なし）", "es": "Éxito, nada que cambiar", "ar": "تم بنجاح، لا شيء للتغيير"},
    Code.OK_ACCEPTED: {"zh-CN": "已受理，正在后台处理", "en": "Accepted, running in the background",
                       "fr": "Accepté, traitement en arrière-plan", "ko": "접수됨, 백그라운드에서 처리 중",
                       "de": "Angenommen, läuft im Hintergrund", "nl": "Geaccepteerd, wordt op de achtergrond verwerkt",
                       "ja": "受け付けました（バックグラウンド処理中）", "es": "Aceptado, en proceso en segundo plano",
                       "ar": "تم القبول، قيد المعالجة في الخلفية"},
    Code.BAD_PARAMETER: {"zh-CN": "参数错误", "en": "Invalid parameter", "fr": "Paramètre invalide",
                         "ko": "잘못된 매개변수", "de": "Ungültiger Parameter", "nl": "Ongeldige parameter",
                         "ja": "パラメータが不正です", "es": "Parámetro no válido", "ar": "معامل غير صالح"},
    Code.BAD_SIGNATURE: {"zh-CN": "签名无效或已过期", "en": "Signature missing, invalid or expired",
                         "fr": "Signature absente, invalide ou expirée", "ko": "서명이 없거나 잘못되었거나 만료됨",
                         "de": "Signatur fehlt, ist ungültig oder abgelaufen",
                         "nl": "Handtekening ontbreekt, ongeldig of verlopen", "ja": "署名がないか無効、または期限切れです",
                         "es": "Firma ausente, no válida o caducada", "ar": "التوقيع مفقود أو غير صالح أو منتهي الصلاحية"},
    Code.SESSION_INVALID: {"zh-CN": "登录已失效，请重新登录", "en": "Session expired, please sign in again",
                           "fr": "Session expirée, veuillez vous reconnecter",
                           "ko": "세션이 만료되었습니다. 다시 로그인하세요",
                           "de": "Sitzung abgelaufen, bitte erneut anmelden",
                           "nl": "Sessie verlopen, log opnieuw in", "ja": "セッションが無効です。再度ログインしてください",
                           "es": "Sesión caducada, inicie sesión de nuevo", "ar": "انتهت الجلسة، يرجى تسجيل الدخول مجددًا"},
    Code.NO_PERMISSION: {"zh-CN": "无权限", "en": "No permission", "fr": "Accès refusé", "ko": "권한 없음",
                         "de": "Keine Berechtigung", "nl": "Geen toestemming", "ja": "権限がありません",
                         "es": "Sin permiso", "ar": "لا توجد صلاحية"},
    Code.NOT_FOUND: {"zh-CN": "记录不存在", "en": "Not found", "fr": "Introuvable", "ko": "찾을 수 없음",
                     "de": "Nicht gefunden", "nl": "Niet gevonden", "ja": "見つかりません", "es": "No encontrado",
                     "ar": "غير موجود"},
    Code.LOGIN_LOCKED: {"zh-CN": "登录失败次数过多，请在 {minutes} 分钟后重试",
                        "en": "Too many failed sign-ins, try again in {minutes} min",
                        "fr": "Trop d'échecs de connexion, réessayez dans {minutes} min",
                        "ko": "로그인 실패가 너무 많습니다. {minutes}분 후에 다시 시도하세요",
                        "de": "Zu viele fehlgeschlagene Anmeldungen, erneut in {minutes} Min. versuchen",
                        "nl": "Te veel mislukte aanmeldingen, probeer het over {minutes} min opnieuw",
                        "ja": "ログイン失敗が多すぎます。{minutes} 分後に再試行してください",
                        "es": "Demasiados intentos fallidos, vuelva a intentarlo en {minutes} min",
                        "ar": "محاولات دخول فاشلة كثيرة، أعد المحاولة بعد {minutes} دقيقة"},
    Code.WRONG_CREDENTIALS: {"zh-CN": "账号或密码错误", "en": "Wrong account or password",
                             "fr": "Compte ou mot de passe incorrect", "ko": "계정 또는 비밀번호가 틀렸습니다",
                             "de": "Konto oder Passwort falsch", "nl": "Onjuist account of wachtwoord",
                             "ja": "アカウントまたはパスワードが違います", "es": "Cuenta o contraseña incorrecta",
                             "ar": "الحساب أو كلمة المرور غير صحيحة"},
    Code.ALREADY_EXISTS: {"zh-CN": "名称已存在", "en": "Name already exists", "fr": "Ce nom existe déjà",
                          "ko": "이미 존재하는 이름입니다", "de": "Name existiert bereits", "nl": "Naam bestaat al",
                          "ja": "名前は既に存在します", "es": "El nombre ya existe", "ar": "الاسم موجود بالفعل"},
    Code.RATE_LIMITED: {"zh-CN": "请求过于频繁，请稍后再试", "en": "Too many requests, try again later",
                        "fr": "Trop de requêtes, réessayez plus tard", "ko": "요청이 너무 많습니다. 잠시 후 다시 시도하세요",
                        "de": "Zu viele Anfragen, später erneut versuchen", "nl": "Te veel verzoeken, probeer later opnieuw",
                        "ja": "リクエストが多すぎます。しばらくしてから再試行してください",
                        "es": "Demasiadas solicitudes, inténtelo más tarde", "ar": "طلبات كثيرة جدًا، حاول لاحقًا"},
    Code.BODY_TOO_LARGE: {"zh-CN": "请求体过大", "en": "Request body too large", "fr": "Corps de requête trop volumineux",
                          "ko": "요청 본문이 너무 큽니다", "de": "Anfrage zu groß", "nl": "Verzoek te groot",
                          "ja": "リクエスト本文が大きすぎます", "es": "Cuerpo de solicitud demasiado grande",
                          "ar": "حجم الطلب كبير جدًا"},
    Code.CONFLICT: {"zh-CN": "当前状态不允许此操作", "en": "Not allowed in the current state",
                    "fr": "Impossible dans l'état actuel", "ko": "현재 상태에서는 허용되지 않습니다",
                    "de": "Im aktuellen Zustand nicht erlaubt", "nl": "Niet toegestaan in de huidige status",
                    "ja": "現在の状態では実行できません", "es": "No permitido en el estado actual",
                    "ar": "غير مسموح في الحالة الحالية"},
    Code.DEVICE_OFFLINE: {"zh-CN": "设备离线", "en": "Device offline", "fr": "Appareil hors ligne",
                          "ko": "장치 오프라인", "de": "Gerät offline", "nl": "Apparaat offline",
                          "ja": "デバイスはオフラインです", "es": "Dispositivo sin conexión", "ar": "الجهاز غير متصل"},
    Code.ROBOT_TIMEOUT: {"zh-CN": "机器人响应超时", "en": "Robot did not answer in time",
                         "fr": "Le robot n'a pas répondu à temps", "ko": "로봇 응답 시간 초과",
                         "de": "Roboter hat nicht rechtzeitig geantwortet", "nl": "Robot antwoordde niet op tijd",
                         "ja": "ロボットの応答がタイムアウトしました", "es": "El robot no respondió a tiempo",
                         "ar": "لم يستجب الروبوت في الوقت المحدد"},
    Code.ROBOT_ERROR: {"zh-CN": "机器人返回错误", "en": "Robot reported an error", "fr": "Le robot a signalé une erreur",
                       "ko": "로봇이 오류를 보고했습니다", "de": "Roboter meldet einen Fehler",
                       "nl": "Robot meldde een fout", "ja": "ロボットがエラーを返しました",
                       "es": "El robot informó un error", "ar": "أبلغ الروبوت عن خطأ"},
    Code.BAD_FILE: {"zh-CN": "文件格式或大小不支持", "en": "Unsupported file type or size",
                    "fr": "Type ou taille de fichier non pris en charge", "ko": "지원하지 않는 파일 형식 또는 크기",
                    "de": "Dateityp oder -größe nicht unterstützt", "nl": "Bestandstype of -grootte niet ondersteund",
                    "ja": "サポートされていないファイル形式またはサイズです",
                    "es": "Tipo o tamaño de archivo no admitido", "ar": "نوع الملف أو حجمه غير مدعوم"},
    Code.CODE_EXPIRED: {"zh-CN": "验证码已过期或已使用", "en": "Code expired or already used",
                        "fr": "Code expiré ou déjà utilisé", "ko": "코드가 만료되었거나 이미 사용되었습니다",
                        "de": "Code abgelaufen oder bereits verwendet", "nl": "Code verlopen of al gebruikt",
                        "ja": "コードの有効期限切れ、または使用済みです", "es": "Código caducado o ya utilizado",
                        "ar": "الرمز منتهي الصلاحية أو مستخدم"},
    Code.SECOND_FACTOR_REQUIRED: {"zh-CN": "请完成第二步验证", "en": "Confirm your sign-in with a second factor",
                                  "fr": "Confirmez votre connexion avec un second facteur",
                                  "ko": "두 번째 인증 요소로 로그인을 확인하세요",
                                  "de": "Bestätigen Sie die Anmeldung mit einem zweiten Faktor",
                                  "nl": "Bevestig uw aanmelding met een tweede factor",
                                  "ja": "2 つ目の要素でサインインを確認してください",
                                  "es": "Confirme el inicio de sesión con un segundo factor",
                                  "ar": "أكّد تسجيل الدخول بعامل ثانٍ"},
    Code.INTERNAL: {"zh-CN": "服务器内部错误", "en": "Internal server error", "fr": "Erreur interne du serveur",
                    "ko": "서버 내부 오류", "de": "Interner Serverfehler", "nl": "Interne serverfout",
                    "ja": "サーバー内部エラー", "es": "Error interno del servidor", "ar": "خطأ داخلي في الخادم"},
}


def normalize_language(value: str | None) -> str | None:
    """Map a cookie or Accept-Language value to one of LANGUAGES, or None."""
    if not value:
        return None
    for part in value.split(","):
        tag = part.split(";")[0].strip()
        if not tag:
            continue
        for lang in LANGUAGES:
            if tag.lower() == lang.lower():
                return lang
        primary = tag.split("-")[0].lower()
        if primary == "zh":
            return "zh-CN"
        for lang in LANGUAGES:
            if lang.lower() == primary:
                return lang
    return None


def title(code: Code, language: str | None, **values: object) -> str:
    texts = _TITLES[code]
    text = texts.get(language or DEFAULT_LANGUAGE) or texts[FALLBACK_LANGUAGE]
    return text.format(**values) if values else text
