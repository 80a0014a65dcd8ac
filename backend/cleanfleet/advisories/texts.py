"""Refusals of the advisory and SBOM calls, in the nine languages (zh-CN, en, fr, ko, de, nl, ja, es, ar).

``{field}`` is the place in the uploaded document (``affected.0.package.name``), never a value from it."""

from cleanfleet.core.texts import Text

NOT_JSON = Text(
    "文件不是有效的 JSON", "The file is not valid JSON", "Le fichier n'est pas un JSON valide",
    "파일이 올바른 JSON이 아닙니다", "Die Datei ist kein gültiges JSON", "Het bestand is geen geldige JSON",
    "ファイルが正しい JSON ではありません", "El archivo no es un JSON válido", "الملف ليس JSON صالحًا")
FILE_TOO_LARGE = Text(
    "文件超过 {limit} KB", "The file is larger than {limit} KB", "Le fichier dépasse {limit} Ko",
    "파일이 {limit} KB를 초과합니다", "Die Datei ist größer als {limit} KB", "Het bestand is groter dan {limit} KB",
    "ファイルが {limit} KB を超えています", "El archivo supera los {limit} KB", "الملف أكبر من {limit} كيلوبايت")
FILE_REQUIRED = Text(
    "请选择文件", "Choose a file", "Choisissez un fichier", "파일을 선택하세요", "Wählen Sie eine Datei",
    "Kies een bestand", "ファイルを選択してください", "Elija un archivo", "اختر ملفًا")
NOT_CYCLONEDX = Text(
    "文件不是 CycloneDX SBOM（bomFormat 应为 CycloneDX）",
    "The file is not a CycloneDX SBOM (bomFormat must be CycloneDX)",
    "Le fichier n'est pas un SBOM CycloneDX (bomFormat doit valoir CycloneDX)",
    "파일이 CycloneDX SBOM이 아닙니다(bomFormat은 CycloneDX여야 합니다)",
    "Die Datei ist keine CycloneDX-SBOM (bomFormat muss CycloneDX sein)",
    "Het bestand is geen CycloneDX-SBOM (bomFormat moet CycloneDX zijn)",
    "ファイルは CycloneDX SBOM ではありません（bomFormat は CycloneDX である必要があります）",
    "El archivo no es un SBOM CycloneDX (bomFormat debe ser CycloneDX)",
    "الملف ليس SBOM بتنسيق CycloneDX (يجب أن تكون قيمة bomFormat هي CycloneDX)")
FIELD_REQUIRED = Text(
    "文件缺少 {field}", "The file lacks {field}", "Il manque {field} dans le fichier", "파일에 {field}이(가) 없습니다",
    "In der Datei fehlt {field}", "Het bestand mist {field}", "ファイルに {field} がありません",
    "Al archivo le falta {field}", "الملف ينقصه {field}")
FIELD_TEXT = Text(
    "文件中的 {field} 应为不超过 {max} 个字符的文本", "{field} in the file must be a text of at most {max} characters",
    "{field} dans le fichier doit être un texte d'au plus {max} caractères",
    "파일의 {field}은(는) {max}자 이하의 텍스트여야 합니다",
    "{field} in der Datei muss ein Text mit höchstens {max} Zeichen sein",
    "{field} in het bestand moet een tekst van hoogstens {max} tekens zijn",
    "ファイルの {field} は {max} 文字以内のテキストである必要があります",
    "{field} en el archivo debe ser un texto de {max} caracteres como máximo",
    "يجب أن يكون {field} في الملف نصًا من {max} حرفًا على الأكثر")
FIELD_LIST = Text(
    "文件中的 {field} 应为包含 {min} 到 {max} 项的列表", "{field} in the file must be a list of {min} to {max} items",
    "{field} dans le fichier doit être une liste de {min} à {max} éléments",
    "파일의 {field}은(는) {min}~{max}개 항목의 목록이어야 합니다",
    "{field} in der Datei muss eine Liste mit {min} bis {max} Einträgen sein",
    "{field} in het bestand moet een lijst van {min} tot {max} items zijn",
    "ファイルの {field} は {min}〜{max} 項目のリストである必要があります",
    "{field} en el archivo debe ser una lista de {min} a {max} elementos",
    "يجب أن يكون {field} في الملف قائمة من {min} إلى {max} عنصرًا")
FIELD_OBJECT = Text(
    "文件中的 {field} 应为对象", "{field} in the file must be an object", "{field} dans le fichier doit être un objet",
    "파일의 {field}은(는) 객체여야 합니다", "{field} in der Datei muss ein Objekt sein",
    "{field} in het bestand moet een object zijn", "ファイルの {field} はオブジェクトである必要があります",
    "{field} en el archivo debe ser un objeto", "يجب أن يكون {field} في الملف كائنًا")
FIELD_PURL = Text(
    "文件中的 {field} 不是 purl（应以 pkg: 开头）", "{field} in the file is not a purl (it must start with pkg:)",
    "{field} dans le fichier n'est pas un purl (il doit commencer par pkg:)",
    "파일의 {field}이(가) purl이 아닙니다(pkg:로 시작해야 합니다)",
    "{field} in der Datei ist keine purl (sie muss mit pkg: beginnen)",
    "{field} in het bestand is geen purl (het moet met pkg: beginnen)",
    "ファイルの {field} は purl ではありません（pkg: で始まる必要があります）",
    "{field} en el archivo no es un purl (debe empezar por pkg:)",
    "{field} في الملف ليس purl (يجب أن يبدأ بـ pkg:)")
FIELD_CHOICE = Text(
    "文件中的 {field} 应为以下之一：{choices}", "{field} in the file must be one of: {choices}",
    "{field} dans le fichier doit valoir l'une de ces valeurs : {choices}",
    "파일의 {field}은(는) 다음 중 하나여야 합니다: {choices}",
    "{field} in der Datei muss einer dieser Werte sein: {choices}",
    "{field} in het bestand moet een van deze waarden zijn: {choices}",
    "ファイルの {field} は次のいずれかである必要があります: {choices}",
    "{field} en el archivo debe ser uno de: {choices}", "يجب أن يكون {field} في الملف أحد القيم: {choices}")
AFFECTS_NOTHING = Text(
    "文件中的 {field} 既没有 versions 也没有 ranges", "{field} in the file has neither versions nor ranges",
    "{field} dans le fichier n'a ni versions ni ranges", "파일의 {field}에 versions도 ranges도 없습니다",
    "{field} in der Datei hat weder versions noch ranges", "{field} in het bestand heeft geen versions en geen ranges",
    "ファイルの {field} には versions も ranges もありません", "{field} en el archivo no tiene versions ni ranges",
    "لا يحتوي {field} في الملف على versions ولا ranges")
ADVISORY_NOT_FOUND = Text(
    "安全公告 {id} 不存在", "The advisory {id} does not exist", "L'avis de sécurité {id} n'existe pas",
    "보안 권고 {id}이(가) 없습니다", "Die Sicherheitsmeldung {id} existiert nicht",
    "Het beveiligingsadvies {id} bestaat niet",
    "セキュリティアドバイザリ {id} は存在しません", "El aviso de seguridad {id} no existe",
    "النشرة الأمنية {id} غير موجودة")
TARGET_AFFECTED = Text(
    "固件 {name} 本身受此公告影响或没有 SBOM，不能作为修复版本",
    "The firmware {name} is itself affected by this advisory or has no SBOM, so it is no fixed version",
    "Le firmware {name} est lui-même concerné par cet avis ou n'a pas de SBOM : ce n'est pas une version corrigée",
    "펌웨어 {name}은(는) 이 권고의 영향을 받거나 SBOM이 없어 수정 버전이 아닙니다",
    "Die Firmware {name} ist selbst betroffen oder hat keine SBOM und ist daher keine korrigierte Version",
    "De firmware {name} is zelf getroffen of heeft geen SBOM en is dus geen gecorrigeerde versie",
    "ファームウェア {name} 自体がこのアドバイザリの影響を受けるか SBOM がないため、修正版ではありません",
    "El firmware {name} está afectado por este aviso o no tiene SBOM, así que no es una versión corregida",
    "البرنامج الثابت {name} متأثر بهذه النشرة أو ليس له SBOM، فهو ليس إصدارًا مصححًا")
ROBOT_NOT_AFFECTED = Text(
    "机器人 {serial} 未运行受此公告影响的版本", "The robot {serial} does not run a version this advisory affects",
    "Le robot {serial} n'exécute pas de version concernée par cet avis",
    "로봇 {serial}은(는) 이 권고의 영향을 받는 버전을 실행하지 않습니다",
    "Der Roboter {serial} führt keine betroffene Version aus",
    "De robot {serial} draait geen versie die dit advies treft",
    "ロボット {serial} はこのアドバイザリの影響を受けるバージョンを実行していません",
    "El robot {serial} no ejecuta una versión afectada por este aviso",
    "الروبوت {serial} لا يشغّل إصدارًا تتأثر به هذه النشرة")
