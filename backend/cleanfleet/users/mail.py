"""The test mail of the e-mail settings: proves that the SMTP settings reach the user's mailboxes."""

from cleanfleet.core.codes import Code
from cleanfleet.core.errors import ApiError, bad_parameter
from cleanfleet.core.i18n import DEFAULT_LANGUAGE
from cleanfleet.core.mail import MailError, MailNotConfigured, MailSender, send_mail
from cleanfleet.settings import Settings
from cleanfleet.users import texts
from cleanfleet.users.models import User

SUBJECTS = {
    "zh-CN": "cleanfleet 测试邮件", "en": "cleanfleet test mail", "fr": "cleanfleet : e-mail de test",
    "ko": "cleanfleet 테스트 메일", "de": "cleanfleet Test-E-Mail", "nl": "cleanfleet testmail",
    "ja": "cleanfleet テストメール", "es": "cleanfleet: correo de prueba", "ar": "cleanfleet: رسالة اختبار",
}
BODIES = {
    "zh-CN": "您好 {name}，\n\n这是一封测试邮件：任务、告警和任务报告的邮件将发送到此邮箱。",
    "en": "Hello {name},\n\nThis is a test mail: task, alarm and task report mails will reach this mailbox.",
    "fr": "Bonjour {name},\n\nCeci est un e-mail de test : les e-mails de tâches, d'alarmes et de rapports "
          "arriveront dans cette boîte.",
    "ko": "{name}님 안녕하세요,\n\n테스트 메일입니다. 작업, 알람, 작업 보고서 메일이 이 메일함으로 전송됩니다.",
    "de": "Hallo {name},\n\ndies ist eine Test-E-Mail: Aufgaben-, Alarm- und Berichtsmails erreichen dieses Postfach.",
    "nl": "Hallo {name},\n\nDit is een testmail: mails over taken, alarmen en taakrapporten komen in deze mailbox.",
    "ja": "{name} 様\n\nこれはテストメールです。タスク、アラーム、タスクレポートのメールがこのアドレスに届きます。",
    "es": "Hola {name}:\n\nEste es un correo de prueba: los correos de tareas, alarmas e informes llegarán aquí.",
    "ar": "مرحبًا {name}،\n\nهذه رسالة اختبار: ستصل رسائل المهام والتنبيهات وتقارير المهام إلى هذا البريد.",
}


def mailboxes(user: User) -> list[str]:
    return [entry for entry in user.email.split(",") if entry]


async def send_test_mail(settings: Settings, user: User, language: str | None,
                         sender: MailSender | None = None) -> list[str]:
    """Sends the test mail to every mailbox of the user (from the user's brand's ``sender``); answers them."""
    recipients = mailboxes(user)
    if not recipients:
        raise bad_parameter("email", texts.NO_MAILBOX)
    language = language if language in SUBJECTS else DEFAULT_LANGUAGE
    try:
        await send_mail(settings, recipients, SUBJECTS[language], BODIES[language].format(name=user.name),
                        sender=sender)
    except MailNotConfigured as exc:
        raise ApiError(Code.CONFLICT, texts.MAIL_NOT_SET_UP, field="email") from exc
    except MailError as exc:
        raise ApiError(Code.CONFLICT, texts.MAIL_FAILED, field="email", values={"reason": str(exc)}) from exc
    return recipients
