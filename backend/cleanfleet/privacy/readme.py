"""The README.txt of a person's export: what each file is, in the person's language (the nine, zh-CN, en, fr, ko, de,
nl, ja, es, ar)."""

from cleanfleet.core.texts import Text

TITLE = Text(
    "你的 cleanfleet 数据导出（账号 {account}，生成于 {at}）",
    "Your cleanfleet data export (account {account}, made {at})",
    "Votre export de données cleanfleet (compte {account}, créé le {at})",
    "cleanfleet 데이터 내보내기 (계정 {account}, {at} 생성)",
    "Ihr cleanfleet-Datenexport (Konto {account}, erstellt {at})",
    "Uw cleanfleet-gegevensexport (account {account}, gemaakt {at})",
    "cleanfleet データのエクスポート（アカウント {account}、{at} 作成）",
    "Su exportación de datos de cleanfleet (cuenta {account}, creada el {at})",
    "تصدير بيانات cleanfleet الخاصة بك (الحساب {account}، أُنشئ في {at})")
INTRO = Text(
    "这些文件包含本产品保存的关于你的全部数据，格式为 JSON（时间为 UTC）。从不包含密码、令牌或密钥。",
    "These files hold everything the product keeps about you, as JSON (times in UTC). Passwords, tokens and keys "
    "are never included.",
    "Ces fichiers contiennent tout ce que le produit conserve sur vous, en JSON (heures en UTC). Les mots de passe, "
    "jetons et clés n'y figurent jamais.",
    "이 파일에는 제품이 보관하는 당신에 관한 모든 데이터가 JSON으로 들어 있습니다(시간은 UTC). 비밀번호, 토큰, 키는 "
    "포함되지 않습니다.",
    "Diese Dateien enthalten alles, was das Produkt über Sie speichert, als JSON (Zeiten in UTC). Passwörter, Tokens "
    "und Schlüssel sind nie enthalten.",
    "Deze bestanden bevatten alles wat het product over u bewaart, als JSON (tijden in UTC). Wachtwoorden, tokens en "
    "sleutels zitten er nooit in.",
    "これらのファイルには、本製品があなたについて保持しているすべてのデータが JSON で含まれます（時刻は UTC）。"
    "パスワード、トークン、鍵は含まれません。",
    "Estos archivos contienen todo lo que el producto guarda sobre usted, en JSON (horas en UTC). Nunca se incluyen "
    "contraseñas, tokens ni claves.",
    "تحتوي هذه الملفات على كل ما يحتفظ به المنتج عنك بصيغة JSON (الأوقات بتوقيت UTC). لا تتضمن أبدًا كلمات المرور أو "
    "الرموز أو المفاتيح.")

FILES: dict[str, Text] = {
    "account.json": Text(
        "你的账号：名称、邮箱、电话、级别、角色、语言与创建时间",
        "your account: name, e-mail, phone, level, roles, language and when it was made",
        "votre compte : nom, e-mail, téléphone, niveau, rôles, langue et date de création",
        "계정: 이름, 이메일, 전화, 등급, 역할, 언어, 생성 시각",
        "Ihr Konto: Name, E-Mail, Telefon, Ebene, Rollen, Sprache und Erstellungszeit",
        "uw account: naam, e-mail, telefoon, niveau, rollen, taal en aanmaakmoment",
        "アカウント：名前、メール、電話、レベル、ロール、言語、作成日時",
        "su cuenta: nombre, correo, teléfono, nivel, roles, idioma y fecha de creación",
        "حسابك: الاسم والبريد والهاتف والمستوى والأدوار واللغة وتاريخ الإنشاء"),
    "sign_ins.json": Text(
        "每次登录、登录失败、退出及登录因素变更（时间、方式、地址、浏览器）",
        "every sign-in, failed sign-in, sign-out and factor change (when, how, address, browser)",
        "chaque connexion, échec, déconnexion et changement de facteur (quand, comment, adresse, navigateur)",
        "모든 로그인, 실패, 로그아웃, 요소 변경 (시각, 방식, 주소, 브라우저)",
        "jede Anmeldung, fehlgeschlagene Anmeldung, Abmeldung und Faktoränderung (wann, wie, Adresse, Browser)",
        "elke aanmelding, mislukte aanmelding, afmelding en factorwijziging (wanneer, hoe, adres, browser)",
        "すべてのサインイン、失敗、サインアウト、要素の変更（日時、方法、アドレス、ブラウザー）",
        "cada inicio de sesión, fallo, cierre de sesión y cambio de factor (cuándo, cómo, dirección, navegador)",
        "كل تسجيل دخول وفشل وخروج وتغيير عامل (متى وكيف والعنوان والمتصفح)"),
    "sessions.json": Text(
        "你的控制台会话与单点登录会话（从不包含令牌本身）",
        "your console sessions and single sign-on sessions (never the tokens themselves)",
        "vos sessions de console et d'authentification unique (jamais les jetons eux-mêmes)",
        "콘솔 세션과 통합 로그인 세션 (토큰 자체는 없음)",
        "Ihre Konsolen- und Single-Sign-on-Sitzungen (nie die Tokens selbst)",
        "uw consolesessies en single-sign-on-sessies (nooit de tokens zelf)",
        "コンソールとシングルサインオンのセッション（トークン自体は含みません）",
        "sus sesiones de consola y de inicio de sesión único (nunca los tokens)",
        "جلسات وحدة التحكم وجلسات الدخول الموحد (دون الرموز نفسها)"),
    "tokens.json": Text(
        "你的 API 令牌：名称、权限与日期（从不包含令牌或其哈希）",
        "your API tokens: names, keys and dates (never the token or its hash)",
        "vos jetons d'API : noms, clés et dates (jamais le jeton ni son empreinte)",
        "API 토큰: 이름, 권한, 날짜 (토큰과 해시는 없음)",
        "Ihre API-Tokens: Namen, Schlüssel und Daten (nie das Token oder sein Hash)",
        "uw API-tokens: namen, sleutels en datums (nooit het token of de hash)",
        "API トークン：名前、キー、日付（トークンやハッシュは含みません）",
        "sus tokens de API: nombres, claves y fechas (nunca el token ni su hash)",
        "رموز API: الأسماء والمفاتيح والتواريخ (دون الرمز أو تجزئته)"),
    "factors.json": Text(
        "你的登录因素：验证器、通行密钥与单点登录身份的种类和名称（从不包含密钥）",
        "your sign-in factors: authenticator app, passkeys and single sign-on identities, kinds and names (never "
        "a secret)",
        "vos facteurs de connexion : application d'authentification, clés d'accès et identités SSO, types et noms "
        "(jamais un secret)",
        "로그인 요소: 인증 앱, 패스키, 통합 로그인 신원의 종류와 이름 (비밀 없음)",
        "Ihre Anmeldefaktoren: Authenticator-App, Passkeys und Single-Sign-on-Identitäten, Arten und Namen (nie ein "
        "Geheimnis)",
        "uw aanmeldfactoren: authenticator-app, passkeys en single-sign-on-identiteiten, soorten en namen (nooit een "
        "geheim)",
        "サインイン要素：認証アプリ、パスキー、シングルサインオン ID の種類と名前（秘密は含みません）",
        "sus factores de inicio de sesión: app de autenticación, llaves de acceso e identidades SSO, tipos y nombres "
        "(nunca un secreto)",
        "عوامل تسجيل الدخول: تطبيق المصادقة ومفاتيح المرور وهويات الدخول الموحد، الأنواع والأسماء (دون أي سر)"),
    "audit.json": Text(
        "审计记录中你所做的事及他人对你账号所做的事",
        "the audit trail's rows of what you did, and of what others did to your account",
        "les lignes du journal d'audit de ce que vous avez fait, et de ce que d'autres ont fait à votre compte",
        "감사 기록 중 당신이 한 일과 다른 사람이 당신의 계정에 한 일",
        "die Zeilen des Prüfprotokolls zu dem, was Sie getan haben und was andere mit Ihrem Konto getan haben",
        "de regels van de audittrail over wat u deed en wat anderen met uw account deden",
        "監査証跡のうち、あなたが行ったことと、他の人があなたのアカウントに行ったこと",
        "las filas del registro de auditoría de lo que usted hizo y de lo que otros hicieron con su cuenta",
        "صفوف سجل التدقيق لما قمت به ولما قام به الآخرون على حسابك"),
    "messages.json": Text(
        "消息中心里发给你的消息",
        "the messages sent to you in the message centre",
        "les messages qui vous ont été envoyés dans le centre de messages",
        "메시지 센터에서 받은 메시지",
        "die Nachrichten an Sie im Nachrichtencenter",
        "de berichten aan u in het berichtencentrum",
        "メッセージセンターであなたに送られたメッセージ",
        "los mensajes que le enviaron en el centro de mensajes",
        "الرسائل المرسلة إليك في مركز الرسائل"),
    "settings.json": Text(
        "你的设置：语言、邮件通知、推送订阅、值班时段",
        "your settings: language, e-mail notices, push subscriptions, duty hours",
        "vos paramètres : langue, avis par e-mail, abonnements push, heures d'astreinte",
        "설정: 언어, 이메일 알림, 푸시 구독, 당번 시간",
        "Ihre Einstellungen: Sprache, E-Mail-Hinweise, Push-Abos, Bereitschaftszeiten",
        "uw instellingen: taal, e-mailmeldingen, pushabonnementen, dienstroosters",
        "設定：言語、メール通知、プッシュ購読、当番時間",
        "sus ajustes: idioma, avisos por correo, suscripciones push, horas de guardia",
        "إعداداتك: اللغة وإشعارات البريد واشتراكات الدفع وساعات المناوبة"),
    "operation_log.json": Text(
        "操作日志中你所做的更改",
        "the changes you made, from the operation log",
        "les modifications que vous avez faites, tirées du journal des opérations",
        "작업 로그에 기록된 당신의 변경",
        "Ihre Änderungen aus dem Vorgangsprotokoll",
        "uw wijzigingen uit het bewerkingslogboek",
        "操作ログにあるあなたの変更",
        "los cambios que hizo, del registro de operaciones",
        "التغييرات التي أجريتها من سجل العمليات"),
    "files.json": Text(
        "你的文件列表（头像与上传），文件本身在 files/ 文件夹中",
        "the list of your files (avatar, uploads); the files themselves are in the files/ folder",
        "la liste de vos fichiers (avatar, envois) ; les fichiers eux-mêmes sont dans le dossier files/",
        "파일 목록 (아바타, 업로드); 파일 자체는 files/ 폴더에 있습니다",
        "die Liste Ihrer Dateien (Avatar, Uploads); die Dateien selbst liegen im Ordner files/",
        "de lijst van uw bestanden (avatar, uploads); de bestanden zelf staan in de map files/",
        "ファイル一覧（アバター、アップロード）。ファイル本体は files/ フォルダーにあります",
        "la lista de sus archivos (avatar, subidas); los archivos están en la carpeta files/",
        "قائمة ملفاتك (الصورة الرمزية والتحميلات)؛ الملفات نفسها في المجلد files/"),
    "incident_notes.json": Text(
        "你为事件添加的备注（事件、问题、时间、内容）",
        "the notes you added to incidents (incident, problem, when, text)",
        "les notes que vous avez ajoutées aux incidents (incident, problème, quand, texte)",
        "사건에 추가한 메모 (사건, 문제, 시각, 내용)",
        "Ihre Notizen zu Vorfällen (Vorfall, Problem, wann, Text)",
        "uw notities bij incidenten (incident, probleem, wanneer, tekst)",
        "インシデントに追加したメモ（インシデント、問題、日時、内容）",
        "las notas que añadió a incidentes (incidente, problema, cuándo, texto)",
        "الملاحظات التي أضفتها إلى الحوادث (الحادث والمشكلة والوقت والنص)"),
    "cleaned_by_hand.json": Text(
        "你标记为人工清洁的计划时段（场地、计划项、日期、时间、备注）",
        "the plan windows you marked cleaned by hand (site, plan item, day, when, note)",
        "les créneaux du plan que vous avez marqués nettoyés à la main (site, élément, jour, quand, note)",
        "수동 청소로 표시한 계획 시간대 (사이트, 계획 항목, 날짜, 시각, 메모)",
        "die Planfenster, die Sie als von Hand gereinigt markiert haben (Standort, Planeintrag, Tag, wann, Notiz)",
        "de planvensters die u als met de hand schoongemaakt markeerde (locatie, planitem, dag, wanneer, notitie)",
        "手作業で清掃済みとしてマークした計画の時間帯（サイト、計画項目、日付、日時、メモ）",
        "las franjas del plan que marcó como limpiadas a mano (sitio, elemento, día, cuándo, nota)",
        "فترات الخطة التي وسمتها بأنها نُظّفت يدويًا (الموقع وبند الخطة واليوم والوقت والملاحظة)"),
}
