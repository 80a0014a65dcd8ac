"""Why a device group call is refused, in the nine languages (zh-CN, en, fr, ko, de, nl, ja, es, ar)."""

from cleanfleet.core.texts import Text

GROUP_NOT_FOUND = Text(
    "找不到设备分组 {id}", "Device group {id} not found", "Groupe d'appareils {id} introuvable",
    "장치 그룹 {id}을(를) 찾을 수 없습니다", "Gerätegruppe {id} nicht gefunden", "Apparaatgroep {id} niet gevonden",
    "デバイスグループ {id} が見つかりません", "No se encontró el grupo de dispositivos {id}",
    "لم يتم العثور على مجموعة الأجهزة {id}")
GROUP_NAME_TAKEN = Text(
    "该用户已有名为 {name} 的分组", "The owner already has a group named {name}",
    "Le propriétaire a déjà un groupe nommé {name}", "소유자에게 이미 {name} 그룹이 있습니다",
    "Der Besitzer hat bereits eine Gruppe namens {name}", "De eigenaar heeft al een groep met de naam {name}",
    "所有者には既に {name} という名前のグループがあります", "El titular ya tiene un grupo llamado {name}",
    "لدى المالك بالفعل مجموعة باسم {name}")
NOT_OWNERS_DEVICE = Text(
    "设备 {serial} 不属于该分组的所有者", "Device {serial} does not belong to the group's owner",
    "L'appareil {serial} n'appartient pas au propriétaire du groupe",
    "장치 {serial}은(는) 그룹 소유자의 장치가 아닙니다", "Gerät {serial} gehört nicht dem Besitzer der Gruppe",
    "Apparaat {serial} hoort niet bij de eigenaar van de groep",
    "デバイス {serial} はグループの所有者のものではありません",
    "El dispositivo {serial} no pertenece al titular del grupo", "الجهاز {serial} لا يخص مالك المجموعة")
