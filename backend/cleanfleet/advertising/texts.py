"""The refusals of the advertising calls, in the nine languages (zh-CN, en, fr, ko, de, nl, ja, es, ar)."""

from cleanfleet.core.texts import Text

MEDIA_NOT_FOUND = Text(
    "广告素材 {id} 不存在",
    "There is no advertising media {id}",
    "Le média publicitaire {id} n'existe pas",
    "광고 미디어 {id}이(가) 없습니다",
    "Es gibt kein Werbemedium {id}",
    "Advertentiemedium {id} bestaat niet",
    "広告素材 {id} は存在しません",
    "No existe el medio publicitario {id}",
    "لا توجد وسائط إعلانية {id}")
PLAYLIST_NOT_FOUND = Text(
    "播放列表 {id} 不存在",
    "There is no playlist {id}",
    "La playlist {id} n'existe pas",
    "재생 목록 {id}이(가) 없습니다",
    "Es gibt keine Wiedergabeliste {id}",
    "Afspeellijst {id} bestaat niet",
    "プレイリスト {id} は存在しません",
    "No existe la lista de reproducción {id}",
    "لا توجد قائمة تشغيل {id}")
NOT_MEDIA = Text(
    "广告素材只能是图片、视频或音频文件",
    "Advertising media must be an image, a video or an audio file",
    "Un média publicitaire doit être une image, une vidéo ou un fichier audio",
    "광고 미디어는 이미지, 동영상 또는 오디오 파일이어야 합니다",
    "Ein Werbemedium muss ein Bild, ein Video oder eine Audiodatei sein",
    "Een advertentiemedium moet een afbeelding, video of audiobestand zijn",
    "広告素材は画像、動画、音声ファイルのいずれかである必要があります",
    "Un medio publicitario debe ser una imagen, un vídeo o un archivo de audio",
    "يجب أن تكون الوسائط الإعلانية صورة أو فيديو أو ملفًا صوتيًا")
NAME_TAKEN = Text(
    "名称 {name} 已存在",
    "The name {name} already exists",
    "Le nom {name} existe déjà",
    "이름 {name}이(가) 이미 있습니다",
    "Der Name {name} existiert bereits",
    "De naam {name} bestaat al",
    "名前 {name} は既に存在します",
    "El nombre {name} ya existe",
    "الاسم {name} موجود بالفعل")
