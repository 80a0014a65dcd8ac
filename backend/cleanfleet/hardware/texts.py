"""The refusals of the parts catalogue and a device's parts, in the nine languages (zh-CN, en, fr, ko, de, nl, ja,
es, ar)."""

from cleanfleet.core.texts import Text

CATEGORY_NOT_FOUND = Text(
    "配件类别 {id} 不存在",
    "Part category {id} does not exist",
    "La catégorie de pièces {id} n'existe pas",
    "부품 분류 {id}이(가) 없습니다",
    "Die Teilekategorie {id} existiert nicht",
    "Onderdelencategorie {id} bestaat niet",
    "部品カテゴリ {id} は存在しません",
    "La categoría de piezas {id} no existe",
    "فئة القطع {id} غير موجودة")
PART_NOT_FOUND = Text(
    "配件 {id} 不存在",
    "Part {id} does not exist",
    "La pièce {id} n'existe pas",
    "부품 {id}이(가) 없습니다",
    "Das Teil {id} existiert nicht",
    "Onderdeel {id} bestaat niet",
    "部品 {id} は存在しません",
    "La pieza {id} no existe",
    "القطعة {id} غير موجودة")
ONE_PER_CATEGORY = Text(
    "每个类别最多一个配件",
    "At most one part per category",
    "Une pièce au maximum par catégorie",
    "분류마다 부품은 하나만 가능합니다",
    "Höchstens ein Teil je Kategorie",
    "Maximaal één onderdeel per categorie",
    "カテゴリごとに部品は 1 つまでです",
    "Como máximo una pieza por categoría",
    "قطعة واحدة على الأكثر لكل فئة")
CATEGORY_NAME_TAKEN = Text(
    "类别名称 {name} 已被使用",
    "The category name {name} is already taken",
    "Le nom de catégorie {name} est déjà utilisé",
    "분류 이름 {name}은(는) 이미 사용 중입니다",
    "Der Kategoriename {name} ist bereits vergeben",
    "De categorienaam {name} is al in gebruik",
    "カテゴリ名 {name} はすでに使われています",
    "El nombre de categoría {name} ya está en uso",
    "اسم الفئة {name} مستخدم بالفعل")
CATEGORY_HAS_PARTS = Text(
    "类别 {name} 下仍有配件，请先删除这些配件",
    "Category {name} still has parts; delete them first",
    "La catégorie {name} contient encore des pièces ; supprimez-les d'abord",
    "분류 {name}에 아직 부품이 있습니다. 먼저 부품을 삭제하세요",
    "Die Kategorie {name} enthält noch Teile; löschen Sie diese zuerst",
    "Categorie {name} bevat nog onderdelen; verwijder die eerst",
    "カテゴリ {name} にはまだ部品があります。先に部品を削除してください",
    "La categoría {name} todavía tiene piezas; elimínelas primero",
    "لا تزال الفئة {name} تحتوي على قطع؛ احذفها أولًا")
PART_TAKEN = Text(
    "该类别中已有配件 {part}",
    "Part {part} already exists in this category",
    "La pièce {part} existe déjà dans cette catégorie",
    "이 분류에 부품 {part}이(가) 이미 있습니다",
    "Das Teil {part} gibt es in dieser Kategorie bereits",
    "Onderdeel {part} bestaat al in deze categorie",
    "このカテゴリには部品 {part} がすでにあります",
    "La pieza {part} ya existe en esta categoría",
    "القطعة {part} موجودة بالفعل في هذه الفئة")
PART_IN_USE_CATEGORY = Text(
    "配件 {part} 已装在设备上或列在批次中，不能更换类别",
    "Part {part} is fitted to a device or listed in a batch, so it cannot change category",
    "La pièce {part} est montée sur un appareil ou listée dans un lot : elle ne peut pas changer de catégorie",
    "부품 {part}은(는) 장치에 장착되었거나 배치에 포함되어 분류를 바꿀 수 없습니다",
    "Das Teil {part} ist in einem Gerät verbaut oder in einer Charge gelistet und kann die Kategorie nicht wechseln",
    "Onderdeel {part} zit in een apparaat of staat in een batch en kan niet van categorie wisselen",
    "部品 {part} は装置に取り付け済みかロットに含まれているため、カテゴリを変更できません",
    "La pieza {part} está montada en un dispositivo o incluida en un lote y no puede cambiar de categoría",
    "القطعة {part} مركّبة في جهاز أو مدرجة في دفعة، فلا يمكن تغيير فئتها")
PART_IN_USE = Text(
    "配件 {part} 已装在设备上或列在批次中，不能删除",
    "Part {part} is fitted to a device or listed in a batch, so it cannot be deleted",
    "La pièce {part} est montée sur un appareil ou listée dans un lot : elle ne peut pas être supprimée",
    "부품 {part}은(는) 장치에 장착되었거나 배치에 포함되어 삭제할 수 없습니다",
    "Das Teil {part} ist in einem Gerät verbaut oder in einer Charge gelistet und kann nicht gelöscht werden",
    "Onderdeel {part} zit in een apparaat of staat in een batch en kan niet worden verwijderd",
    "部品 {part} は装置に取り付け済みかロットに含まれているため、削除できません",
    "La pieza {part} está montada en un dispositivo o incluida en un lote y no se puede eliminar",
    "القطعة {part} مركّبة في جهاز أو مدرجة في دفعة، فلا يمكن حذفها")
PART_OF_OTHER_CATEGORY = Text(
    "该配件属于另一个类别",
    "This part belongs to another category",
    "Cette pièce appartient à une autre catégorie",
    "이 부품은 다른 분류에 속합니다",
    "Dieses Teil gehört zu einer anderen Kategorie",
    "Dit onderdeel hoort bij een andere categorie",
    "この部品は別のカテゴリのものです",
    "Esta pieza pertenece a otra categoría",
    "تنتمي هذه القطعة إلى فئة أخرى")
