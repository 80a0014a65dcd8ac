"""The API tokens' refusals in the nine languages (zh-CN, en, fr, ko, de, nl, ja, es, ar)."""

from cleanfleet.core.texts import Text

TOKEN_NOT_FOUND = Text(
    "API 令牌 {id} 不存在", "API token {id} does not exist", "Le jeton d'API {id} n'existe pas",
    "API 토큰 {id}이(가) 없습니다", "API-Token {id} existiert nicht", "API-token {id} bestaat niet",
    "API トークン {id} は存在しません", "El token de API {id} no existe", "رمز API {id} غير موجود")
NAME_TAKEN = Text(
    "你已有名为 {name} 的令牌", "You already have a token named {name}", "Vous avez déjà un jeton nommé {name}",
    "이미 {name}(이)라는 토큰이 있습니다", "Sie haben bereits ein Token namens {name}",
    "U hebt al een token met de naam {name}", "{name} という名前のトークンは既にあります",
    "Ya tiene un token llamado {name}", "لديك بالفعل رمز باسم {name}")
TOO_MANY_TOKENS = Text(
    "每个用户最多 {max} 个有效令牌：请先撤销一个", "At most {max} live tokens per user: revoke one first",
    "{max} jetons actifs au maximum par utilisateur : révoquez-en un d'abord",
    "사용자당 유효한 토큰은 최대 {max}개입니다: 먼저 하나를 취소하세요",
    "Höchstens {max} gültige Token pro Benutzer: widerrufen Sie zuerst eines",
    "Maximaal {max} geldige tokens per gebruiker: trek er eerst een in",
    "有効なトークンは 1 ユーザーにつき最大 {max} 個です。先に 1 つ取り消してください",
    "Como máximo {max} tokens vigentes por usuario: revoque uno primero",
    "الحد الأقصى {max} رموز سارية لكل مستخدم: ألغِ واحدًا أولًا")
KEY_NOT_HELD = Text(
    "你没有权限 {key}，不能把它交给令牌", "You do not hold the key {key}, so a token cannot get it",
    "Vous n'avez pas la clé {key} : un jeton ne peut pas la recevoir",
    "{key} 권한이 없으므로 토큰에 줄 수 없습니다",
    "Sie haben den Schlüssel {key} nicht, also kann ein Token ihn nicht bekommen",
    "U hebt de sleutel {key} niet, dus een token kan hem niet krijgen",
    "権限 {key} を持っていないため、トークンに与えられません",
    "No tiene el permiso {key}, así que un token no puede recibirlo",
    "لا تملك المفتاح {key}، لذا لا يمكن منحه لرمز")
KEY_TWICE = Text(
    "权限 {key} 重复", "The key {key} is listed twice", "La clé {key} figure deux fois",
    "권한 {key}이(가) 두 번 있습니다", "Der Schlüssel {key} steht doppelt da", "De sleutel {key} staat er twee keer",
    "権限 {key} が重複しています", "El permiso {key} aparece dos veces", "المفتاح {key} مذكور مرتين")
EXPIRY_PAST = Text(
    "到期时间必须晚于现在", "The expiry must be after now", "L'expiration doit être postérieure à maintenant",
    "만료 시간은 현재 이후여야 합니다", "Der Ablauf muss nach jetzt liegen", "De vervaldatum moet na nu liggen",
    "有効期限は現在より後にしてください", "La caducidad debe ser posterior a ahora",
    "يجب أن يكون تاريخ الانتهاء بعد الآن")
EXPIRY_TOO_FAR = Text(
    "到期时间最多为 {days} 天后", "The expiry may be at most {days} days ahead",
    "L'expiration peut être au plus dans {days} jours", "만료 시간은 최대 {days}일 후까지입니다",
    "Der Ablauf darf höchstens {days} Tage in der Zukunft liegen",
    "De vervaldatum mag hoogstens {days} dagen vooruit liggen",
    "有効期限は最大 {days} 日後までです", "La caducidad puede ser como máximo dentro de {days} días",
    "يمكن أن يكون تاريخ الانتهاء بعد {days} يومًا على الأكثر")
RATE_LIMITED = Text(
    "此令牌调用过于频繁（每分钟 {limit} 次）：{seconds} 秒后再试",
    "Too many calls with this token ({limit} a minute): try again in {seconds} s",
    "Trop d'appels avec ce jeton ({limit} par minute) : réessayez dans {seconds} s",
    "이 토큰의 호출이 너무 많습니다(분당 {limit}회): {seconds}초 후에 다시 시도하세요",
    "Zu viele Aufrufe mit diesem Token ({limit} pro Minute): in {seconds} s erneut versuchen",
    "Te veel aanroepen met dit token ({limit} per minuut): probeer het over {seconds} s opnieuw",
    "このトークンの呼び出しが多すぎます（毎分 {limit} 回）。{seconds} 秒後に再試行してください",
    "Demasiadas llamadas con este token ({limit} por minuto): reintente en {seconds} s",
    "طلبات كثيرة جدًا بهذا الرمز ({limit} في الدقيقة): أعد المحاولة بعد {seconds} ث")
KEYS_PERSON_ONLY = Text(
    "令牌不能获得这些权限：{keys}。它们会创建账号、密码、令牌或角色，或让他人退出登录，必须由本人登录控制台操作",
    "A token can never get {keys}: these make accounts, passwords, tokens or roles, or sign people out, and need a "
    "person signed in to the console",
    "Un jeton ne peut jamais recevoir {keys} : ces clés créent des comptes, des mots de passe, des jetons ou des "
    "rôles, ou déconnectent des personnes, et exigent une personne connectée à la console",
    "토큰은 {keys} 권한을 받을 수 없습니다: 이 권한은 계정, 비밀번호, 토큰, 역할을 만들거나 다른 사람을 "
    "로그아웃시키므로 콘솔에 로그인한 사람이 필요합니다",
    "Ein Token kann {keys} nie bekommen: sie erstellen Konten, Passwörter, Token oder Rollen oder melden Personen ab "
    "und brauchen eine an der Konsole angemeldete Person",
    "Een token kan {keys} nooit krijgen: ze maken accounts, wachtwoorden, tokens of rollen, of melden mensen af, en "
    "vereisen een persoon die in de console is aangemeld",
    "トークンには {keys} を与えられません。これらはアカウント、パスワード、トークン、ロールを作成するか他の人を"
    "サインアウトさせるため、コンソールにサインインした本人が必要です",
    "Un token nunca puede recibir {keys}: crean cuentas, contraseñas, tokens o roles, o cierran la sesión de "
    "personas, y necesitan una persona con sesión iniciada en la consola",
    "لا يمكن أن يحصل رمز أبدًا على {keys}: فهي تنشئ حسابات أو كلمات مرور أو رموزًا أو أدوارًا، أو تسجّل خروج "
    "أشخاص، وتتطلب شخصًا سجّل الدخول إلى وحدة التحكم")
