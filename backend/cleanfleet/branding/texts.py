"""The refusals of the brand calls, in the nine languages (zh-CN, en, fr, ko, de, nl, ja, es, ar)."""

from cleanfleet.core.texts import Text

BAD_COLOUR = Text(
    "请以 #rrggbb 格式输入颜色，例如 #017465。",
    "Enter the colour as #rrggbb, such as #017465.",
    "Saisissez la couleur au format #rrggbb, par exemple #017465.",
    "색상을 #rrggbb 형식으로 입력하세요(예: #017465).",
    "Geben Sie die Farbe als #rrggbb ein, etwa #017465.",
    "Voer de kleur in als #rrggbb, bijvoorbeeld #017465.",
    "色は #rrggbb の形式で入力してください（例: #017465）。",
    "Introduzca el color como #rrggbb, por ejemplo #017465.",
    "أدخل اللون بالصيغة ‎#rrggbb‎، مثل ‎#017465‎.")
PRIMARY_LOW_CONTRAST = Text(
    "白色文字在此颜色上的对比度只有 {ratio}:1，至少需要 4.5:1（WCAG AA）：请选择更深的颜色。",
    "White text on this colour has a contrast of only {ratio}:1; it needs at least 4.5:1 (WCAG AA): choose a "
    "darker colour.",
    "Un texte blanc sur cette couleur n'a qu'un contraste de {ratio}:1 ; il faut au moins 4.5:1 (WCAG AA) : "
    "choisissez une couleur plus foncée.",
    "이 색상 위의 흰색 글자 대비는 {ratio}:1에 불과합니다. 최소 4.5:1(WCAG AA)이 필요하니 더 어두운 색상을 선택하세요.",
    "Weiße Schrift auf dieser Farbe hat nur einen Kontrast von {ratio}:1; nötig sind mindestens 4.5:1 (WCAG AA): "
    "wählen Sie eine dunklere Farbe.",
    "Witte tekst op deze kleur heeft maar een contrast van {ratio}:1; minstens 4.5:1 is nodig (WCAG AA): kies een "
    "donkerdere kleur.",
    "この色の上の白い文字のコントラストは {ratio}:1 しかありません。4.5:1 以上（WCAG AA）が必要です。"
    "もっと濃い色を選んでください。",
    "El texto blanco sobre este color tiene un contraste de solo {ratio}:1; necesita al menos 4.5:1 (WCAG AA): "
    "elija un color más oscuro.",
    "تباين النص الأبيض على هذا اللون {ratio}:1 فقط، والمطلوب 4.5:1 على الأقل (WCAG AA): اختر لونًا أغمق.")
HEADER_LOW_CONTRAST = Text(
    "白色或深色文字在此颜色上的对比度最高只有 {ratio}:1，至少需要 4.5:1（WCAG AA）：请选择更深或更浅的颜色。",
    "Neither white nor dark text reaches 4.5:1 on this colour (at best {ratio}:1, WCAG AA): choose a darker or "
    "lighter colour.",
    "Ni un texte blanc ni un texte foncé n'atteint 4.5:1 sur cette couleur (au mieux {ratio}:1, WCAG AA) : "
    "choisissez une couleur plus foncée ou plus claire.",
    "이 색상 위에서는 흰색 글자도 어두운 글자도 4.5:1에 이르지 못합니다(최대 {ratio}:1, WCAG AA). "
    "더 어둡거나 밝은 색상을 선택하세요.",
    "Weder weiße noch dunkle Schrift erreicht auf dieser Farbe 4.5:1 (höchstens {ratio}:1, WCAG AA): wählen Sie "
    "eine dunklere oder hellere Farbe.",
    "Witte noch donkere tekst haalt 4.5:1 op deze kleur (hoogstens {ratio}:1, WCAG AA): kies een donkerdere of "
    "lichtere kleur.",
    "この色の上では白い文字も濃い文字も 4.5:1 に届きません（最大 {ratio}:1、WCAG AA）。"
    "もっと濃い色か薄い色を選んでください。",
    "Ni el texto blanco ni el oscuro llegan a 4.5:1 sobre este color (como mucho {ratio}:1, WCAG AA): elija un "
    "color más oscuro o más claro.",
    "لا يبلغ النص الأبيض ولا الداكن 4.5:1 على هذا اللون (‏{ratio}:1 في أحسن الأحوال، WCAG AA): اختر لونًا أغمق أو "
    "أفتح.")
PLAIN_TEXT = Text(
    "请只输入纯文本：不能包含换行或控制字符。",
    "Use plain text: no line breaks or control characters.",
    "Utilisez du texte simple : ni saut de ligne ni caractère de contrôle.",
    "일반 텍스트만 입력하세요. 줄바꿈이나 제어 문자는 쓸 수 없습니다.",
    "Verwenden Sie einfachen Text: keine Zeilenumbrüche oder Steuerzeichen.",
    "Gebruik platte tekst: geen regeleinden of stuurtekens.",
    "プレーンテキストのみ使えます。改行や制御文字は使えません。",
    "Use texto sin formato: sin saltos de línea ni caracteres de control.",
    "استخدم نصًا عاديًا: بلا فواصل أسطر ولا محارف تحكم.")
NAME_REQUIRED = Text(
    "请输入产品名称。", "Enter the product name.", "Saisissez le nom du produit.", "제품 이름을 입력하세요.",
    "Geben Sie den Produktnamen ein.", "Voer de productnaam in.", "製品名を入力してください。",
    "Introduzca el nombre del producto.", "أدخل اسم المنتج.")
BAD_REPLY_TO = Text(
    "请以 name@example.com 格式输入回复地址。",
    "Enter the reply-to address as name@example.com.",
    "Saisissez l'adresse de réponse au format nom@exemple.com.",
    "회신 주소를 name@example.com 형식으로 입력하세요.",
    "Geben Sie die Antwortadresse als name@example.com ein.",
    "Voer het antwoordadres in als naam@voorbeeld.nl.",
    "返信先アドレスは name@example.com の形式で入力してください。",
    "Introduzca la dirección de respuesta como nombre@ejemplo.com.",
    "أدخل عنوان الرد بالصيغة name@example.com.")
CUSTOMERS_NOT_ALLOWED = Text(
    "你的经销商不允许其客户设置自己的品牌。",
    "Your dealer does not let its customers set a brand of their own.",
    "Votre revendeur ne permet pas à ses clients de définir leur propre marque.",
    "대리점이 고객의 자체 브랜드 설정을 허용하지 않습니다.",
    "Ihr Händler erlaubt seinen Kunden keine eigene Marke.",
    "Uw dealer staat zijn klanten geen eigen merk toe.",
    "販売店は顧客が独自のブランドを設定することを許可していません。",
    "Su distribuidor no permite a sus clientes definir una marca propia.",
    "لا يسمح الموزّع لعملائه بتعيين علامة تجارية خاصة بهم.")
NO_BRAND_HERE = Text(
    "只有管理员、经销商及其客户可以拥有自己的品牌。",
    "Only the administrator, dealers and their customers have a brand of their own.",
    "Seuls l'administrateur, les revendeurs et leurs clients ont leur propre marque.",
    "관리자, 대리점과 그 고객만 자체 브랜드를 가질 수 있습니다.",
    "Nur der Administrator, Händler und deren Kunden haben eine eigene Marke.",
    "Alleen de beheerder, dealers en hun klanten hebben een eigen merk.",
    "独自のブランドを持てるのは管理者、販売店とその顧客だけです。",
    "Solo el administrador, los distribuidores y sus clientes tienen marca propia.",
    "لا يملك علامة تجارية خاصة إلا المسؤول والموزّعون وعملاؤهم.")
HOSTS_DEALERS_ONLY = Text(
    "只有经销商可以用自己的主机名提供控制台。",
    "Only a dealer serves the console on host names of its own.",
    "Seul un revendeur peut servir la console sur ses propres noms d'hôte.",
    "자체 호스트 이름으로 콘솔을 제공할 수 있는 것은 대리점뿐입니다.",
    "Nur ein Händler stellt die Konsole unter eigenen Hostnamen bereit.",
    "Alleen een dealer biedt de console aan op eigen hostnamen.",
    "独自のホスト名でコンソールを提供できるのは販売店だけです。",
    "Solo un distribuidor sirve la consola con nombres de host propios.",
    "لا يقدّم لوحة التحكم على أسماء مضيف خاصة به إلا الموزّع.")
BAD_HOST = Text(
    "“{host}”不是有效的主机名（用点分隔的字母、数字和连字符，例如 console.example.com）。",
    "“{host}” is not a host name (letters, digits and hyphens in parts separated by dots, such as "
    "console.example.com).",
    "« {host} » n'est pas un nom d'hôte (lettres, chiffres et tirets en parties séparées par des points, par exemple "
    "console.exemple.com).",
    "“{host}”은(는) 호스트 이름이 아닙니다(점으로 구분된 영문자, 숫자, 하이픈. 예: console.example.com).",
    "„{host}“ ist kein Hostname (Buchstaben, Ziffern und Bindestriche in durch Punkte getrennten Teilen, etwa "
    "console.example.com).",
    "„{host}” is geen hostnaam (letters, cijfers en koppeltekens in delen gescheiden door punten, zoals "
    "console.voorbeeld.nl).",
    "「{host}」はホスト名ではありません（ドットで区切った英字・数字・ハイフン。例: console.example.com）。",
    "«{host}» no es un nombre de host (letras, dígitos y guiones en partes separadas por puntos, como "
    "consola.ejemplo.com).",
    "«{host}» ليس اسم مضيف (حروف لاتينية وأرقام وشرطات في أجزاء تفصلها نقاط، مثل console.example.com).")
HOST_TAKEN = Text(
    "主机名 {host} 已被另一个品牌使用。",
    "The host name {host} is already used by another brand.",
    "Le nom d'hôte {host} est déjà utilisé par une autre marque.",
    "호스트 이름 {host}은(는) 이미 다른 브랜드가 사용 중입니다.",
    "Der Hostname {host} wird schon von einer anderen Marke verwendet.",
    "De hostnaam {host} wordt al door een ander merk gebruikt.",
    "ホスト名 {host} はすでに別のブランドが使っています。",
    "El nombre de host {host} ya lo usa otra marca.",
    "اسم المضيف {host} تستخدمه علامة تجارية أخرى.")
HOST_IS_OURS = Text(
    "{host} 是本系统自己的地址，请使用你自己的主机名。",
    "{host} is this installation's own address: use a host name of your own.",
    "{host} est l'adresse de cette installation : utilisez votre propre nom d'hôte.",
    "{host}은(는) 이 시스템의 주소입니다. 자체 호스트 이름을 사용하세요.",
    "{host} ist die Adresse dieser Installation: verwenden Sie einen eigenen Hostnamen.",
    "{host} is het adres van deze installatie: gebruik een eigen hostnaam.",
    "{host} はこのシステム自身のアドレスです。独自のホスト名を使ってください。",
    "{host} es la dirección de esta instalación: use un nombre de host propio.",
    "‏{host} هو عنوان هذا النظام نفسه: استخدم اسم مضيف خاصًا بك.")
IMAGE_SVG = Text(
    "不接受 SVG 图片（可能包含脚本）：请上传 PNG、JPEG 或 WebP 图片。",
    "SVG images are not accepted (they can carry scripts): upload a PNG, JPEG or WebP image.",
    "Les images SVG ne sont pas acceptées (elles peuvent contenir des scripts) : envoyez une image PNG, JPEG ou WebP.",
    "SVG 이미지는 받지 않습니다(스크립트를 담을 수 있음). PNG, JPEG 또는 WebP 이미지를 올리세요.",
    "SVG-Bilder werden nicht angenommen (sie können Skripte enthalten): laden Sie ein PNG-, JPEG- oder WebP-Bild hoch.",
    "SVG-afbeeldingen worden niet aanvaard (ze kunnen scripts bevatten): upload een PNG-, JPEG- of WebP-afbeelding.",
    "SVG 画像は受け付けません（スクリプトを含められるため）。PNG、JPEG、WebP の画像をアップロードしてください。",
    "No se aceptan imágenes SVG (pueden llevar scripts): suba una imagen PNG, JPEG o WebP.",
    "لا تُقبل صور SVG (قد تحمل نصوصًا برمجية): ارفع صورة PNG أو JPEG أو WebP.")
IMAGE_FORMAT = Text(
    "请上传 PNG、JPEG 或 WebP 图片（此文件为 {format}）。",
    "Upload a PNG, JPEG or WebP image (this one is {format}).",
    "Envoyez une image PNG, JPEG ou WebP (celle-ci est au format {format}).",
    "PNG, JPEG 또는 WebP 이미지를 올리세요(이 파일은 {format}입니다).",
    "Laden Sie ein PNG-, JPEG- oder WebP-Bild hoch (dieses ist {format}).",
    "Upload een PNG-, JPEG- of WebP-afbeelding (deze is {format}).",
    "PNG、JPEG、WebP の画像をアップロードしてください（このファイルは {format} です）。",
    "Suba una imagen PNG, JPEG o WebP (esta es {format}).",
    "ارفع صورة PNG أو JPEG أو WebP (هذه بصيغة {format}).")
NOT_AN_IMAGE = Text(
    "此文件不是图片。", "This file is not an image.", "Ce fichier n'est pas une image.", "이 파일은 이미지가 아닙니다.",
    "Diese Datei ist kein Bild.", "Dit bestand is geen afbeelding.", "このファイルは画像ではありません。",
    "Este archivo no es una imagen.", "هذا الملف ليس صورة.")
IMAGE_TOO_LARGE = Text(
    "图片不能超过 {mb} MB。", "The image may be at most {mb} MB.", "L'image ne doit pas dépasser {mb} Mo.",
    "이미지는 최대 {mb}MB입니다.", "Das Bild darf höchstens {mb} MB groß sein.",
    "De afbeelding mag hoogstens {mb} MB zijn.",
    "画像は {mb} MB 以下にしてください。", "La imagen puede tener como máximo {mb} MB.",
    "يجب ألا يزيد حجم الصورة عن {mb} ميغابايت.")
IMAGE_TOO_BIG = Text(
    "图片的宽和高不能超过 {side} 像素。", "The image may be at most {side} pixels wide and tall.",
    "L'image ne doit pas dépasser {side} pixels de large ni de haut.",
    "이미지의 너비와 높이는 최대 {side}픽셀입니다.", "Das Bild darf höchstens {side} Pixel breit und hoch sein.",
    "De afbeelding mag hoogstens {side} pixels breed en hoog zijn.",
    "画像の幅と高さは {side} ピクセル以下にしてください。",
    "La imagen puede medir como máximo {side} píxeles de ancho y de alto.",
    "يجب ألا يزيد عرض الصورة وارتفاعها عن {side} بكسل.")
IMAGE_TOO_SMALL = Text(
    "图标的宽和高至少需要 {side} 像素。", "The icon must be at least {side} pixels wide and tall.",
    "L'icône doit mesurer au moins {side} pixels de large et de haut.",
    "아이콘의 너비와 높이는 최소 {side}픽셀이어야 합니다.",
    "Das Symbol muss mindestens {side} Pixel breit und hoch sein.",
    "Het pictogram moet minstens {side} pixels breed en hoog zijn.",
    "アイコンの幅と高さは {side} ピクセル以上にしてください。",
    "El icono debe medir al menos {side} píxeles de ancho y de alto.",
    "يجب ألا يقل عرض الأيقونة وارتفاعها عن {side} بكسل.")
ONE_FILE = Text(
    "每张图片只能发送一个文件。", "Send one file per image.", "Envoyez un seul fichier par image.",
    "이미지마다 파일 하나만 보내세요.", "Senden Sie eine Datei je Bild.", "Stuur één bestand per afbeelding.",
    "画像ごとにファイルは 1 つだけ送ってください。", "Envíe un solo archivo por imagen.", "أرسل ملفًا واحدًا لكل صورة.")

IMAGE_NOT_FOUND = Text(
    "没有此品牌图片。", "There is no such brand image.", "Cette image de marque n'existe pas.",
    "그런 브랜드 이미지가 없습니다.",
    "Dieses Markenbild gibt es nicht.", "Deze merkafbeelding bestaat niet.", "そのブランド画像はありません。",
    "No existe esa imagen de marca.", "لا توجد صورة علامة تجارية كهذه.")
CHANGED_MEANWHILE = Text(
    "此品牌刚被其他人同时修改：请重新打开后再保存。",
    "Someone else changed this brand at the same moment: open it again, then save.",
    "Quelqu'un d'autre a modifié cette marque au même moment : rouvrez-la, puis enregistrez.",
    "다른 사람이 같은 순간에 이 브랜드를 바꿨습니다. 다시 연 뒤 저장하세요.",
    "Jemand anderes hat diese Marke im selben Moment geändert: öffnen Sie sie erneut und speichern Sie dann.",
    "Iemand anders heeft dit merk op hetzelfde moment gewijzigd: open het opnieuw en sla dan op.",
    "ほかの人が同時にこのブランドを変更しました。開き直してから保存してください。",
    "Otra persona cambió esta marca en el mismo momento: vuelva a abrirla y guarde.",
    "غيّر شخص آخر هذه العلامة التجارية في اللحظة نفسها: افتحها من جديد ثم احفظ.")
