"""The refusals of the stored file calls, in the nine languages (zh-CN, en, fr, ko, de, nl, ja, es, ar)."""

from cleanfleet.core.texts import Text

FILE_NOT_FOUND = Text(
    "文件不存在",
    "The file does not exist",
    "Le fichier n'existe pas",
    "파일이 없습니다",
    "Die Datei existiert nicht",
    "Het bestand bestaat niet",
    "ファイルは存在しません",
    "El archivo no existe",
    "الملف غير موجود")

BAD_NAME = Text(
    "文件名不能包含空格或特殊字符：只能使用字母、数字、_、- 和 .",
    "The file name may not contain spaces or special characters: only letters, digits, _, - and .",
    "Le nom du fichier ne peut contenir ni espace ni caractère spécial : seulement lettres, chiffres, _, - et .",
    "파일 이름에는 공백이나 특수 문자를 쓸 수 없습니다: 문자, 숫자, _, -, . 만 사용할 수 있습니다",
    "Der Dateiname darf keine Leerzeichen oder Sonderzeichen enthalten: nur Buchstaben, Ziffern, _, - und .",
    "De bestandsnaam mag geen spaties of speciale tekens bevatten: alleen letters, cijfers, _, - en .",
    "ファイル名に空白や特殊文字は使えません：文字、数字、_、-、. のみ使用できます",
    "El nombre del archivo no puede contener espacios ni caracteres especiales: solo letras, dígitos, _, - y .",
    "لا يجوز أن يحتوي اسم الملف على مسافات أو رموز خاصة: فقط الحروف والأرقام و_ و- و.")
BAD_FOLDER = Text(
    "目录只能由字母、数字、_ 和 - 组成，用 / 分隔，最多 8 级",
    "The folder may only hold letters, digits, _ and -, separated by /, at most 8 levels deep",
    "Le dossier ne peut contenir que lettres, chiffres, _ et -, séparés par /, sur 8 niveaux au plus",
    "폴더는 문자, 숫자, _, - 만 / 로 구분하여 최대 8단계까지 사용할 수 있습니다",
    "Der Ordner darf nur Buchstaben, Ziffern, _ und - enthalten, durch / getrennt, höchstens 8 Ebenen tief",
    "De map mag alleen letters, cijfers, _ en - bevatten, gescheiden door /, hoogstens 8 niveaus diep",
    "フォルダーには文字、数字、_、- のみを / で区切って最大 8 階層まで使用できます",
    "La carpeta solo puede contener letras, dígitos, _ y -, separados por /, con 8 niveles como máximo",
    "لا يجوز أن يحتوي المجلد إلا على الحروف والأرقام و_ و- مفصولة بـ / وبحد أقصى 8 مستويات")
ONE_FILE = Text(
    "请选择一个文件上传",
    "Choose one file to upload",
    "Choisissez un fichier à envoyer",
    "업로드할 파일을 하나 선택하세요",
    "Wählen Sie eine Datei zum Hochladen",
    "Kies één bestand om te uploaden",
    "アップロードするファイルを 1 つ選んでください",
    "Elija un archivo para subir",
    "اختر ملفًا واحدًا للرفع")
FILE_TOO_LARGE = Text(
    "文件超过 {limit} 字节的上限",
    "The file is over the limit of {limit} bytes",
    "Le fichier dépasse la limite de {limit} octets",
    "파일이 {limit} 바이트 제한을 넘습니다",
    "Die Datei überschreitet die Grenze von {limit} Bytes",
    "Het bestand is groter dan de limiet van {limit} bytes",
    "ファイルが上限の {limit} バイトを超えています",
    "El archivo supera el límite de {limit} bytes",
    "يتجاوز الملف الحد البالغ {limit} بايت")
LINK_EXPIRED = Text(
    "下载链接已过期或无效，请重新获取",
    "The download link has expired or is not valid: ask for a new one",
    "Le lien de téléchargement a expiré ou n'est pas valide : demandez-en un nouveau",
    "다운로드 링크가 만료되었거나 유효하지 않습니다. 새 링크를 받으세요",
    "Der Download-Link ist abgelaufen oder ungültig: fordern Sie einen neuen an",
    "De downloadlink is verlopen of ongeldig: vraag een nieuwe aan",
    "ダウンロードリンクの有効期限が切れているか無効です。新しいリンクを取得してください",
    "El enlace de descarga ha caducado o no es válido: solicite uno nuevo",
    "انتهت صلاحية رابط التنزيل أو أنه غير صالح: اطلب رابطًا جديدًا")
