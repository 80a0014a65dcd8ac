"""The privacy domain's texts (data jobs, a person's export and erasure), in the nine languages (zh-CN, en, fr, ko,
de, nl, ja, es, ar)."""

from cleanfleet.core.texts import Text, register

JOB_FAILED = Text(
    "任务未能完成，请重试",
    "The job could not be completed; please try again",
    "La tâche n'a pas pu aboutir ; veuillez réessayer",
    "작업을 완료하지 못했습니다. 다시 시도하세요",
    "Der Auftrag konnte nicht abgeschlossen werden; bitte erneut versuchen",
    "De taak kon niet worden voltooid; probeer het opnieuw",
    "ジョブを完了できませんでした。もう一度お試しください",
    "No se pudo completar la tarea; inténtelo de nuevo",
    "تعذّر إكمال المهمة؛ يرجى المحاولة مرة أخرى")
JOB_GONE = Text(
    "该任务已不存在",
    "The job no longer exists",
    "La tâche n'existe plus",
    "작업이 더 이상 존재하지 않습니다",
    "Der Auftrag existiert nicht mehr",
    "De taak bestaat niet meer",
    "ジョブはもう存在しません",
    "La tarea ya no existe",
    "لم تعد المهمة موجودة")
JOB_NOT_FOUND = Text(
    "数据任务 {id} 不存在",
    "There is no data job {id}",
    "La tâche de données {id} n'existe pas",
    "데이터 작업 {id}이(가) 없습니다",
    "Es gibt keinen Datenauftrag {id}",
    "Gegevenstaak {id} bestaat niet",
    "データジョブ {id} は存在しません",
    "No existe la tarea de datos {id}",
    "لا توجد مهمة بيانات {id}")
JOB_UNDER_WAY = Text(
    "该用户的同类任务正在进行中，请等待其完成",
    "A job of this kind for this person is already under way; wait for it to finish",
    "Une tâche de ce type pour cette personne est déjà en cours ; attendez qu'elle se termine",
    "이 사용자에 대한 같은 종류의 작업이 이미 진행 중입니다. 완료될 때까지 기다리세요",
    "Für diese Person läuft bereits ein Auftrag dieser Art; warten Sie, bis er fertig ist",
    "Er loopt al een taak van deze soort voor deze persoon; wacht tot die klaar is",
    "この人の同じ種類のジョブがすでに進行中です。完了するまでお待ちください",
    "Ya hay una tarea de este tipo en curso para esta persona; espere a que termine",
    "هناك مهمة من هذا النوع جارية بالفعل لهذا الشخص؛ انتظر حتى تنتهي")
CONFIRM_ACCOUNT = Text(
    "请输入账号 {account} 以确认删除",
    "Type the account name {account} to confirm the erasure",
    "Saisissez le nom de compte {account} pour confirmer l'effacement",
    "삭제를 확인하려면 계정 이름 {account}을(를) 입력하세요",
    "Geben Sie den Kontonamen {account} ein, um das Löschen zu bestätigen",
    "Typ de accountnaam {account} om het wissen te bevestigen",
    "消去を確定するにはアカウント名 {account} を入力してください",
    "Escriba el nombre de cuenta {account} para confirmar el borrado",
    "اكتب اسم الحساب {account} لتأكيد المحو")
ALREADY_ERASED = Text(
    "该账号已被删除个人数据",
    "This account has already been erased",
    "Ce compte a déjà été effacé",
    "이 계정은 이미 삭제되었습니다",
    "Dieses Konto wurde bereits gelöscht",
    "Dit account is al gewist",
    "このアカウントはすでに消去されています",
    "Esta cuenta ya se ha borrado",
    "تم محو هذا الحساب بالفعل")
ONLY_ADMIN = Text(
    "{account} 是唯一能管理 {customer} 的人：请先把新增用户和分配角色的权限授予 {customer} 的另一个人",
    "{account} is the only person who can administer {customer}: first give another person of {customer} a role "
    "that adds users and assigns roles",
    "{account} est la seule personne pouvant administrer {customer} : donnez d'abord à une autre personne de "
    "{customer} un rôle qui ajoute des utilisateurs et attribue des rôles",
    "{account}은(는) {customer}을(를) 관리할 수 있는 유일한 사람입니다. 먼저 {customer}의 다른 사람에게 사용자 추가와 "
    "역할 할당 권한이 있는 역할을 주세요",
    "{account} ist die einzige Person, die {customer} verwalten kann: Geben Sie zuerst einer anderen Person von "
    "{customer} eine Rolle, die Benutzer anlegt und Rollen zuweist",
    "{account} is de enige die {customer} kan beheren: geef eerst een andere persoon van {customer} een rol die "
    "gebruikers toevoegt en rollen toewijst",
    "{account} は {customer} を管理できる唯一の人です。先に {customer} の別の人に、ユーザーの追加とロールの割り当てが"
    "できるロールを与えてください",
    "{account} es la única persona que puede administrar {customer}: primero dé a otra persona de {customer} un rol "
    "que añada usuarios y asigne roles",
    "{account} هو الشخص الوحيد الذي يمكنه إدارة {customer}: امنح أولاً شخصًا آخر من {customer} دورًا يضيف "
    "المستخدمين ويسند الأدوار")
ONLY_ADMIN_NOW = Text(
    "此人现在是唯一能管理其客户的人：请先把新增用户和分配角色的权限授予该客户的另一个人，再重新删除",
    "This person has become the only one who can administer their customer: give another person of the customer a "
    "role that adds users and assigns roles, then erase again",
    "Cette personne est devenue la seule à pouvoir administrer son client : donnez à une autre personne du client un "
    "rôle qui ajoute des utilisateurs et attribue des rôles, puis effacez à nouveau",
    "이 사람이 고객을 관리할 수 있는 유일한 사람이 되었습니다. "
    "고객의 다른 사람에게 사용자 추가와 역할 할당 권한이 있는 역할을 준 뒤 다시 삭제하세요",
    "Diese Person kann ihren Kunden inzwischen als einzige verwalten: Geben Sie einer anderen Person des Kunden eine "
    "Rolle, die Benutzer anlegt und Rollen zuweist, und löschen Sie dann erneut",
    "Deze persoon is nu de enige die de klant kan beheren: geef een andere persoon van de klant een rol die "
    "gebruikers toevoegt en rollen toewijst en wis daarna opnieuw",
    "この人は顧客を管理できる唯一の人になりました。顧客の別の人にユーザーの追加とロールの割り当てができるロールを与えてから、"
    "もう一度消去してください",
    "Esta persona se ha convertido en la única que puede administrar su cliente: dé a otra persona del cliente un rol "
    "que añada usuarios y asigne roles y vuelva a borrar",
    "أصبح هذا الشخص الوحيد القادر على إدارة عميله: امنح شخصًا آخر من العميل دورًا يضيف المستخدمين ويسند الأدوار، ثم "
    "امحُ مرة أخرى")
EXPORT_READY_TITLE = Text(
    "你的数据导出已就绪",
    "Your data export is ready",
    "Votre export de données est prêt",
    "데이터 내보내기가 준비되었습니다",
    "Ihr Datenexport ist bereit",
    "Uw gegevensexport is klaar",
    "データのエクスポートの準備ができました",
    "Su exportación de datos está lista",
    "تصدير بياناتك جاهز")
EXPORT_READY_CONTENT = Text(
    "在“我的数据”中下载，链接有效期至 {until}。",
    "Download it from \"My data\" until {until}.",
    "Téléchargez-le depuis « Mes données » jusqu'au {until}.",
    "\"내 데이터\"에서 {until}까지 내려받을 수 있습니다.",
    "Laden Sie ihn bis {until} unter „Meine Daten“ herunter.",
    "Download hem via \"Mijn gegevens\" tot {until}.",
    "「マイデータ」から {until} までダウンロードできます。",
    "Descárguela desde «Mis datos» hasta el {until}.",
    "نزّله من \"بياناتي\" حتى {until}.")

# the steps a job reports (the job's ``step`` is one of these keys)
STEPS = {
    "account": Text("账号", "Account", "Compte", "계정", "Konto", "Account", "アカウント", "Cuenta", "الحساب"),
    "sign_ins": Text("登录记录", "Sign-ins", "Connexions", "로그인 기록", "Anmeldungen", "Aanmeldingen",
                     "サインイン履歴", "Inicios de sesión", "عمليات تسجيل الدخول"),
    "sessions": Text("会话与令牌", "Sessions and tokens", "Sessions et jetons", "세션과 토큰", "Sitzungen und Tokens",
                     "Sessies en tokens", "セッションとトークン", "Sesiones y tokens", "الجلسات والرموز"),
    "tokens": Text("API 令牌", "API tokens", "Jetons d'API", "API 토큰", "API-Tokens", "API-tokens", "API トークン",
                   "Tokens de API", "رموز API"),
    "factors": Text("登录因素", "Sign-in factors", "Facteurs de connexion", "로그인 요소", "Anmeldefaktoren",
                    "Aanmeldfactoren", "サインイン要素", "Factores de inicio de sesión", "عوامل تسجيل الدخول"),
    "audit": Text("审计记录", "Audit trail", "Journal d'audit", "감사 기록", "Prüfprotokoll", "Audittrail", "監査証跡",
                  "Registro de auditoría", "سجل التدقيق"),
    "messages": Text("消息", "Messages", "Messages", "메시지", "Nachrichten", "Berichten", "メッセージ", "Mensajes",
                     "الرسائل"),
    "settings": Text("设置", "Settings", "Paramètres", "설정", "Einstellungen", "Instellingen", "設定", "Ajustes",
                     "الإعدادات"),
    "operation_log": Text("操作日志", "Operation log", "Journal des opérations", "작업 로그", "Vorgangsprotokoll",
                          "Bewerkingslogboek", "操作ログ", "Registro de operaciones", "سجل العمليات"),
    "incident_notes": Text("事件备注", "Incident notes", "Notes d'incident", "사건 메모", "Notizen zu Vorfällen",
                           "Incidentnotities", "インシデントのメモ", "Notas de incidentes", "ملاحظات الحوادث"),
    "cleaned_by_hand": Text("人工清洁", "Cleaned by hand", "Nettoyé à la main", "수동 청소", "Von Hand gereinigt",
                            "Met de hand schoongemaakt", "手作業で清掃", "Limpiado a mano", "نُظّف يدويًا"),
    "files": Text("文件", "Files", "Fichiers", "파일", "Dateien", "Bestanden", "ファイル", "Archivos", "الملفات"),
    "packing": Text("打包", "Packing", "Assemblage", "묶는 중", "Packen", "Inpakken", "まとめています", "Empaquetando",
                    "التجميع"),
    "erasing": Text("删除个人数据", "Erasing personal data", "Effacement des données personnelles",
                    "개인 데이터 삭제 중", "Personendaten werden gelöscht", "Persoonsgegevens wissen",
                    "個人データを消去中", "Borrando datos personales", "محو البيانات الشخصية"),
    "done": Text("完成", "Done", "Terminé", "완료", "Fertig", "Klaar", "完了", "Hecho", "تم"),
}

register("privacy", globals())
