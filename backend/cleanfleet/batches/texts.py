"""The refusals of the production batch calls, in the nine languages (zh-CN, en, fr, ko, de, nl, ja, es, ar)."""

from cleanfleet.core.texts import Text

RACK_RANGE_SHAPE = Text(
    "机架号范围应为用“-”连接的两个机架号，例如 SC0001-SC0030",
    "Give two rack numbers joined by '-', such as SC0001-SC0030",
    "Indiquez deux numéros de rack reliés par « - », par exemple SC0001-SC0030",
    "'-'로 연결한 두 개의 랙 번호를 입력하세요(예: SC0001-SC0030)",
    "Geben Sie zwei mit „-“ verbundene Rack-Nummern an, z. B. SC0001-SC0030",
    "Geef twee racknummers verbonden met '-', bijvoorbeeld SC0001-SC0030",
    "「-」でつないだ 2 つのラック番号を入力してください（例: SC0001-SC0030）",
    "Indique dos números de rack unidos por '-', por ejemplo SC0001-SC0030",
    "أدخل رقمي رف يربط بينهما '-'، مثل SC0001-SC0030")
RACK_END_SHAPE = Text(
    "每一端都应是字母前缀加数字，例如 SC0001",
    "Each end must be a letter prefix followed by digits, such as SC0001",
    "Chaque extrémité doit être un préfixe en lettres suivi de chiffres, par exemple SC0001",
    "각 끝은 영문 접두사 뒤에 숫자가 와야 합니다(예: SC0001)",
    "Jedes Ende muss aus einem Buchstabenpräfix und Ziffern bestehen, z. B. SC0001",
    "Elk uiteinde moet een lettervoorvoegsel gevolgd door cijfers zijn, bijvoorbeeld SC0001",
    "両端とも英字の接頭辞と数字にしてください（例: SC0001）",
    "Cada extremo debe ser un prefijo de letras seguido de dígitos, por ejemplo SC0001",
    "يجب أن يكون كل طرف بادئة من الحروف تليها أرقام، مثل SC0001")
RACK_PREFIX_DIFFERS = Text(
    "两端的前缀必须相同", "Both ends must have the same prefix", "Les deux extrémités doivent avoir le même préfixe",
    "양 끝의 접두사가 같아야 합니다", "Beide Enden müssen dasselbe Präfix haben",
    "Beide uiteinden moeten hetzelfde voorvoegsel hebben", "両端の接頭辞は同じにしてください",
    "Ambos extremos deben tener el mismo prefijo", "يجب أن تكون البادئة نفسها في الطرفين")
RACK_WIDTH_DIFFERS = Text(
    "两端的数字位数必须相同", "Both ends must have the same number of digits",
    "Les deux extrémités doivent avoir le même nombre de chiffres", "양 끝의 숫자 자릿수가 같아야 합니다",
    "Beide Enden müssen gleich viele Ziffern haben", "Beide uiteinden moeten evenveel cijfers hebben",
    "両端の桁数は同じにしてください", "Ambos extremos deben tener el mismo número de dígitos",
    "يجب أن يكون عدد الأرقام نفسه في الطرفين")
RACK_ORDER = Text(
    "起始号必须小于结束号", "The first number must be below the last",
    "Le premier numéro doit être inférieur au dernier",
    "시작 번호는 끝 번호보다 작아야 합니다", "Die erste Nummer muss kleiner als die letzte sein",
    "Het eerste nummer moet lager zijn dan het laatste", "開始番号は終了番号より小さくしてください",
    "El primer número debe ser menor que el último", "يجب أن يكون الرقم الأول أصغر من الأخير")
BATCH_NOT_FOUND = Text(
    "生产批次 {id} 不存在", "Production batch {id} does not exist", "Le lot de production {id} n'existe pas",
    "생산 배치 {id}이(가) 없습니다", "Die Produktionscharge {id} existiert nicht", "Productiebatch {id} bestaat niet",
    "生産ロット {id} は存在しません", "El lote de producción {id} no existe", "دفعة الإنتاج {id} غير موجودة")
BATCH_NAME_NOT_FOUND = Text(
    "没有名为 {name} 的生产批次", "There is no production batch named {name}",
    "Aucun lot de production ne s'appelle {name}", "이름이 {name}인 생산 배치가 없습니다",
    "Es gibt keine Produktionscharge namens {name}", "Er is geen productiebatch met de naam {name}",
    "{name} という生産ロットはありません", "No hay ningún lote de producción llamado {name}",
    "لا توجد دفعة إنتاج باسم {name}")
CHOOSE_BATCH = Text(
    "请选择一个生产批次", "Choose a production batch", "Choisissez un lot de production", "생산 배치를 선택하세요",
    "Wählen Sie eine Produktionscharge", "Kies een productiebatch", "生産ロットを選択してください",
    "Elija un lote de producción", "اختر دفعة إنتاج")
NO_DEVICE_TYPE = Text(
    "设备型号 {id} 不存在", "Device model {id} does not exist", "Le modèle d'appareil {id} n'existe pas",
    "장치 모델 {id}이(가) 없습니다", "Das Gerätemodell {id} existiert nicht", "Apparaatmodel {id} bestaat niet",
    "機種 {id} は存在しません", "El modelo de dispositivo {id} no existe", "طراز الجهاز {id} غير موجود")
BATCH_NAME_TAKEN = Text(
    "批次名称 {name} 已被使用", "The batch name {name} is already taken", "Le nom de lot {name} est déjà utilisé",
    "배치 이름 {name}은(는) 이미 사용 중입니다", "Der Chargenname {name} ist bereits vergeben",
    "De batchnaam {name} is al in gebruik", "ロット名 {name} はすでに使われています",
    "El nombre de lote {name} ya está en uso", "اسم الدفعة {name} مستخدم بالفعل")
PART_NOT_IN_BATCH = Text(
    "该批次中没有配件 {id}", "The batch does not list part {id}", "Le lot ne contient pas la pièce {id}",
    "이 배치에 부품 {id}이(가) 없습니다", "Die Charge enthält das Teil {id} nicht",
    "De batch bevat onderdeel {id} niet",
    "このロットに部品 {id} はありません", "El lote no incluye la pieza {id}", "الدفعة لا تتضمن القطعة {id}")
OTHER_MODEL = Text(
    "该批次属于另一种设备型号", "This batch is for another device model", "Ce lot concerne un autre modèle d'appareil",
    "이 배치는 다른 장치 모델용입니다", "Diese Charge gehört zu einem anderen Gerätemodell",
    "Deze batch is voor een ander apparaatmodel", "このロットは別の機種用です",
    "Este lote es para otro modelo de dispositivo", "هذه الدفعة لطراز جهاز آخر")
RACK_OUTSIDE = Text(
    "机架号 {rack} 不在批次范围 {range} 内", "Rack number {rack} is outside the batch's range {range}",
    "Le numéro de rack {rack} est hors de la plage du lot {range}",
    "랙 번호 {rack}이(가) 배치 범위 {range}를 벗어났습니다",
    "Die Rack-Nummer {rack} liegt außerhalb des Bereichs der Charge {range}",
    "Racknummer {rack} valt buiten het bereik van de batch {range}",
    "ラック番号 {rack} はロットの範囲 {range} の外です",
    "El número de rack {rack} está fuera del rango del lote {range}",
    "رقم الرف {rack} خارج نطاق الدفعة {range}")
TYPE_HAS_BATCHES = Text(
    "仍有此类型的生产批次，不能删除", "Production batches of this type exist, so it cannot be deleted",
    "Des lots de production de ce type existent : il ne peut pas être supprimé",
    "이 유형의 생산 배치가 있어 삭제할 수 없습니다",
    "Es gibt Produktionschargen dieses Typs, daher kann er nicht gelöscht werden",
    "Er zijn productiebatches van dit type, dus het kan niet worden verwijderd",
    "この種類の生産バッチがあるため削除できません",
    "Hay lotes de producción de este tipo, así que no se puede eliminar",
    "توجد دفعات إنتاج من هذا النوع، لذا لا يمكن حذفه")
