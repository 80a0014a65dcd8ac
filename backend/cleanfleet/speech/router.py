"""Text to speech (/tencent/ttsUrl, api-spec 7.6): POST form-encoded token, content, language; the answer is the
audio itself (``audio/wav`` from the offline engine), or the usual refusal envelope.

Any signed-in user may use it (the console's voice preview and the robots' announcements); the token comes in
the form as the spec has it, or as the usual Bearer header.
"""

from fastapi import Request
from fastapi.responses import Response

from cleanfleet.core.auth import caller_for_token, current_caller
from cleanfleet.core.codes import Code
from cleanfleet.core.errors import ApiError
from cleanfleet.core.routing import ApiRouter
from cleanfleet.core.texts import NOT_SIGNED_IN
from cleanfleet.speech import service
from cleanfleet.speech.schemas import SpeechIn

router = ApiRouter(prefix="/tencent", tags=["text to speech"])


@router.call("/ttsUrl", answer=None, response_class=Response, file_type="audio/wav")
async def tts_url(body: SpeechIn, request: Request) -> Response:
    """Read ``content`` (at most 500 characters) out in ``language``: answers audio/wav; an unsupported language
    is refused naming ``language``."""
    if body.token:
        caller = await caller_for_token(request.app.state, body.token)
        if caller is None:
            raise ApiError(Code.SESSION_INVALID, NOT_SIGNED_IN, field="token")
        request.state.session = caller
    else:
        caller = await current_caller(request)
    language = service.language_of(body.language, caller.language)
    speech = await service.speak(service.voice_for(request.app.state.settings), body.content, language)
    return Response(speech.audio, media_type=speech.content_type,
                    headers={"Cache-Control": "no-store", "Content-Disposition": 'inline; filename="speech.wav"'})
