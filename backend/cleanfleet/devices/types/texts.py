"""Why a device type call is refused, in the nine languages (zh-CN, en, fr, ko, de, nl, ja, es, ar)."""

from cleanfleet.core.texts import Text

TYPE_NOT_FOUND = Text(
    "设备类型 {typeId} 不存在", "There is no device type {typeId}", "Le type d'appareil {typeId} n'existe pas",
    "장치 유형 {typeId}이(가) 없습니다", "Den Gerätetyp {typeId} gibt es nicht", "Apparaattype {typeId} bestaat niet",
    "デバイスタイプ {typeId} は存在しません", "No existe el tipo de dispositivo {typeId}",
    "نوع الجهاز {typeId} غير موجود")
NO_TYPE_NAMED = Text(
    "没有名为 {name} 的设备类型", "There is no device type named {name}",
    "Aucun type d'appareil ne s'appelle {name}", "이름이 {name}인 장치 유형이 없습니다",
    "Es gibt keinen Gerätetyp namens {name}", "Er is geen apparaattype met de naam {name}",
    "{name} という名前のデバイスタイプはありません", "No hay ningún tipo de dispositivo llamado {name}",
    "لا يوجد نوع جهاز باسم {name}")
TYPE_NAME_TAKEN = Text(
    "设备类型名称 {name} 已存在", "A device type named {name} already exists",
    "Un type d'appareil nommé {name} existe déjà", "이름이 {name}인 장치 유형이 이미 있습니다",
    "Ein Gerätetyp namens {name} existiert bereits", "Er bestaat al een apparaattype met de naam {name}",
    "{name} という名前のデバイスタイプは既に存在します", "Ya existe un tipo de dispositivo llamado {name}",
    "يوجد بالفعل نوع جهاز باسم {name}")
TYPE_URL_INVALID = Text(
    "请上传图片，或填写 http(s) 地址", "Upload an image or give an http(s) address",
    "Téléversez une image ou indiquez une adresse http(s)", "이미지를 업로드하거나 http(s) 주소를 입력하세요",
    "Laden Sie ein Bild hoch oder geben Sie eine http(s)-Adresse an",
    "Upload een afbeelding of geef een http(s)-adres op",
    "画像をアップロードするか、http(s) のアドレスを入力してください",
    "Suba una imagen o indique una dirección http(s)", "ارفع صورة أو أدخل عنوان http(s)")
TYPE_HAS_DEVICES = Text(
    "仍有此类型的设备，不能删除", "Devices of this type exist, so it cannot be deleted",
    "Des appareils de ce type existent : il ne peut pas être supprimé",
    "이 유형의 장치가 있어 삭제할 수 없습니다", "Es gibt Geräte dieses Typs, daher kann er nicht gelöscht werden",
    "Er zijn apparaten van dit type, dus het kan niet worden verwijderd",
    "この種類のデバイスがあるため削除できません", "Hay dispositivos de este tipo, así que no se puede eliminar",
    "توجد أجهزة من هذا النوع، لذا لا يمكن حذفه")
