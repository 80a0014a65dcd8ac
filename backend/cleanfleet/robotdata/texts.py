"""The refusals of the robot data calls, in the nine languages (zh-CN, en, fr, ko, de, nl, ja, es, ar)."""

from cleanfleet.core.texts import Text, register

LOG_NOT_FOUND = Text(
    "日志记录不存在", "The log record does not exist", "L'enregistrement du journal n'existe pas",
    "로그 기록이 없습니다", "Der Protokolleintrag existiert nicht", "Het logboekrecord bestaat niet",
    "ログの記録は存在しません", "El registro del log no existe", "سجل السجل غير موجود")
LOG_UPLOADING = Text(
    "日志 {name} 正在上传", "The log {name} is already being uploaded", "Le journal {name} est déjà en cours d'envoi",
    "로그 {name}은(는) 이미 업로드 중입니다", "Das Protokoll {name} wird bereits hochgeladen",
    "Het logboek {name} wordt al geüpload", "ログ {name} はすでにアップロード中です",
    "El log {name} ya se está subiendo", "السجل {name} قيد الرفع بالفعل")
LOG_ALREADY_SYNCED = Text(
    "日志 {name} 已同步到云端，请先删除再重新上传",
    "The log {name} is already synchronised; delete it first to upload it again",
    "Le journal {name} est déjà synchronisé ; supprimez-le d'abord pour l'envoyer à nouveau",
    "로그 {name}은(는) 이미 동기화되었습니다. 다시 업로드하려면 먼저 삭제하세요",
    "Das Protokoll {name} ist bereits synchronisiert; löschen Sie es zuerst, um es erneut hochzuladen",
    "Het logboek {name} is al gesynchroniseerd; verwijder het eerst om het opnieuw te uploaden",
    "ログ {name} はすでに同期済みです。再アップロードするには先に削除してください",
    "El log {name} ya está sincronizado; bórrelo primero para volver a subirlo",
    "السجل {name} متزامن بالفعل؛ احذفه أولاً لرفعه مرة أخرى")
NOT_UPLOADING = Text(
    "只能取消正在上传的日志", "Only a log being uploaded can be cancelled",
    "Seul un journal en cours d'envoi peut être annulé",
    "업로드 중인 로그만 취소할 수 있습니다",
    "Nur ein Protokoll, das gerade hochgeladen wird, kann abgebrochen werden",
    "Alleen een logboek dat wordt geüpload kan worden geannuleerd", "アップロード中のログのみキャンセルできます",
    "Solo se puede cancelar un log que se está subiendo", "لا يمكن إلغاء إلا سجل قيد الرفع")
NOT_SYNCED = Text(
    "该日志尚未同步到云端", "The log is not synchronised to the cloud yet",
    "Le journal n'est pas encore synchronisé dans le cloud",
    "이 로그는 아직 클라우드에 동기화되지 않았습니다",
    "Das Protokoll ist noch nicht in der Cloud synchronisiert", "Het logboek is nog niet gesynchroniseerd met de cloud",
    "このログはまだクラウドに同期されていません", "El log aún no está sincronizado en la nube",
    "لم تتم مزامنة السجل مع السحابة بعد")
BACKUP_NOT_FOUND = Text(
    "备份不存在", "The backup does not exist", "La sauvegarde n'existe pas", "백업이 없습니다",
    "Die Sicherung existiert nicht", "De back-up bestaat niet", "バックアップは存在しません",
    "La copia de seguridad no existe", "النسخة الاحتياطية غير موجودة")
BACKUP_RUNNING = Text(
    "该机器人已有备份正在进行", "A backup of this robot is already running",
    "Une sauvegarde de ce robot est déjà en cours", "이 로봇의 백업이 이미 진행 중입니다",
    "Eine Sicherung dieses Roboters läuft bereits", "Er loopt al een back-up van deze robot",
    "このロボットのバックアップはすでに実行中です", "Ya hay una copia de seguridad de este robot en curso",
    "يوجد نسخ احتياطي قيد التشغيل لهذا الروبوت بالفعل")
BACKUP_NOT_RUNNING = Text(
    "只能取消正在进行的备份（打包或上传中）", "Only a running backup (packing or uploading) can be cancelled",
    "Seule une sauvegarde en cours (emballage ou envoi) peut être annulée",
    "진행 중인 백업(패킹 또는 업로드 중)만 취소할 수 있습니다",
    "Nur eine laufende Sicherung (Packen oder Hochladen) kann abgebrochen werden",
    "Alleen een lopende back-up (inpakken of uploaden) kan worden geannuleerd",
    "実行中のバックアップ（パック中またはアップロード中）のみキャンセルできます",
    "Solo se puede cancelar una copia en curso (empaquetando o subiendo)",
    "لا يمكن إلغاء إلا نسخة احتياطية قيد التشغيل (التحزيم أو الرفع)")
BACKUP_NOT_FAILED = Text(
    "只有失败的备份可以重新上传或重新开始", "Only a failed backup can be uploaded again or restarted",
    "Seule une sauvegarde échouée peut être renvoyée ou relancée",
    "실패한 백업만 다시 업로드하거나 다시 시작할 수 있습니다",
    "Nur eine fehlgeschlagene Sicherung kann erneut hochgeladen oder neu gestartet werden",
    "Alleen een mislukte back-up kan opnieuw worden geüpload of herstart",
    "失敗したバックアップのみ再アップロードまたは再開できます",
    "Solo una copia fallida puede volver a subirse o reiniciarse",
    "لا يمكن إعادة رفع أو إعادة بدء إلا نسخة احتياطية فاشلة")
BACKUP_NOT_FINISHED = Text(
    "备份尚未完成", "The backup is not finished", "La sauvegarde n'est pas terminée", "백업이 완료되지 않았습니다",
    "Die Sicherung ist nicht abgeschlossen", "De back-up is niet voltooid", "バックアップは完了していません",
    "La copia de seguridad no ha terminado", "النسخة الاحتياطية لم تكتمل")
BACKUP_DELETE_RUNNING = Text(
    "正在进行的备份不能删除，请先取消", "A running backup cannot be deleted; cancel it first",
    "Une sauvegarde en cours ne peut pas être supprimée ; annulez-la d'abord",
    "진행 중인 백업은 삭제할 수 없습니다. 먼저 취소하세요",
    "Eine laufende Sicherung kann nicht gelöscht werden; brechen Sie sie zuerst ab",
    "Een lopende back-up kan niet worden verwijderd; annuleer hem eerst",
    "実行中のバックアップは削除できません。先にキャンセルしてください",
    "No se puede borrar una copia en curso; cancélela primero",
    "لا يمكن حذف نسخة احتياطية قيد التشغيل؛ ألغها أولاً")
RESTORE_RUNNING = Text(
    "该备份正在恢复中", "This backup is already being restored", "Cette sauvegarde est déjà en cours de restauration",
    "이 백업은 이미 복원 중입니다", "Diese Sicherung wird bereits wiederhergestellt",
    "Deze back-up wordt al hersteld",
    "このバックアップはすでに復元中です", "Esta copia ya se está restaurando",
    "تتم استعادة هذه النسخة الاحتياطية بالفعل")
PACK_GONE = Text(
    "机器人上已没有该备份的打包文件，请重新开始备份",
    "The robot no longer has this backup's pack; restart the backup",
    "Le robot n'a plus l'archive de cette sauvegarde ; relancez la sauvegarde",
    "로봇에 이 백업의 패키지가 더 이상 없습니다. 백업을 다시 시작하세요",
    "Der Roboter hat das Paket dieser Sicherung nicht mehr; starten Sie die Sicherung neu",
    "De robot heeft het pakket van deze back-up niet meer; start de back-up opnieuw",
    "ロボットにこのバックアップのパックがもうありません。バックアップを再開してください",
    "El robot ya no tiene el paquete de esta copia; reinicie la copia",
    "لم يعد لدى الروبوت حزمة هذه النسخة الاحتياطية؛ أعد بدء النسخ الاحتياطي")
TRANSFER_UNKNOWN = Text(
    "传输令牌无效或已过期", "The transfer token is unknown or has expired",
    "Le jeton de transfert est inconnu ou expiré",
    "전송 토큰이 없거나 만료되었습니다", "Das Übertragungstoken ist unbekannt oder abgelaufen",
    "Het overdrachtstoken is onbekend of verlopen", "転送トークンが無効か期限切れです",
    "El token de transferencia es desconocido o ha caducado", "رمز النقل غير معروف أو منتهي الصلاحية")
TRANSFER_TOO_LARGE = Text(
    "文件超过 {limit} 字节的上限", "The file is over the limit of {limit} bytes",
    "Le fichier dépasse la limite de {limit} octets", "파일이 {limit}바이트 제한을 초과합니다",
    "Die Datei überschreitet die Grenze von {limit} Bytes", "Het bestand is groter dan de limiet van {limit} bytes",
    "ファイルが上限 {limit} バイトを超えています", "El archivo supera el límite de {limit} bytes",
    "الملف يتجاوز الحد البالغ {limit} بايت")
STREAM_ENDED = Text(
    "视频流已结束或不存在", "The video stream has ended or does not exist",
    "Le flux vidéo est terminé ou n'existe pas", "비디오 스트림이 종료되었거나 없습니다",
    "Der Videostream ist beendet oder existiert nicht", "De videostream is beëindigd of bestaat niet",
    "ビデオストリームは終了したか存在しません", "La transmisión de vídeo ha terminado o no existe",
    "انتهى بث الفيديو أو غير موجود")
CLIP_NOT_FOUND = Text(
    "录像 {name} 不存在", "The recording {name} does not exist", "L'enregistrement {name} n'existe pas",
    "녹화 {name}이(가) 없습니다", "Die Aufnahme {name} existiert nicht", "De opname {name} bestaat niet",
    "録画 {name} は存在しません", "La grabación {name} no existe", "التسجيل {name} غير موجود")
ROBOT_FILE_GONE = Text(
    "机器人上没有文件 {name}", "The robot has no file {name}", "Le robot n'a pas de fichier {name}",
    "로봇에 {name} 파일이 없습니다", "Der Roboter hat keine Datei {name}", "De robot heeft geen bestand {name}",
    "ロボットにファイル {name} がありません", "El robot no tiene el archivo {name}", "لا يوجد لدى الروبوت ملف {name}")
# --- why a transfer failed, or why a backup's contents list stops early (``reason`` of a log or a backup) ---
# Stored as "@KEY" or "@KEY {json values}" (service.shown_reason renders them in the reader's language); a
# reason a robot reports is its own text and is shown as it came.
SERVER_RESTARTED = Text(
    "上传期间服务器重启了，请重新上传", "The server restarted during the upload; send it again",
    "Le serveur a redémarré pendant l'envoi ; envoyez-le à nouveau",
    "업로드 중에 서버가 다시 시작되었습니다. 다시 보내세요",
    "Der Server wurde während des Hochladens neu gestartet; senden Sie es erneut",
    "De server is tijdens het uploaden herstart; stuur het opnieuw",
    "アップロード中にサーバーが再起動しました。もう一度送信してください",
    "El servidor se reinició durante la subida; envíelo de nuevo",
    "أُعيد تشغيل الخادم أثناء الرفع؛ أرسله مرة أخرى")
SERVER_STOPPED = Text(
    "上传期间服务器停止了，请重新上传", "The server stopped during the upload; send it again",
    "Le serveur s'est arrêté pendant l'envoi ; envoyez-le à nouveau",
    "업로드 중에 서버가 중지되었습니다. 다시 보내세요",
    "Der Server wurde während des Hochladens angehalten; senden Sie es erneut",
    "De server is tijdens het uploaden gestopt; stuur het opnieuw",
    "アップロード中にサーバーが停止しました。もう一度送信してください",
    "El servidor se detuvo durante la subida; envíelo de nuevo",
    "توقف الخادم أثناء الرفع؛ أرسله مرة أخرى")
UPLOAD_INTERRUPTED = Text(
    "上传中断", "The upload was interrupted", "L'envoi a été interrompu", "업로드가 중단되었습니다",
    "Das Hochladen wurde unterbrochen", "Het uploaden is onderbroken", "アップロードが中断されました",
    "La subida se interrumpió", "انقطع الرفع")
UPLOAD_TOO_LARGE = Text(
    "文件过大", "The file was too large", "Le fichier était trop volumineux", "파일이 너무 컸습니다",
    "Die Datei war zu groß", "Het bestand was te groot", "ファイルが大きすぎました", "El archivo era demasiado grande",
    "كان الملف كبيرًا جدًا")
FAILED_ON_ROBOT = Text(
    "机器人上的任务失败", "The job failed on the robot", "La tâche a échoué sur le robot",
    "로봇에서 작업이 실패했습니다",
    "Der Auftrag ist auf dem Roboter fehlgeschlagen", "De taak is op de robot mislukt",
    "ロボット上でジョブが失敗しました", "La tarea falló en el robot", "فشلت المهمة على الروبوت")
NOT_AN_ARCHIVE = Text(
    "上传的备份不是可读取的 tar.gz 压缩包", "The uploaded backup is not a readable tar.gz archive",
    "La sauvegarde envoyée n'est pas une archive tar.gz lisible",
    "업로드된 백업은 읽을 수 있는 tar.gz 아카이브가 아닙니다",
    "Die hochgeladene Sicherung ist kein lesbares tar.gz-Archiv",
    "De geüploade back-up is geen leesbaar tar.gz-archief",
    "アップロードされたバックアップは読み取り可能な tar.gz アーカイブではありません",
    "La copia subida no es un archivo tar.gz legible",
    "النسخة الاحتياطية المرفوعة ليست أرشيف tar.gz قابلاً للقراءة")
LISTING_TOO_MANY = Text(
    "压缩包超过 {limit} 个条目，仅列出前 {count} 个文件",
    "The archive holds more than {limit} entries; only its first {count} files are listed",
    "L'archive contient plus de {limit} entrées ; seuls ses {count} premiers fichiers sont listés",
    "아카이브에 항목이 {limit}개를 넘습니다. 처음 {count}개 파일만 표시합니다",
    "Das Archiv enthält mehr als {limit} Einträge; nur die ersten {count} Dateien werden aufgeführt",
    "Het archief bevat meer dan {limit} items; alleen de eerste {count} bestanden worden getoond",
    "アーカイブのエントリが {limit} 件を超えています。最初の {count} ファイルのみ表示します",
    "El archivo contiene más de {limit} entradas; solo se listan sus primeros {count} ficheros",
    "يحتوي الأرشيف على أكثر من {limit} عنصر؛ تُعرض أول {count} ملفات فقط")
LISTING_TOO_LARGE = Text(
    "压缩包解压后远大于其本身，仅列出前 {count} 个文件",
    "The archive unpacks to far more than its own size; only its first {count} files are listed",
    "L'archive se décompresse bien au-delà de sa taille ; seuls ses {count} premiers fichiers sont listés",
    "아카이브의 압축을 풀면 크기보다 훨씬 커집니다. 처음 {count}개 파일만 표시합니다",
    "Das Archiv entpackt sich weit über seine eigene Größe hinaus; nur die ersten {count} Dateien werden aufgeführt",
    "Het archief pakt uit tot veel meer dan zijn eigen grootte; alleen de eerste {count} bestanden worden getoond",
    "アーカイブは展開すると元のサイズをはるかに超えます。最初の {count} ファイルのみ表示します",
    "El archivo se descomprime muy por encima de su tamaño; solo se listan sus primeros {count} ficheros",
    "يتجاوز الأرشيف حجمه كثيرًا عند فك ضغطه؛ تُعرض أول {count} ملفات فقط")
LISTING_TOO_SLOW = Text(
    "读取压缩包耗时过长，仅列出前 {count} 个文件",
    "Reading the archive took too long; only its first {count} files are listed",
    "La lecture de l'archive a pris trop de temps ; seuls ses {count} premiers fichiers sont listés",
    "아카이브를 읽는 데 너무 오래 걸렸습니다. 처음 {count}개 파일만 표시합니다",
    "Das Lesen des Archivs dauerte zu lange; nur die ersten {count} Dateien werden aufgeführt",
    "Het lezen van het archief duurde te lang; alleen de eerste {count} bestanden worden getoond",
    "アーカイブの読み取りに時間がかかりすぎました。最初の {count} ファイルのみ表示します",
    "La lectura del archivo tardó demasiado; solo se listan sus primeros {count} ficheros",
    "استغرقت قراءة الأرشيف وقتًا طويلاً؛ تُعرض أول {count} ملفات فقط")
LISTING_LONG_HEADER = Text(
    "压缩包中有过长的条目名，仅列出其之前的 {count} 个文件",
    "The archive holds an over-long entry name; only the {count} files before it are listed",
    "L'archive contient un nom d'entrée trop long ; seuls les {count} fichiers qui le précèdent sont listés",
    "아카이브에 너무 긴 항목 이름이 있습니다. 그 앞의 {count}개 파일만 표시합니다",
    "Das Archiv enthält einen überlangen Eintragsnamen; nur die {count} Dateien davor werden aufgeführt",
    "Het archief bevat een te lange itemnaam; alleen de {count} bestanden ervoor worden getoond",
    "アーカイブに長すぎるエントリ名があります。その前の {count} ファイルのみ表示します",
    "El archivo contiene un nombre de entrada demasiado largo; solo se listan los {count} ficheros anteriores",
    "يحتوي الأرشيف على اسم عنصر طويل جدًا؛ تُعرض الملفات الـ {count} التي قبله فقط")
ROBOT_SILENT = Text(
    "机器人 {minutes} 分钟没有消息（可能已重启或断网），请重新上传或重新开始",
    "No word from the robot for {minutes} min (it may have restarted or lost its link); send it again or restart",
    "Aucune nouvelle du robot depuis {minutes} min (il a pu redémarrer ou perdre sa liaison) ; renvoyez ou "
    "recommencez",
    "{minutes}분 동안 로봇의 응답이 없습니다(재시작했거나 연결이 끊겼을 수 있음). 다시 보내거나 다시 시작하세요",
    "Seit {minutes} Min. keine Meldung vom Roboter (evtl. neu gestartet oder Verbindung verloren); erneut senden "
    "oder neu starten",
    "Al {minutes} min geen bericht van de robot (mogelijk herstart of verbinding kwijt); stuur opnieuw of begin "
    "opnieuw",
    "ロボットから {minutes} 分間応答がありません（再起動したか接続が切れた可能性があります）。"
    "再送信するか、やり直してください",
    "Sin noticias del robot durante {minutes} min (puede haberse reiniciado o perdido el enlace); envíe de nuevo o "
    "reinicie",
    "لا خبر من الروبوت منذ {minutes} دقيقة (ربما أُعيد تشغيله أو فقد اتصاله)؛ أرسل مرة أخرى أو أعد البدء")
REASONS = {name: text for name, text in globals().items() if isinstance(text, Text) and name in (
    "SERVER_RESTARTED", "SERVER_STOPPED", "UPLOAD_INTERRUPTED", "UPLOAD_TOO_LARGE", "FAILED_ON_ROBOT", "NOT_AN_ARCHIVE",
    "LISTING_TOO_MANY", "LISTING_TOO_LARGE", "LISTING_TOO_SLOW", "LISTING_LONG_HEADER", "ROBOT_SILENT")}
# the English reasons the server stored before they were translated
LEGACY_REASONS = {"upload interrupted": UPLOAD_INTERRUPTED, "file too large": UPLOAD_TOO_LARGE,
                  "failed on the robot": FAILED_ON_ROBOT}

# the owner's message when a backup is stored (kept by key, read in the reader's language: issue 48 item 7)
BACKUP_FINISHED_TITLE = Text(
    "{device}（{serial}）的备份已完成", "Backup of {device} ({serial}) finished",
    "Sauvegarde de {device} ({serial}) terminée", "{device}({serial}) 백업이 완료되었습니다",
    "Sicherung von {device} ({serial}) abgeschlossen", "Back-up van {device} ({serial}) voltooid",
    "{device}（{serial}）のバックアップが完了しました", "Copia de seguridad de {device} ({serial}) terminada",
    "اكتمل النسخ الاحتياطي لـ {device} ({serial})")
BACKUP_FINISHED_CONTENT = Text(
    "{file}：{size}，{files} 个文件。",
    "{file}: {size}, {files, plural, one {# file} other {# files}}.",
    "{file} : {size}, {files, plural, one {# fichier} other {# fichiers}}.",
    "{file}: {size}, 파일 {files}개.",
    "{file}: {size}, {files, plural, one {# Datei} other {# Dateien}}.",
    "{file}: {size}, {files, plural, one {# bestand} other {# bestanden}}.",
    "{file}：{size}、{files} ファイル。",
    "{file}: {size}, {files, plural, one {# archivo} other {# archivos}}.",
    "{file}: {size}، {files, plural, zero {لا ملفات} one {ملف واحد} two {ملفان} few {# ملفات} many {# ملفًا}"
    " other {# ملف}}.",
)

register("robotdata", globals())  # a stored key ``robotdata.NAME`` names a text here (core/texts.py)
