"""The refusals of the two-factor calls, in the nine languages (zh-CN, en, fr, ko, de, nl, ja, es, ar)."""

from cleanfleet.core.texts import Text, register

TICKET_GONE = Text(
    "此登录步骤已过期或已使用，请重新登录",
    "This sign-in step has expired or was already used; sign in again",
    "Cette étape de connexion a expiré ou a déjà servi ; reconnectez-vous",
    "이 로그인 단계가 만료되었거나 이미 사용되었습니다. 다시 로그인하세요",
    "Dieser Anmeldeschritt ist abgelaufen oder wurde schon verwendet; melden Sie sich erneut an",
    "Deze aanmeldstap is verlopen of al gebruikt; meld u opnieuw aan",
    "このサインイン手順は期限切れか使用済みです。もう一度サインインしてください",
    "Este paso de inicio de sesión caducó o ya se usó; inicie sesión de nuevo",
    "انتهت صلاحية خطوة تسجيل الدخول هذه أو استُخدمت من قبل؛ سجّل الدخول من جديد",
)
CODE_FORMAT = Text(
    "请输入验证器应用中的 6 位数字代码，或一个恢复码（xxxxx-xxxxx）",
    "Enter the 6-digit code from your authenticator app, or a recovery code (xxxxx-xxxxx)",
    "Saisissez le code à 6 chiffres de votre application d'authentification, ou un code de secours (xxxxx-xxxxx)",
    "인증 앱의 6자리 코드 또는 복구 코드(xxxxx-xxxxx)를 입력하세요",
    "Geben Sie den 6-stelligen Code Ihrer Authenticator-App oder einen Wiederherstellungscode (xxxxx-xxxxx) ein",
    "Voer de 6-cijferige code uit uw authenticator-app of een herstelcode (xxxxx-xxxxx) in",
    "認証アプリの 6 桁のコード、またはリカバリーコード（xxxxx-xxxxx）を入力してください",
    "Introduzca el código de 6 dígitos de su aplicación de autenticación o un código de recuperación (xxxxx-xxxxx)",
    "أدخل الرمز المكوّن من 6 أرقام من تطبيق المصادقة، أو رمز استرداد (xxxxx-xxxxx)",
)
CODE_WRONG = Text(
    "代码不正确：请输入验证器应用当前显示的代码，或一个未用过的恢复码",
    "The code is wrong: enter the code your authenticator app shows now, or an unused recovery code",
    "Le code est incorrect : saisissez le code affiché maintenant par votre application, ou un code de secours "
    "inutilisé",
    "코드가 올바르지 않습니다. 인증 앱에 지금 표시된 코드나 사용하지 않은 복구 코드를 입력하세요",
    "Der Code ist falsch: Geben Sie den Code ein, den Ihre App jetzt zeigt, oder einen unbenutzten "
    "Wiederherstellungscode",
    "De code is onjuist: voer de code in die uw app nu toont, of een ongebruikte herstelcode",
    "コードが正しくありません。認証アプリに今表示されているコード、または未使用のリカバリーコードを入力してください",
    "El código es incorrecto: introduzca el que muestra ahora su aplicación o un código de recuperación sin usar",
    "الرمز غير صحيح: أدخل الرمز الذي يعرضه تطبيق المصادقة الآن، أو رمز استرداد غير مستخدم",
)
METHOD_NOT_OFFERED = Text(
    "此账号没有这种验证方式",
    "This account has no factor of that kind",
    "Ce compte n'a pas de facteur de ce type",
    "이 계정에는 그런 인증 요소가 없습니다",
    "Dieses Konto hat keinen Faktor dieser Art",
    "Dit account heeft geen factor van die soort",
    "このアカウントにはその種類の要素がありません",
    "Esta cuenta no tiene un factor de ese tipo",
    "لا يملك هذا الحساب عاملًا من هذا النوع",
)
ENROL_FIRST = Text(
    "你所在的组织要求两步验证：请先设置一个验证方式以完成登录",
    "Your organisation requires two factors: set one up to finish signing in",
    "Votre organisation exige deux facteurs : configurez-en un pour terminer la connexion",
    "조직에서 2단계 인증을 요구합니다. 로그인을 마치려면 인증 요소를 하나 설정하세요",
    "Ihre Organisation verlangt zwei Faktoren: richten Sie einen ein, um die Anmeldung abzuschließen",
    "Uw organisatie vereist twee factoren: stel er een in om het aanmelden af te ronden",
    "組織が 2 要素認証を求めています。サインインを終えるには要素を 1 つ設定してください",
    "Su organización exige dos factores: configure uno para terminar de iniciar sesión",
    "تشترط مؤسستك عاملين: اضبط عاملًا لإكمال تسجيل الدخول",
)
ALREADY_ENROLLED = Text(
    "此账号已有第二验证方式，请用它完成登录",
    "This account already has a second factor: use it to finish signing in",
    "Ce compte a déjà un second facteur : utilisez-le pour terminer la connexion",
    "이 계정에는 이미 두 번째 인증 요소가 있습니다. 그것으로 로그인을 마치세요",
    "Dieses Konto hat schon einen zweiten Faktor: verwenden Sie ihn, um die Anmeldung abzuschließen",
    "Dit account heeft al een tweede factor: gebruik die om het aanmelden af te ronden",
    "このアカウントには 2 つ目の要素があります。それを使ってサインインを終えてください",
    "Esta cuenta ya tiene un segundo factor: úselo para terminar de iniciar sesión",
    "لهذا الحساب عامل ثانٍ بالفعل: استخدمه لإكمال تسجيل الدخول",
)
TOTP_ALREADY_ON = Text(
    "验证器应用已开启；如需更换，请先关闭",
    "An authenticator app is already on; turn it off first to set up another",
    "Une application d'authentification est déjà active ; désactivez-la d'abord pour en configurer une autre",
    "인증 앱이 이미 켜져 있습니다. 다른 앱을 설정하려면 먼저 끄세요",
    "Eine Authenticator-App ist schon eingeschaltet; schalten Sie sie zuerst aus, um eine andere einzurichten",
    "Er staat al een authenticator-app aan; zet die eerst uit om een andere in te stellen",
    "認証アプリはすでにオンです。別のアプリを設定するには先にオフにしてください",
    "Ya hay una aplicación de autenticación activa; desactívela antes de configurar otra",
    "تطبيق المصادقة مفعّل بالفعل؛ أوقفه أولًا لإعداد تطبيق آخر",
)
TOTP_NOT_STARTED = Text(
    "请先开始设置：扫描二维码，再输入代码",
    "Start the set-up first: scan the QR code, then enter a code",
    "Commencez d'abord la configuration : scannez le code QR, puis saisissez un code",
    "먼저 설정을 시작하세요. QR 코드를 스캔한 다음 코드를 입력하세요",
    "Beginnen Sie zuerst die Einrichtung: QR-Code scannen, dann einen Code eingeben",
    "Begin eerst met instellen: scan de QR-code en voer dan een code in",
    "先に設定を始めてください。QR コードを読み取ってからコードを入力します",
    "Empiece primero la configuración: escanee el código QR y luego introduzca un código",
    "ابدأ الإعداد أولًا: امسح رمز QR ثم أدخل رمزًا",
)
TOTP_NOT_ON = Text(
    "此账号没有开启验证器应用",
    "No authenticator app is on for this account",
    "Aucune application d'authentification n'est active pour ce compte",
    "이 계정에는 켜진 인증 앱이 없습니다",
    "Für dieses Konto ist keine Authenticator-App eingeschaltet",
    "Voor dit account staat geen authenticator-app aan",
    "このアカウントでは認証アプリがオンになっていません",
    "Esta cuenta no tiene ninguna aplicación de autenticación activa",
    "لا يوجد تطبيق مصادقة مفعّل لهذا الحساب",
)
PASSKEY_NOT_FOUND = Text(
    "通行密钥 {id} 不存在",
    "Passkey {id} does not exist",
    "La clé d'accès {id} n'existe pas",
    "패스키 {id}이(가) 없습니다",
    "Passkey {id} gibt es nicht",
    "Passkey {id} bestaat niet",
    "パスキー {id} は存在しません",
    "La llave de acceso {id} no existe",
    "مفتاح المرور {id} غير موجود",
)
PASSKEY_NAME_TAKEN = Text(
    "你已有名为“{name}”的通行密钥",
    "You already have a passkey named “{name}”",
    "Vous avez déjà une clé d'accès nommée « {name} »",
    "이미 “{name}”(이)라는 패스키가 있습니다",
    "Sie haben schon einen Passkey namens „{name}“",
    "U hebt al een passkey met de naam ‘{name}’",
    "「{name}」という名前のパスキーはすでにあります",
    "Ya tiene una llave de acceso llamada «{name}»",
    "لديك بالفعل مفتاح مرور باسم «{name}»",
)
TOO_MANY_PASSKEYS = Text(
    "每个账号最多 {limit} 个通行密钥",
    "At most {limit} passkeys per account",
    "{limit} clés d'accès au plus par compte",
    "계정당 패스키는 최대 {limit}개입니다",
    "Höchstens {limit} Passkeys pro Konto",
    "Hoogstens {limit} passkeys per account",
    "パスキーは 1 アカウントにつき最大 {limit} 個です",
    "Como máximo {limit} llaves de acceso por cuenta",
    "{limit} مفاتيح مرور على الأكثر لكل حساب",
)
PASSKEY_REFUSED = Text(
    "无法验证通行密钥的应答，请重试",
    "The passkey's answer could not be verified; try again",
    "La réponse de la clé d'accès n'a pas pu être vérifiée ; réessayez",
    "패스키의 응답을 확인할 수 없습니다. 다시 시도하세요",
    "Die Antwort des Passkeys ließ sich nicht prüfen; versuchen Sie es erneut",
    "Het antwoord van de passkey kon niet worden gecontroleerd; probeer het opnieuw",
    "パスキーの応答を確認できませんでした。もう一度お試しください",
    "No se pudo verificar la respuesta de la llave de acceso; inténtelo de nuevo",
    "تعذّر التحقق من رد مفتاح المرور؛ أعد المحاولة",
)
PASSKEY_UNKNOWN = Text(
    "此通行密钥未在这里注册",
    "This passkey is not registered here",
    "Cette clé d'accès n'est pas enregistrée ici",
    "이 패스키는 여기에 등록되어 있지 않습니다",
    "Dieser Passkey ist hier nicht registriert",
    "Deze passkey is hier niet geregistreerd",
    "このパスキーはここに登録されていません",
    "Esta llave de acceso no está registrada aquí",
    "مفتاح المرور هذا غير مسجّل هنا",
)
CHALLENGE_GONE = Text(
    "通行密钥请求已过期，请重试",
    "The passkey request has expired; try again",
    "La demande de clé d'accès a expiré ; réessayez",
    "패스키 요청이 만료되었습니다. 다시 시도하세요",
    "Die Passkey-Anfrage ist abgelaufen; versuchen Sie es erneut",
    "Het passkeyverzoek is verlopen; probeer het opnieuw",
    "パスキーの要求は期限切れです。もう一度お試しください",
    "La solicitud de la llave de acceso caducó; inténtelo de nuevo",
    "انتهت صلاحية طلب مفتاح المرور؛ أعد المحاولة",
)
PASSKEY_ALONE_OFF = Text(
    "你所在的组织不允许只用通行密钥登录：请用账号和密码登录",
    "Your organisation does not allow signing in with a passkey alone: sign in with your account and password",
    "Votre organisation n'autorise pas la connexion par clé d'accès seule : connectez-vous avec votre compte et "
    "votre mot de passe",
    "조직에서 패스키만으로 로그인하는 것을 허용하지 않습니다. 계정과 비밀번호로 로그인하세요",
    "Ihre Organisation erlaubt die Anmeldung nur mit Passkey nicht: melden Sie sich mit Konto und Passwort an",
    "Uw organisatie staat aanmelden met alleen een passkey niet toe: meld u aan met account en wachtwoord",
    "組織はパスキーだけでのサインインを許可していません。アカウントとパスワードでサインインしてください",
    "Su organización no permite iniciar sesión solo con una llave de acceso: use su cuenta y contraseña",
    "لا تسمح مؤسستك بتسجيل الدخول بمفتاح مرور وحده: سجّل الدخول بحسابك وكلمة المرور",
)
CONFIRM_NEEDED = Text(
    "请输入你的密码或一个当前代码以确认",
    "Enter your password or a current code to confirm",
    "Saisissez votre mot de passe ou un code actuel pour confirmer",
    "확인하려면 비밀번호나 현재 코드를 입력하세요",
    "Geben Sie zur Bestätigung Ihr Passwort oder einen aktuellen Code ein",
    "Voer ter bevestiging uw wachtwoord of een actuele code in",
    "確認のため、パスワードまたは現在のコードを入力してください",
    "Introduzca su contraseña o un código actual para confirmar",
    "أدخل كلمة المرور أو رمزًا حاليًا للتأكيد",
)
CONFIRM_WRONG = Text(
    "密码或代码不正确",
    "The password or code is wrong",
    "Le mot de passe ou le code est incorrect",
    "비밀번호 또는 코드가 올바르지 않습니다",
    "Passwort oder Code ist falsch",
    "Het wachtwoord of de code is onjuist",
    "パスワードまたはコードが正しくありません",
    "La contraseña o el código es incorrecto",
    "كلمة المرور أو الرمز غير صحيح",
)
LAST_FACTOR_REQUIRED = Text(
    "你所在的组织要求两步验证：请先添加另一个验证方式，再移除这个",
    "Your organisation requires two factors: add another factor before removing this one",
    "Votre organisation exige deux facteurs : ajoutez-en un autre avant de retirer celui-ci",
    "조직에서 2단계 인증을 요구합니다. 이것을 제거하기 전에 다른 인증 요소를 추가하세요",
    "Ihre Organisation verlangt zwei Faktoren: fügen Sie einen weiteren hinzu, bevor Sie diesen entfernen",
    "Uw organisatie vereist twee factoren: voeg een andere toe voordat u deze verwijdert",
    "組織が 2 要素認証を求めています。これを削除する前に別の要素を追加してください",
    "Su organización exige dos factores: añada otro antes de quitar este",
    "تشترط مؤسستك عاملين: أضف عاملًا آخر قبل إزالة هذا",
)
NO_FACTOR_YET = Text(
    "请先设置验证器应用或通行密钥，再生成恢复码",
    "Set up an authenticator app or a passkey before making recovery codes",
    "Configurez une application d'authentification ou une clé d'accès avant de créer des codes de secours",
    "복구 코드를 만들기 전에 인증 앱이나 패스키를 설정하세요",
    "Richten Sie eine Authenticator-App oder einen Passkey ein, bevor Sie Wiederherstellungscodes erstellen",
    "Stel een authenticator-app of passkey in voordat u herstelcodes maakt",
    "リカバリーコードを作る前に、認証アプリかパスキーを設定してください",
    "Configure una aplicación de autenticación o una llave de acceso antes de crear códigos de recuperación",
    "اضبط تطبيق مصادقة أو مفتاح مرور قبل إنشاء رموز الاسترداد",
)

register("factors", globals())
