"""The refusals of the consumables and maintenance reminder calls, in the nine languages (zh-CN, en, fr, ko, de, nl,
ja, es, ar)."""

from cleanfleet.core.texts import Text

KIND_TWICE = Text(
    "每种耗材只能出现一次",
    "Each consumable may appear only once",
    "Chaque consommable ne peut figurer qu'une fois",
    "소모품마다 한 번만 넣을 수 있습니다",
    "Jedes Verbrauchsteil darf nur einmal vorkommen",
    "Elk verbruiksartikel mag maar één keer voorkomen",
    "各消耗品は 1 回だけ指定できます",
    "Cada consumible solo puede aparecer una vez",
    "يمكن أن يظهر كل مستهلك مرة واحدة فقط")
NOT_SET_UP = Text(
    "该设备尚未设置此耗材，请先编辑耗材",
    "This consumable is not set up on this device yet; edit the consumables first",
    "Ce consommable n'est pas encore configuré sur cet appareil ; modifiez d'abord les consommables",
    "이 장치에는 아직 이 소모품이 설정되지 않았습니다. 먼저 소모품을 편집하세요",
    "Dieses Verbrauchsteil ist an diesem Gerät noch nicht eingerichtet; bearbeiten Sie zuerst die Verbrauchsteile",
    "Dit verbruiksartikel is nog niet ingesteld op dit apparaat; bewerk eerst de verbruiksartikelen",
    "この装置ではまだこの消耗品が設定されていません。先に消耗品を編集してください",
    "Este consumible aún no está configurado en este dispositivo; edite primero los consumibles",
    "لم يُضبط هذا المستهلك على هذا الجهاز بعد؛ عدّل المستهلكات أولًا")
NOT_A_REMINDER = Text(
    "该设备没有编号为 {id} 的保养提醒",
    "This device has no maintenance reminder {id}",
    "Cet appareil n'a pas de rappel d'entretien {id}",
    "이 장치에는 유지보수 알림 {id}이(가) 없습니다",
    "Dieses Gerät hat keine Wartungserinnerung {id}",
    "Dit apparaat heeft geen onderhoudsherinnering {id}",
    "この装置にはメンテナンス通知 {id} はありません",
    "Este dispositivo no tiene el recordatorio de mantenimiento {id}",
    "لا يوجد لهذا الجهاز تذكير الصيانة {id}")
