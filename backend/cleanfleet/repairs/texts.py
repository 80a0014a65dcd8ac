"""The refusals of the repair record calls, in the nine languages (zh-CN, en, fr, ko, de, nl, ja, es, ar)."""

from cleanfleet.core.texts import Text

REPAIR_NOT_FOUND = Text(
    "维修记录 {id} 不存在",
    "Repair record {id} does not exist",
    "La fiche de réparation {id} n'existe pas",
    "수리 기록 {id}이(가) 없습니다",
    "Der Reparatureintrag {id} existiert nicht",
    "Reparatierecord {id} bestaat niet",
    "修理記録 {id} は存在しません",
    "El registro de reparación {id} no existe",
    "سجل الإصلاح {id} غير موجود")
ONE_STEP = Text(
    "维修状态只能逐步前进：待处理 → 处理中 → 已处理",
    "The state only moves one step forward: pending → processing → handled",
    "L'état n'avance que d'une étape à la fois : en attente → en cours → traité",
    "상태는 한 단계씩만 진행됩니다: 대기 → 처리 중 → 처리 완료",
    "Der Status rückt nur einen Schritt vor: offen → in Bearbeitung → erledigt",
    "De status gaat maar één stap vooruit: open → in behandeling → afgehandeld",
    "状態は 1 段階ずつしか進みません: 未処理 → 処理中 → 処理済み",
    "El estado solo avanza un paso: pendiente → en proceso → resuelto",
    "تتقدم الحالة خطوة واحدة فقط: قيد الانتظار ← قيد المعالجة ← تمت المعالجة")
HANDLED_IS_FINAL = Text(
    "该维修已处理，状态不能再更改",
    "This repair is handled; its state cannot change any more",
    "Cette réparation est traitée ; son état ne peut plus changer",
    "이 수리는 처리 완료되어 상태를 더 이상 바꿀 수 없습니다",
    "Diese Reparatur ist erledigt; ihr Status kann sich nicht mehr ändern",
    "Deze reparatie is afgehandeld; de status kan niet meer veranderen",
    "この修理は処理済みのため、状態は変更できません",
    "Esta reparación está resuelta; su estado ya no puede cambiar",
    "تمت معالجة هذا الإصلاح؛ لا يمكن تغيير حالته بعد الآن")
CHOOSE_DEVICE = Text(
    "请选择设备",
    "Choose a device",
    "Choisissez un appareil",
    "장치를 선택하세요",
    "Wählen Sie ein Gerät",
    "Kies een apparaat",
    "装置を選択してください",
    "Elija un dispositivo",
    "اختر جهازًا")
NO_PROCESS = Text(
    "您没有处理维修（更改其状态）的权限",
    "You may not process repairs (change their state)",
    "Vous n'avez pas le droit de traiter les réparations (changer leur état)",
    "수리를 처리(상태 변경)할 권한이 없습니다",
    "Sie dürfen Reparaturen nicht bearbeiten (ihren Status ändern)",
    "U mag reparaties niet behandelen (hun status wijzigen)",
    "修理を処理する（状態を変更する）権限がありません",
    "No tiene permiso para tramitar reparaciones (cambiar su estado)",
    "ليس لديك إذن بمعالجة الإصلاحات (تغيير حالتها)")
