"""Refusals of the whole-machine version, cloud version and configuration calls, in the nine languages (zh-CN, en,
fr, ko, de, nl, ja, es, ar)."""

from cleanfleet.core.texts import Text

WHOLE_NAME_TAKEN = Text(
    "整机版本名称 {name} 已存在", "The whole-machine version name {name} already exists",
    "Le nom de version machine complète {name} existe déjà", "전체 기기 버전 이름 {name}이(가) 이미 있습니다",
    "Der Gesamtgeräte-Versionsname {name} existiert bereits",
    "De naam van de volledige machineversie {name} bestaat al",
    "整機バージョン名 {name} は既に存在します", "El nombre de versión de máquina completa {name} ya existe",
    "اسم إصدار الجهاز الكامل {name} موجود بالفعل")
WHOLE_NOT_FOUND = Text(
    "整机版本 {id} 不存在", "The whole-machine version {id} does not exist",
    "La version machine complète {id} n'existe pas", "전체 기기 버전 {id}이(가) 없습니다",
    "Die Gesamtgeräte-Version {id} existiert nicht", "De volledige machineversie {id} bestaat niet",
    "整機バージョン {id} は存在しません", "La versión de máquina completa {id} no existe",
    "إصدار الجهاز الكامل {id} غير موجود")
WHOLE_PUBLISHED = Text(
    "整机版本 {name} 已发布，请先取消发布", "The whole-machine version {name} is published: cancel the publish first",
    "La version machine complète {name} est publiée : annulez d'abord la publication",
    "전체 기기 버전 {name}이(가) 배포되었습니다. 먼저 배포를 취소하세요",
    "Die Gesamtgeräte-Version {name} ist veröffentlicht: heben Sie zuerst die Veröffentlichung auf",
    "De volledige machineversie {name} is gepubliceerd: trek eerst de publicatie in",
    "整機バージョン {name} は公開中です。先に公開を取り消してください",
    "La versión de máquina completa {name} está publicada: cancele primero la publicación",
    "إصدار الجهاز الكامل {name} منشور: ألغِ النشر أولاً")
ALREADY_IN_STATE = Text(
    "整机版本 {name} 已处于该状态", "The whole-machine version {name} is already in that state",
    "La version machine complète {name} est déjà dans cet état", "전체 기기 버전 {name}은(는) 이미 그 상태입니다",
    "Die Gesamtgeräte-Version {name} ist bereits in diesem Zustand",
    "De volledige machineversie {name} is al in die toestand", "整機バージョン {name} は既にその状態です",
    "La versión de máquina completa {name} ya está en ese estado", "إصدار الجهاز الكامل {name} في هذه الحالة بالفعل")
FIRMWARE_NOT_FOUND = Text(
    "固件 {id} 不存在", "The firmware {id} does not exist", "Le firmware {id} n'existe pas",
    "펌웨어 {id}이(가) 없습니다", "Die Firmware {id} existiert nicht", "De firmware {id} bestaat niet",
    "ファームウェア {id} は存在しません", "El firmware {id} no existe", "البرنامج الثابت {id} غير موجود")
DEVICE_ON_OTHER_LIST = Text(
    "设备 {serial} 已在另一个名单中", "The device {serial} is already on the other list",
    "L'appareil {serial} est déjà sur l'autre liste", "장치 {serial}은(는) 이미 다른 목록에 있습니다",
    "Das Gerät {serial} steht bereits auf der anderen Liste", "Het apparaat {serial} staat al op de andere lijst",
    "デバイス {serial} は既にもう一方のリストにあります", "El dispositivo {serial} ya está en la otra lista",
    "الجهاز {serial} موجود بالفعل في القائمة الأخرى")
CLOUD_NAME_TAKEN = Text(
    "云端版本名称 {name} 已存在", "The cloud version name {name} already exists",
    "Le nom de version cloud {name} existe déjà", "클라우드 버전 이름 {name}이(가) 이미 있습니다",
    "Der Cloud-Versionsname {name} existiert bereits", "De cloudversienaam {name} bestaat al",
    "クラウドバージョン名 {name} は既に存在します", "El nombre de versión de nube {name} ya existe",
    "اسم إصدار السحابة {name} موجود بالفعل")
CLOUD_NOT_FOUND = Text(
    "云端版本 {id} 不存在", "The cloud version {id} does not exist", "La version cloud {id} n'existe pas",
    "클라우드 버전 {id}이(가) 없습니다", "Die Cloud-Version {id} existiert nicht", "De cloudversie {id} bestaat niet",
    "クラウドバージョン {id} は存在しません", "La versión de nube {id} no existe", "إصدار السحابة {id} غير موجود")
KEY_TAKEN = Text(
    "参数键 {key} 已存在", "The parameter key {key} already exists", "La clé de paramètre {key} existe déjà",
    "매개변수 키 {key}이(가) 이미 있습니다", "Der Parameterschlüssel {key} existiert bereits",
    "De parametersleutel {key} bestaat al", "パラメータキー {key} は既に存在します",
    "La clave de parámetro {key} ya existe", "مفتاح المعلمة {key} موجود بالفعل")
PARAMETER_NOT_FOUND = Text(
    "配置参数 {id} 不存在", "The configuration parameter {id} does not exist",
    "Le paramètre de configuration {id} n'existe pas", "구성 매개변수 {id}이(가) 없습니다",
    "Der Konfigurationsparameter {id} existiert nicht", "De configuratieparameter {id} bestaat niet",
    "設定パラメータ {id} は存在しません", "El parámetro de configuración {id} no existe",
    "معلمة التكوين {id} غير موجودة")
KEY_FORMAT = Text(
    "参数键只能包含字母、数字、点、下划线和短横线", "A parameter key may hold only letters, digits, dots, underscores "
    "and hyphens", "Une clé de paramètre ne peut contenir que des lettres, chiffres, points, tirets bas et tirets",
    "매개변수 키에는 문자, 숫자, 점, 밑줄, 하이픈만 쓸 수 있습니다",
    "Ein Parameterschlüssel darf nur Buchstaben, Ziffern, Punkte, Unterstriche und Bindestriche enthalten",
    "Een parametersleutel mag alleen letters, cijfers, punten, underscores en koppeltekens bevatten",
    "パラメータキーには英字、数字、ドット、アンダースコア、ハイフンのみ使用できます",
    "Una clave de parámetro solo puede contener letras, dígitos, puntos, guiones bajos y guiones",
    "يمكن أن يحتوي مفتاح المعلمة على أحرف وأرقام ونقاط وشرطات سفلية وشرطات فقط")
