"""The refusals of the file and knowledge-base calls, in the nine languages (zh-CN, en, fr, ko, de, nl, ja, es, ar)."""

from cleanfleet.core.texts import Text

ENTRY_NOT_FOUND = Text(
    "文件记录 {id} 不存在",
    "There is no file entry {id}",
    "L'entrée de fichier {id} n'existe pas",
    "파일 항목 {id}이(가) 없습니다",
    "Es gibt keinen Dateieintrag {id}",
    "Bestandsvermelding {id} bestaat niet",
    "ファイル項目 {id} は存在しません",
    "No existe la entrada de archivo {id}",
    "لا يوجد إدخال ملف {id}")
