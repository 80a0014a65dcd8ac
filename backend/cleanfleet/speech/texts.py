"""The refusals of text to speech, in the nine languages (zh-CN, en, fr, ko, de, nl, ja, es, ar)."""

from cleanfleet.core.texts import Text

UNSUPPORTED_LANGUAGE = Text(
    "不支持语音合成的语言：{language}（支持：{supported}）",
    "Speech is not available in the language {language} (available: {supported})",
    "La synthèse vocale n'est pas disponible en {language} (disponibles : {supported})",
    "{language} 언어로는 음성을 만들 수 없습니다 (가능: {supported})",
    "Sprachausgabe ist in der Sprache {language} nicht verfügbar (verfügbar: {supported})",
    "Spraak is niet beschikbaar in de taal {language} (beschikbaar: {supported})",
    "言語 {language} の音声合成はできません（対応：{supported}）",
    "La voz no está disponible en el idioma {language} (disponibles: {supported})",
    "تحويل النص إلى كلام غير متاح باللغة {language} (المتاح: {supported})")
NOTHING_TO_SAY = Text(
    "要朗读的内容不能为空",
    "There is nothing to read out: the content is empty",
    "Il n'y a rien à lire : le contenu est vide",
    "읽을 내용이 비어 있습니다",
    "Es gibt nichts vorzulesen: der Inhalt ist leer",
    "Er is niets voor te lezen: de inhoud is leeg",
    "読み上げる内容が空です",
    "No hay nada que leer: el contenido está vacío",
    "لا يوجد ما يُقرأ: المحتوى فارغ")
VOICE_FAILED = Text(
    "语音服务暂时无法合成，请稍后再试",
    "The voice service could not read this out: try again later",
    "Le service vocal n'a pas pu lire ce texte : réessayez plus tard",
    "음성 서비스가 읽지 못했습니다. 나중에 다시 시도하세요",
    "Der Sprachdienst konnte dies nicht vorlesen: versuchen Sie es später erneut",
    "De spraakdienst kon dit niet voorlezen: probeer het later opnieuw",
    "音声サービスで読み上げできませんでした。後でもう一度お試しください",
    "El servicio de voz no pudo leerlo: inténtelo más tarde",
    "تعذرت على خدمة الصوت قراءة هذا: حاول لاحقًا")
