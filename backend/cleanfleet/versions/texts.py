"""Refusals of the version calls, in the nine languages (zh-CN, en, fr, ko, de, nl, ja, es, ar)."""

from cleanfleet.core.texts import Text

NAME_TAKEN = Text(
    "固件版本名称 {name} 已存在", "The firmware version name {name} already exists",
    "Le nom de version de firmware {name} existe déjà", "펌웨어 버전 이름 {name}이(가) 이미 있습니다",
    "Der Firmware-Versionsname {name} existiert bereits", "De firmwareversienaam {name} bestaat al",
    "ファームウェアのバージョン名 {name} は既に存在します", "El nombre de versión de firmware {name} ya existe",
    "اسم إصدار البرنامج الثابت {name} موجود بالفعل")
FILE_REQUIRED = Text(
    "请选择安装包文件", "Choose the package file", "Choisissez le fichier du paquet", "패키지 파일을 선택하세요",
    "Wählen Sie die Paketdatei", "Kies het pakketbestand", "パッケージファイルを選択してください",
    "Elija el archivo del paquete", "اختر ملف الحزمة")
FILE_TOO_LARGE = Text(
    "安装包超过 {limit} MB", "The package is larger than {limit} MB", "Le paquet dépasse {limit} Mo",
    "패키지가 {limit} MB를 초과합니다", "Das Paket ist größer als {limit} MB", "Het pakket is groter dan {limit} MB",
    "パッケージが {limit} MB を超えています", "El paquete supera los {limit} MB", "الحزمة أكبر من {limit} ميغابايت")
CHECKSUM_MISMATCH = Text(
    "文件的 SHA-256 为 {actual}，与填写的 {expected} 不一致",
    "The file's SHA-256 is {actual}, not the {expected} given",
    "Le SHA-256 du fichier est {actual}, pas {expected} comme indiqué",
    "파일의 SHA-256은 {actual}이며 입력한 {expected}와 다릅니다",
    "Die SHA-256 der Datei ist {actual}, nicht die angegebene {expected}",
    "De SHA-256 van het bestand is {actual}, niet de opgegeven {expected}",
    "ファイルの SHA-256 は {actual} で、入力された {expected} と一致しません",
    "El SHA-256 del archivo es {actual}, no el {expected} indicado",
    "قيمة SHA-256 للملف هي {actual} وليست {expected} المدخلة")
FIRMWARE_NOT_FOUND = Text(
    "固件 {id} 不存在", "The firmware {id} does not exist", "Le firmware {id} n'existe pas",
    "펌웨어 {id}이(가) 없습니다", "Die Firmware {id} existiert nicht", "De firmware {id} bestaat niet",
    "ファームウェア {id} は存在しません", "El firmware {id} no existe", "البرنامج الثابت {id} غير موجود")
FIRMWARE_DISABLED = Text(
    "固件 {name} 已禁用，不能发布", "The firmware {name} is disabled and cannot be published",
    "Le firmware {name} est désactivé et ne peut pas être publié",
    "펌웨어 {name}이(가) 비활성화되어 배포할 수 없습니다",
    "Die Firmware {name} ist deaktiviert und kann nicht veröffentlicht werden",
    "De firmware {name} is uitgeschakeld en kan niet worden gepubliceerd",
    "ファームウェア {name} は無効のため公開できません", "El firmware {name} está desactivado y no se puede publicar",
    "البرنامج الثابت {name} معطّل ولا يمكن نشره")
FIRMWARE_IN_USE = Text(
    "固件 {name} 仍有 {count} 台设备正在升级", "{count} devices are still updating to the firmware {name}",
    "{count} appareils sont encore en mise à jour vers le firmware {name}",
    "{count}대의 장치가 아직 펌웨어 {name}(으)로 업데이트 중입니다",
    "{count} Geräte werden noch auf die Firmware {name} aktualisiert",
    "{count} apparaten worden nog bijgewerkt naar de firmware {name}",
    "{count} 台のデバイスがまだファームウェア {name} に更新中です",
    "{count} dispositivos aún se están actualizando al firmware {name}",
    "لا يزال {count} من الأجهزة قيد التحديث إلى البرنامج الثابت {name}")
DOWNGRADE = Text(
    "设备 {serial} 的版本 {current} 高于 {version}，回退版本需勾选“允许降级”",
    "The device {serial} runs {current}, newer than {version}: going back needs \"allow downgrade\"",
    "L'appareil {serial} a la version {current}, plus récente que {version} : revenir en arrière demande "
    "« autoriser la rétrogradation »",
    "장치 {serial}의 버전 {current}이(가) {version}보다 최신입니다. 되돌리려면 \"다운그레이드 허용\"이 필요합니다",
    "Das Gerät {serial} hat {current}, neuer als {version}: zurück geht es nur mit \"Downgrade erlauben\"",
    "Het apparaat {serial} draait {current}, nieuwer dan {version}: teruggaan vraagt \"downgrade toestaan\"",
    "デバイス {serial} のバージョン {current} は {version} より新しいため、戻すには「ダウングレードを許可」が必要です",
    "El dispositivo {serial} tiene {current}, más reciente que {version}: volver atrás requiere "
    "\"permitir degradar\"",
    "الجهاز {serial} يعمل بالإصدار {current} الأحدث من {version}: الرجوع يتطلب \"السماح بالرجوع إلى إصدار أقدم\"")
TYPE_NOT_APPLICABLE = Text(
    "设备 {serial} 的型号不适用于此版本", "The model of the device {serial} is not valid for this version",
    "Le modèle de l'appareil {serial} n'est pas valable pour cette version",
    "장치 {serial}의 모델은 이 버전에 맞지 않습니다",
    "Das Modell des Geräts {serial} passt nicht zu dieser Version",
    "Het model van het apparaat {serial} is niet geldig voor deze versie",
    "デバイス {serial} の機種はこのバージョンに対応していません",
    "El modelo del dispositivo {serial} no es válido para esta versión",
    "طراز الجهاز {serial} غير صالح لهذا الإصدار")
NO_TARGETS = Text(
    "没有可升级的设备", "There is no device to update", "Aucun appareil à mettre à jour",
    "업데이트할 장치가 없습니다", "Es gibt kein Gerät zum Aktualisieren", "Er is geen apparaat om bij te werken",
    "更新するデバイスがありません", "No hay ningún dispositivo que actualizar", "لا يوجد جهاز لتحديثه")
NO_ROBOT_LINK = Text(
    "机器人链路未运行，无法下发升级", "The robot link is not running: the update cannot be sent",
    "La liaison avec les robots ne fonctionne pas : la mise à jour ne peut pas être envoyée",
    "로봇 링크가 실행되지 않아 업데이트를 보낼 수 없습니다",
    "Die Roboterverbindung läuft nicht: das Update kann nicht gesendet werden",
    "De robotverbinding draait niet: de update kan niet worden verzonden",
    "ロボットリンクが動作していないため、更新を送信できません",
    "El enlace con los robots no funciona: no se puede enviar la actualización",
    "رابط الروبوتات لا يعمل: لا يمكن إرسال التحديث")
PUBLICATION_NOT_FOUND = Text(
    "发布记录 {id} 不存在", "The publication {id} does not exist", "La publication {id} n'existe pas",
    "배포 기록 {id}이(가) 없습니다", "Die Veröffentlichung {id} existiert nicht", "De publicatie {id} bestaat niet",
    "公開記録 {id} は存在しません", "La publicación {id} no existe", "سجل النشر {id} غير موجود")
ROLLOUT_NOT_FOUND = Text(
    "分批发布 {id} 不存在", "The rollout {id} does not exist", "Le déploiement {id} n'existe pas",
    "단계적 배포 {id}이(가) 없습니다", "Der Rollout {id} existiert nicht", "De uitrol {id} bestaat niet",
    "段階的展開 {id} は存在しません", "El despliegue {id} no existe", "الطرح المرحلي {id} غير موجود")
ROLLOUT_STATE = Text(
    "分批发布当前为 {state}，不能执行此操作", "The rollout is {state}: this cannot be done now",
    "Le déploiement est {state} : impossible maintenant", "단계적 배포가 {state} 상태여서 지금은 할 수 없습니다",
    "Der Rollout ist {state}: das geht jetzt nicht", "De uitrol is {state}: dit kan nu niet",
    "段階的展開は {state} のため、今は実行できません", "El despliegue está {state}: ahora no se puede",
    "الطرح المرحلي في حالة {state}: لا يمكن تنفيذ ذلك الآن")
TYPE_IDS = Text(
    "适用机型 {value} 不是有效的机型编号", "The device type {value} is not a valid type id",
    "Le type d'appareil {value} n'est pas un identifiant valable", "장치 유형 {value}은(는) 올바른 유형 ID가 아닙니다",
    "Der Gerätetyp {value} ist keine gültige Typ-ID", "Het apparaattype {value} is geen geldige type-id",
    "デバイス種別 {value} は有効な種別 ID ではありません", "El tipo de dispositivo {value} no es un id de tipo válido",
    "نوع الجهاز {value} ليس معرّف نوع صالحًا")
SOFT_NAME_TAKEN = Text(
    "版本名称 {name} 已存在", "The version name {name} already exists", "Le nom de version {name} existe déjà",
    "버전 이름 {name}이(가) 이미 있습니다",
    "Der Versionsname {name} existiert bereits", "De versienaam {name} bestaat al",
    "バージョン名 {name} は既に存在します", "El nombre de versión {name} ya existe", "اسم الإصدار {name} موجود بالفعل")
APP_NAME_TAKEN = Text(
    "App 版本名称 {name} 已存在", "The app version name {name} already exists",
    "Le nom de version d'application {name} existe déjà", "앱 버전 이름 {name}이(가) 이미 있습니다",
    "Der App-Versionsname {name} existiert bereits", "De app-versienaam {name} bestaat al",
    "アプリのバージョン名 {name} は既に存在します", "El nombre de versión de la app {name} ya existe",
    "اسم إصدار التطبيق {name} موجود بالفعل")
SOFT_NOT_FOUND = Text(
    "软件版本 {id} 不存在", "The software version {id} does not exist", "La version logicielle {id} n'existe pas",
    "소프트웨어 버전 {id}이(가) 없습니다",
    "Die Softwareversion {id} existiert nicht", "De softwareversie {id} bestaat niet",
    "ソフトウェアバージョン {id} は存在しません", "La versión de software {id} no existe",
    "إصدار البرنامج {id} غير موجود")
APP_NOT_FOUND = Text(
    "App 版本 {id} 不存在", "The app version {id} does not exist", "La version d'application {id} n'existe pas",
    "앱 버전 {id}이(가) 없습니다", "Die App-Version {id} existiert nicht", "De app-versie {id} bestaat niet",
    "アプリのバージョン {id} は存在しません", "La versión de la app {id} no existe", "إصدار التطبيق {id} غير موجود")
SOFT_TYPE = Text(
    "版本类型 {value} 不存在", "The version type {value} does not exist", "Le type de version {value} n'existe pas",
    "버전 유형 {value}이(가) 없습니다",
    "Der Versionstyp {value} existiert nicht", "Het versietype {value} bestaat niet",
    "バージョン種別 {value} は存在しません", "El tipo de versión {value} no existe", "نوع الإصدار {value} غير موجود")
SOFT_TYPE_MISMATCH = Text(
    "类型名称 {name} 与类型编号 {id} 不一致", "The type name {name} does not match the type id {id}",
    "Le nom de type {name} ne correspond pas à l'identifiant de type {id}",
    "유형 이름 {name}이(가) 유형 ID {id}와 맞지 않습니다", "Der Typname {name} passt nicht zur Typ-ID {id}",
    "De typenaam {name} past niet bij de type-id {id}", "種別名 {name} は種別 ID {id} と一致しません",
    "El nombre de tipo {name} no coincide con el id de tipo {id}", "اسم النوع {name} لا يطابق معرّف النوع {id}")
VERSION_GOES_BACK = Text(
    "版本号 {version} 低于同类型已有的 {newest}，回退版本需勾选“允许降级”",
    "The version number {version} is lower than {newest} of the same type: going back needs \"allow downgrade\"",
    "Le numéro de version {version} est inférieur à {newest} du même type : revenir en arrière demande "
    "« autoriser la rétrogradation »",
    "버전 번호 {version}이(가) 같은 유형의 {newest}보다 낮습니다. 되돌리려면 \"다운그레이드 허용\"이 필요합니다",
    "Die Versionsnummer {version} ist niedriger als {newest} desselben Typs: zurück geht es nur mit "
    "\"Downgrade erlauben\"",
    "Het versienummer {version} is lager dan {newest} van hetzelfde type: teruggaan vraagt \"downgrade toestaan\"",
    "バージョン番号 {version} は同じ種別の {newest} より低いため、戻すには「ダウングレードを許可」が必要です",
    "El número de versión {version} es menor que {newest} del mismo tipo: volver atrás requiere "
    "\"permitir degradar\"",
    "رقم الإصدار {version} أقل من {newest} من النوع نفسه: الرجوع يتطلب \"السماح بالرجوع إلى إصدار أقدم\"")
PUBLISHED_FIXED = Text(
    "版本 {name} 已发布，不能修改类型、版本号或安装包，请先取消发布",
    "The version {name} is published: its type, number and package cannot change; cancel the publish first",
    "La version {name} est publiée : son type, son numéro et son paquet ne peuvent pas changer ; annulez d'abord "
    "la publication",
    "버전 {name}이(가) 배포되어 유형, 번호, 패키지를 바꿀 수 없습니다. 먼저 배포를 취소하세요",
    "Die Version {name} ist veröffentlicht: Typ, Nummer und Paket bleiben; heben Sie zuerst die Veröffentlichung auf",
    "De versie {name} is gepubliceerd: type, nummer en pakket liggen vast; annuleer eerst de publicatie",
    "バージョン {name} は公開中のため、種別・番号・パッケージは変更できません。先に公開を取り消してください",
    "La versión {name} está publicada: su tipo, número y paquete no pueden cambiar; cancele antes la publicación",
    "الإصدار {name} منشور: لا يمكن تغيير نوعه ورقمه وحزمته؛ ألغِ النشر أولًا")
PUBLISHED_NO_DELETE = Text(
    "版本 {name} 已发布，请先取消发布再删除", "The version {name} is published: cancel the publish before deleting it",
    "La version {name} est publiée : annulez la publication avant de la supprimer",
    "버전 {name}이(가) 배포되어 있습니다. 삭제하기 전에 배포를 취소하세요",
    "Die Version {name} ist veröffentlicht: heben Sie die Veröffentlichung vor dem Löschen auf",
    "De versie {name} is gepubliceerd: annuleer de publicatie voordat u ze verwijdert",
    "バージョン {name} は公開中です。削除する前に公開を取り消してください",
    "La versión {name} está publicada: cancele la publicación antes de eliminarla",
    "الإصدار {name} منشور: ألغِ النشر قبل حذفه")
ALREADY_PUBLISHED = Text(
    "版本 {name} 已是发布状态", "The version {name} is already published", "La version {name} est déjà publiée",
    "버전 {name}은(는) 이미 배포되었습니다", "Die Version {name} ist bereits veröffentlicht",
    "De versie {name} is al gepubliceerd", "バージョン {name} は既に公開されています",
    "La versión {name} ya está publicada", "الإصدار {name} منشور بالفعل")
NOT_PUBLISHED = Text(
    "版本 {name} 未发布", "The version {name} is not published", "La version {name} n'est pas publiée",
    "버전 {name}은(는) 배포되지 않았습니다", "Die Version {name} ist nicht veröffentlicht",
    "De versie {name} is niet gepubliceerd", "バージョン {name} は公開されていません",
    "La versión {name} no está publicada", "الإصدار {name} غير منشور")
RANGE_OF_OTHER_BRANCH = Text(
    "版本 {name} 的设备范围由其他分支设置，不能修改", "The device range of the version {name} was set by another "
    "branch: you cannot change it",
    "La plage d'appareils de la version {name} a été définie par une autre branche : vous ne pouvez pas la modifier",
    "버전 {name}의 장치 범위는 다른 지점에서 설정하여 바꿀 수 없습니다",
    "Der Gerätebereich der Version {name} wurde von einem anderen Zweig festgelegt: Sie können ihn nicht ändern",
    "Het apparaatbereik van de versie {name} is door een andere tak ingesteld: u kunt het niet wijzigen",
    "バージョン {name} のデバイス範囲は別の組織が設定したため変更できません",
    "El rango de dispositivos de la versión {name} lo fijó otra rama: no puede cambiarlo",
    "نطاق أجهزة الإصدار {name} حدده فرع آخر: لا يمكنك تغييره")
DEVICE_IN_TWO_LISTS = Text(
    "设备 {serial} 不能同时在两个名单中", "The device {serial} cannot be on two lists at once",
    "L'appareil {serial} ne peut pas figurer sur deux listes à la fois",
    "장치 {serial}은(는) 두 목록에 동시에 있을 수 없습니다",
    "Das Gerät {serial} kann nicht auf zwei Listen zugleich stehen",
    "Het apparaat {serial} kan niet op twee lijsten tegelijk staan",
    "デバイス {serial} を同時に二つのリストに入れることはできません",
    "El dispositivo {serial} no puede estar en dos listas a la vez", "لا يمكن أن يكون الجهاز {serial} في قائمتين معًا")
WHITE_LIST_EMPTY = Text(
    "白名单范围至少需要选择一台设备", "A white-list range needs at least one device",
    "Une plage en liste blanche demande au moins un appareil", "화이트리스트 범위에는 장치가 하나 이상 필요합니다",
    "Ein Bereich als Whitelist braucht mindestens ein Gerät",
    "Een bereik als witte lijst heeft minstens één apparaat nodig",
    "ホワイトリストの範囲には少なくとも 1 台のデバイスが必要です",
    "Un rango de lista blanca necesita al menos un dispositivo", "نطاق القائمة البيضاء يحتاج إلى جهاز واحد على الأقل")
RANGE_NOT_FOUND = Text(
    "设备范围记录 {id} 不存在", "The device range record {id} does not exist",
    "L'historique de plage {id} n'existe pas", "장치 범위 기록 {id}이(가) 없습니다",
    "Der Gerätebereichseintrag {id} existiert nicht", "Het bereikrecord {id} bestaat niet",
    "デバイス範囲の記録 {id} は存在しません", "El registro de rango {id} no existe", "سجل نطاق الأجهزة {id} غير موجود")
SOFT_IN_USE = Text(
    "软件版本 {name} 仍有 {count} 台设备正在升级", "{count} devices are still updating to the software version {name}",
    "{count} appareils sont encore en mise à jour vers la version logicielle {name}",
    "{count}대의 장치가 아직 소프트웨어 버전 {name}(으)로 업데이트 중입니다",
    "{count} Geräte werden noch auf die Softwareversion {name} aktualisiert",
    "{count} apparaten worden nog bijgewerkt naar de softwareversie {name}",
    "{count} 台のデバイスがまだソフトウェアバージョン {name} に更新中です",
    "{count} dispositivos aún se están actualizando a la versión de software {name}",
    "لا يزال {count} من الأجهزة قيد التحديث إلى إصدار البرنامج {name}")
RELEASE_FILE_REQUIRED = Text(
    "请选择正式版安装包", "Choose the release file", "Choisissez le fichier de version publiée",
    "릴리스 파일을 선택하세요", "Wählen Sie die Release-Datei", "Kies het releasebestand",
    "リリース版のファイルを選択してください", "Elija el archivo de la versión final", "اختر ملف الإصدار النهائي")
BAD_CLOCK = Text(
    "请按 HH:MM 填写时间（00:00–23:59）", "Enter a time of day as HH:MM (00:00–23:59)",
    "Saisissez une heure au format HH:MM (00:00–23:59)", "시간을 HH:MM 형식으로 입력하세요 (00:00–23:59)",
    "Geben Sie eine Uhrzeit als HH:MM ein (00:00–23:59)", "Voer een tijd in als HH:MM (00:00–23:59)",
    "時刻を HH:MM で入力してください (00:00–23:59)", "Introduzca una hora como HH:MM (00:00–23:59)",
    "أدخل الوقت بصيغة HH:MM (00:00–23:59)")
WINDOW_NOT_IN_DAY = Text(
    "维护窗口 {start}–{end} 不在一天之内：开始和结束不能相同",
    "The window {start}–{end} does not fit in a day: its start and end cannot be the same",
    "La fenêtre {start}–{end} ne tient pas dans une journée : son début et sa fin ne peuvent pas être identiques",
    "창 {start}–{end}이(가) 하루 안에 들어가지 않습니다: 시작과 끝이 같을 수 없습니다",
    "Das Fenster {start}–{end} passt nicht in einen Tag: Beginn und Ende dürfen nicht gleich sein",
    "Het venster {start}–{end} past niet in een dag: begin en einde mogen niet gelijk zijn",
    "時間枠 {start}–{end} は 1 日に収まりません：開始と終了を同じにはできません",
    "La ventana {start}–{end} no cabe en un día: su inicio y su fin no pueden ser iguales",
    "النافذة {start}–{end} لا تتسع في يوم واحد: لا يمكن أن تتساوى بدايتها ونهايتها")
SPREAD_TOO_LONG = Text(
    "随机起始分散 {spread} 分钟超过了窗口长度 {length} 分钟",
    "The random start spread of {spread} min is longer than the window ({length} min)",
    "L'étalement aléatoire du début ({spread} min) dépasse la fenêtre ({length} min)",
    "무작위 시작 분산 {spread}분이 창 길이({length}분)보다 깁니다",
    "Die zufällige Startstreuung von {spread} Min. ist länger als das Fenster ({length} Min.)",
    "De willekeurige startspreiding van {spread} min is langer dan het venster ({length} min)",
    "ランダムな開始の分散 {spread} 分が時間枠 ({length} 分) より長くなっています",
    "La dispersión aleatoria del inicio de {spread} min supera la ventana ({length} min)",
    "توزيع البدء العشوائي البالغ {spread} دقيقة أطول من النافذة ({length} دقيقة)")

# --- signed updates (issue 47, versions/signing.py) ---
METADATA_BAD = Text(
    "这不是有效的 TUF {role} 元数据文件", "This is not a valid TUF {role} metadata file",
    "Ce n'est pas un fichier de métadonnées TUF {role} valide", "유효한 TUF {role} 메타데이터 파일이 아닙니다",
    "Das ist keine gültige TUF-Metadatendatei ({role})", "Dit is geen geldig TUF-{role}-metadatabestand",
    "有効な TUF {role} メタデータファイルではありません", "No es un archivo de metadatos TUF {role} válido",
    "هذا ليس ملف بيانات وصفية TUF {role} صالحًا")
SIGNATURE_BAD = Text(
    "{role} 元数据没有足够的有效签名", "The {role} metadata lacks enough valid signatures",
    "Les métadonnées {role} n'ont pas assez de signatures valides", "{role} 메타데이터에 유효한 서명이 부족합니다",
    "Den Metadaten ({role}) fehlen gültige Signaturen", "De {role}-metadata heeft te weinig geldige handtekeningen",
    "{role} メタデータに有効な署名が足りません", "Los metadatos {role} no tienen suficientes firmas válidas",
    "تفتقر البيانات الوصفية {role} إلى تواقيع صالحة كافية")
METADATA_EXPIRED = Text(
    "{role} 元数据已过期", "The {role} metadata has expired", "Les métadonnées {role} ont expiré",
    "{role} 메타데이터가 만료되었습니다", "Die Metadaten ({role}) sind abgelaufen", "De {role}-metadata is verlopen",
    "{role} メタデータの有効期限が切れています", "Los metadatos {role} han caducado",
    "انتهت صلاحية البيانات الوصفية {role}")
ROOT_VERSION = Text(
    "根元数据版本为 {version}，应为 {wanted}", "The root metadata is version {version}; version {wanted} is expected",
    "Les métadonnées racine sont en version {version} ; la version {wanted} est attendue",
    "루트 메타데이터 버전이 {version}입니다. {wanted} 버전이어야 합니다",
    "Die Root-Metadaten haben Version {version}; erwartet wird Version {wanted}",
    "De root-metadata is versie {version}; versie {wanted} wordt verwacht",
    "ルートメタデータのバージョンは {version} です。{wanted} が必要です",
    "Los metadatos raíz son la versión {version}; se espera la versión {wanted}",
    "إصدار البيانات الوصفية الجذرية {version}؛ المتوقع الإصدار {wanted}")
TARGETS_VERSION = Text(
    "目标元数据版本 {version} 不是最新的，应至少为 {wanted}（请基于当前的 targets.json 重新签名）",
    "The targets metadata version {version} is not new: at least {wanted} is expected (sign again from the current "
    "targets.json)",
    "La version {version} des métadonnées des cibles n'est pas nouvelle : au moins {wanted} est attendue (signez à "
    "nouveau à partir du targets.json actuel)",
    "대상 메타데이터 버전 {version}은(는) 최신이 아닙니다. {wanted} 이상이어야 합니다"
    "(현재 targets.json으로 다시 서명하세요)",
    "Die Targets-Metadaten (Version {version}) sind nicht neu: mindestens {wanted} wird erwartet (vom aktuellen "
    "targets.json aus neu signieren)",
    "Versie {version} van de targets-metadata is niet nieuw: minstens {wanted} wordt verwacht (onderteken opnieuw "
    "vanaf de huidige targets.json)",
    "ターゲットメタデータのバージョン {version} は新しくありません。{wanted} 以上が必要です"
    "（現在の targets.json から署名し直してください）",
    "La versión {version} de los metadatos de destinos no es nueva: se espera al menos {wanted} (firme de nuevo "
    "desde el targets.json actual)",
    "إصدار البيانات الوصفية للأهداف {version} ليس جديدًا: المتوقع {wanted} على الأقل "
    "(وقّع من جديد من targets.json الحالي)")
ONLINE_KEYS = Text(
    "根元数据的 {role} 角色必须是本控制台的在线密钥（阈值 1）",
    "The root must give the {role} role this console's online key (threshold 1)",
    "La racine doit donner au rôle {role} la clé en ligne de cette console (seuil 1)",
    "루트는 {role} 역할에 이 콘솔의 온라인 키(임계값 1)를 지정해야 합니다",
    "Die Root muss der Rolle {role} den Online-Schlüssel dieser Konsole geben (Schwelle 1)",
    "De root moet de rol {role} de online sleutel van deze console geven (drempel 1)",
    "ルートは {role} ロールにこのコンソールのオンライン鍵（しきい値 1）を指定する必要があります",
    "La raíz debe dar al rol {role} la clave en línea de esta consola (umbral 1)",
    "يجب أن يمنح الجذر الدور {role} المفتاح المتصل لهذه الوحدة (العتبة 1)")
NO_ROOT = Text(
    "尚未上传发布者的根元数据", "The publisher's root metadata has not been uploaded yet",
    "Les métadonnées racine de l'éditeur n'ont pas encore été envoyées",
    "게시자의 루트 메타데이터가 아직 업로드되지 않았습니다",
    "Die Root-Metadaten des Herausgebers wurden noch nicht hochgeladen",
    "De root-metadata van de uitgever is nog niet geüpload",
    "発行者のルートメタデータがまだアップロードされていません",
    "Aún no se han subido los metadatos raíz del editor", "لم تُرفع البيانات الوصفية الجذرية للناشر بعد")
NOT_SIGNED_FOR = Text(
    "签名的目标元数据中没有与此安装包（长度和 SHA-256）相符、版本为 {version} 的条目",
    "The signed targets metadata has no entry matching this package (length and SHA-256) with version {version}",
    "Les métadonnées signées n'ont aucune entrée correspondant à ce paquet (taille et SHA-256) en version {version}",
    "서명된 대상 메타데이터에 이 패키지(길이와 SHA-256)와 버전 {version}에 맞는 항목이 없습니다",
    "Die signierten Metadaten haben keinen Eintrag für dieses Paket (Länge und SHA-256) mit Version {version}",
    "De ondertekende metadata heeft geen item dat past bij dit pakket (lengte en SHA-256) met versie {version}",
    "署名済みメタデータに、このパッケージ（長さと SHA-256）とバージョン {version} に合う項目がありません",
    "Los metadatos firmados no tienen ninguna entrada que coincida con este paquete (tamaño y SHA-256) y la "
    "versión {version}",
    "لا تحتوي البيانات الوصفية الموقّعة على إدخال يطابق هذه الحزمة (الطول وSHA-256) بالإصدار {version}")
UNSIGNED = Text(
    "安装包未签名：请附上发布者签名的 targets.json，或为旧机器人开启“允许未签名”",
    "The package is not signed: attach the targets.json the publisher signed, or switch on \"unsigned allowed\" for "
    "older robots",
    "Le paquet n'est pas signé : joignez le targets.json signé par l'éditeur, ou activez « non signé autorisé » pour "
    "les anciens robots",
    "패키지에 서명이 없습니다. 게시자가 서명한 targets.json을 첨부하거나 이전 로봇용 '서명 없음 허용'을 켜세요",
    "Das Paket ist nicht signiert: Hängen Sie die vom Herausgeber signierte targets.json an oder schalten Sie "
    "„unsigniert erlaubt“ für ältere Roboter ein",
    "Het pakket is niet ondertekend: voeg de door de uitgever ondertekende targets.json toe, of zet "
    "\"ongetekend toegestaan\" aan voor oudere robots",
    "パッケージが署名されていません。発行者が署名した targets.json を添付するか、"
    "古いロボット向けに「未署名を許可」をオンにしてください",
    "El paquete no está firmado: adjunte el targets.json firmado por el editor o active «sin firma permitido» "
    "para robots antiguos",
    "الحزمة غير موقّعة: أرفق targets.json الذي وقّعه الناشر، أو فعّل «السماح بغير الموقّع» للروبوتات الأقدم")
UNSIGNED_PUBLISH = Text(
    "固件 {name} 未签名，且未开启“允许未签名”，不能发布",
    "The firmware {name} is not signed and \"unsigned allowed\" is off: it cannot be published",
    "Le firmware {name} n'est pas signé et « non signé autorisé » est désactivé : il ne peut pas être publié",
    "펌웨어 {name}은(는) 서명되지 않았고 '서명 없음 허용'이 꺼져 있어 배포할 수 없습니다",
    "Die Firmware {name} ist nicht signiert und „unsigniert erlaubt“ ist aus: Sie kann nicht veröffentlicht werden",
    "De firmware {name} is niet ondertekend en \"ongetekend toegestaan\" staat uit: ze kan niet worden gepubliceerd",
    "ファームウェア {name} は未署名で「未署名を許可」がオフのため公開できません",
    "El firmware {name} no está firmado y «sin firma permitido» está desactivado: no se puede publicar",
    "البرنامج الثابت {name} غير موقّع و«السماح بغير الموقّع» متوقف: لا يمكن نشره")
SIGNED_VERSION = Text(
    "固件 {name} 已签名为版本 {version}：版本号不能修改（请签名新的发布）",
    "The firmware {name} is signed as version {version}: its version cannot change (sign a new release)",
    "Le firmware {name} est signé en version {version} : sa version ne peut pas changer (signez une nouvelle version)",
    "펌웨어 {name}은(는) 버전 {version}으로 서명되어 버전을 바꿀 수 없습니다(새 릴리스에 서명하세요)",
    "Die Firmware {name} ist als Version {version} signiert: Ihre Version kann sich nicht ändern (neue Version "
    "signieren)",
    "De firmware {name} is ondertekend als versie {version}: de versie kan niet veranderen (onderteken een nieuwe "
    "release)",
    "ファームウェア {name} はバージョン {version} として署名済みのため、バージョンは変更できません"
    "（新しいリリースに署名してください）",
    "El firmware {name} está firmado como versión {version}: su versión no puede cambiar (firme una nueva versión)",
    "البرنامج الثابت {name} موقّع بالإصدار {version}: لا يمكن تغيير إصداره (وقّع إصدارًا جديدًا)")
