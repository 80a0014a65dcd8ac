"""The sessions' refusals and notices in the nine languages (zh-CN, en, fr, ko, de, nl, ja, es, ar)."""

from cleanfleet.core.texts import Text, register

SESSION_NOT_FOUND = Text(
    "会话 {id} 不存在或已结束", "Session {id} does not exist or has ended",
    "La session {id} n'existe pas ou est terminée",
    "세션 {id}이(가) 없거나 이미 종료되었습니다", "Sitzung {id} existiert nicht oder ist beendet",
    "Sessie {id} bestaat niet of is beëindigd", "セッション {id} は存在しないか、終了しています",
    "La sesión {id} no existe o ya terminó", "الجلسة {id} غير موجودة أو انتهت")
THIS_SESSION = Text(
    "会话 {id} 是你正在使用的会话：请改用退出登录", "Session {id} is the one you are using: sign out instead",
    "La session {id} est celle que vous utilisez : déconnectez-vous plutôt",
    "세션 {id}은(는) 지금 사용 중인 세션입니다: 대신 로그아웃하세요",
    "Sitzung {id} ist die, die Sie gerade verwenden: melden Sie sich stattdessen ab",
    "Sessie {id} is de sessie die u nu gebruikt: meld u in plaats daarvan af",
    "セッション {id} は使用中のセッションです。代わりにサインアウトしてください",
    "La sesión {id} es la que está usando: cierre la sesión en su lugar",
    "الجلسة {id} هي الجلسة التي تستخدمها: سجّل الخروج بدلًا من ذلك")
TOKEN_NOT_FOUND = Text(
    "API 令牌 {id} 不存在", "API token {id} does not exist", "Le jeton d'API {id} n'existe pas",
    "API 토큰 {id}이(가) 없습니다", "API-Token {id} existiert nicht", "API-token {id} bestaat niet",
    "API トークン {id} は存在しません", "El token de API {id} no existe", "رمز API {id} غير موجود")

# the notice of a sign-in from a new browser (message centre and e-mail), rendered in the reader's language
UNKNOWN_BROWSER = Text(
    "未知浏览器", "an unknown browser", "un navigateur inconnu", "알 수 없는 브라우저", "einem unbekannten Browser",
    "een onbekende browser", "不明なブラウザー", "un navegador desconocido", "متصفح غير معروف")
NEW_BROWSER_TITLE = Text(
    "新浏览器登录了你的账号", "New sign-in to your account from another browser",
    "Nouvelle connexion à votre compte depuis un autre navigateur", "다른 브라우저에서 계정에 새로 로그인했습니다",
    "Neue Anmeldung bei Ihrem Konto von einem anderen Browser",
    "Nieuwe aanmelding bij uw account vanuit een andere browser",
    "別のブラウザーからアカウントに新しくサインインしました",
    "Nuevo inicio de sesión en su cuenta desde otro navegador", "تسجيل دخول جديد إلى حسابك من متصفح آخر")
NEW_BROWSER_CONTENT = Text(
    "你的账号 {account} 于 {time} 从 {browser}（地址 {address}）登录。"
    "如果不是你本人，请在“会话和令牌”页面结束该会话并修改密码。",
    "Your account {account} signed in at {time} from {browser} (address {address}). If this was not you, end that "
    "session on the Sessions and tokens page and change your password.",
    "Votre compte {account} s'est connecté à {time} depuis {browser} (adresse {address}). Si ce n'était pas vous, "
    "mettez fin à cette session sur la page Sessions et jetons et changez votre mot de passe.",
    "계정 {account}이(가) {time}에 {browser}(주소 {address})에서 로그인했습니다. 본인이 아니라면 세션 및 토큰 "
    "페이지에서 해당 세션을 종료하고 비밀번호를 변경하세요.",
    "Ihr Konto {account} hat sich um {time} von {browser} (Adresse {address}) angemeldet. Falls Sie das nicht waren, "
    "beenden Sie diese Sitzung auf der Seite Sitzungen und Token und ändern Sie Ihr Passwort.",
    "Uw account {account} is om {time} aangemeld vanuit {browser} (adres {address}). Was u dit niet, beëindig die "
    "sessie dan op de pagina Sessies en tokens en wijzig uw wachtwoord.",
    "アカウント {account} が {time} に {browser}（アドレス {address}）からサインインしました。心当たりがない場合は、"
    "「セッションとトークン」ページでそのセッションを終了し、パスワードを変更してください。",
    "Su cuenta {account} inició sesión a las {time} desde {browser} (dirección {address}). Si no fue usted, termine "
    "esa sesión en la página Sesiones y tokens y cambie su contraseña.",
    "سجّل حسابك {account} الدخول في {time} من {browser} (العنوان {address}). إن لم تكن أنت، فأنهِ تلك الجلسة في صفحة "
    "الجلسات والرموز وغيّر كلمة المرور.")
MAIL_LINK = Text(
    "会话和令牌：{link}", "Sessions and tokens: {link}", "Sessions et jetons : {link}", "세션 및 토큰: {link}",
    "Sitzungen und Token: {link}", "Sessies en tokens: {link}", "セッションとトークン：{link}",
    "Sesiones y tokens: {link}", "الجلسات والرموز: {link}")

register("sessions", globals())
