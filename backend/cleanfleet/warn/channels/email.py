"""The e-mail channel: SMTP (core/mail.py) to the user's addresses when the user wants alarm (or task) mails."""

from typing import Any

from cleanfleet.core.mail import MailError, MailNotConfigured, send_mail, sender_of
from cleanfleet.core.texts import Text
from cleanfleet.settings import Settings
from cleanfleet.warn.channels.registry import Channel, Outgoing, SendFailed, register
from cleanfleet.warn.models import EVENT_TASK_ENDED

NO_MAIL_SERVER = Text(
    "服务器未配置邮件服务器（CLEANFLEET_SMTP_HOST），不会发送邮件",
    "The server has no mail server (CLEANFLEET_SMTP_HOST), so no e-mail is sent",
    "Le serveur n'a pas de serveur de courriel (CLEANFLEET_SMTP_HOST) : aucun courriel n'est envoyé",
    "서버에 메일 서버(CLEANFLEET_SMTP_HOST)가 없어 이메일을 보내지 않습니다",
    "Der Server hat keinen Mailserver (CLEANFLEET_SMTP_HOST), es wird keine E-Mail gesendet",
    "De server heeft geen mailserver (CLEANFLEET_SMTP_HOST), er wordt geen mail verstuurd",
    "サーバーにメールサーバー（CLEANFLEET_SMTP_HOST）がないため、メールは送信されません",
    "El servidor no tiene servidor de correo (CLEANFLEET_SMTP_HOST): no se envía ningún correo",
    "لا يوجد خادم بريد على الخادم (CLEANFLEET_SMTP_HOST)، لذلك لا يُرسل أي بريد")


def _recipient(user: Any, event: str) -> str | None:
    wants = user.email_to_task if event == EVENT_TASK_ENDED else user.email_to_warn
    return user.email.strip()[:255] if wants and user.email.strip() else None


async def _deliver(settings: Settings, out: Outgoing) -> None:
    recipients = [a.strip() for a in out.recipient.replace(";", ",").split(",") if a.strip()]
    try:
        sender = await sender_of(out.db, out.user.id) if out.db is not None and out.user is not None else None
        await send_mail(settings, recipients, out.subject, out.text, sender=sender)
    except MailError as exc:
        raise SendFailed(str(exc), final=isinstance(exc, MailNotConfigured)) from exc


def _unavailable(settings: Settings) -> Text | None:
    return None if settings.smtp_host else NO_MAIL_SERVER


EMAIL = register(Channel(
    "email", Text("邮件", "E-mail", "Courriel", "이메일", "E-Mail", "Mail", "メール", "Correo", "البريد"),
    order=30, default_on=True, deliver=_deliver, recipient=_recipient, unavailable=_unavailable))
