"""The API core: envelope, codes, unknown paths, OpenAPI, body parsing and its refusals."""

from cleanfleet.core.codes import Code


async def test_health_is_an_envelope(api):
    response = await api.client.get("/api/health")
    assert response.status_code == 200
    assert response.json() == {"message": {"code": 0, "message": "成功"}, "data": {"status": "ok", "version": "1.20.0"}}


async def test_unknown_api_path_answers_http_404(api):
    for method in ("GET", "POST"):
        response = await api.client.request(method, "/api/no/such/call", headers=api.headers())
        assert response.status_code == 404
        assert response.json()["message"]["code"] == Code.NOT_FOUND
        assert "/api/no/such/call" in response.json()["message"]["message"]


async def test_openapi_lists_every_code_and_offers_form_bodies(api):
    schema = (await api.client.get("/api/openapi.json")).json()
    for code in Code:
        assert f"| {int(code)} | {code.name} |" in schema["info"]["description"]
    login = schema["paths"]["/api/login"]["post"]["requestBody"]["content"]
    assert set(login) >= {"application/json", "application/x-www-form-urlencoded"}
    docs = await api.client.get("/api/docs")
    assert docs.status_code == 200 and "swagger" in docs.text.lower()


async def test_form_and_json_bodies_are_the_same_call(api):
    as_json = await api.call("/login", {"account": "admin", "password": "wrong-one"})
    as_form = await api.call("/login", {"account": "admin", "password": "wrong-one"}, form=True)
    assert as_json.code == as_form.code == Code.WRONG_CREDENTIALS


async def test_missing_field_is_named(api):
    answer = await api.call("/login", {"account": "admin"})
    assert answer.code == Code.BAD_PARAMETER and answer.field == "password" and answer.message == "此项为必填项"


async def test_wrong_type_is_named(api):
    answer = await api.call("/login", {"account": ["admin"], "password": "x"})
    assert answer.code == Code.BAD_PARAMETER and answer.field == "account" and answer.message == "必须是文本"


async def test_login_name_allows_letters_and_digits_only(api):
    answer = await api.call("/login", {"account": "ad min!", "password": "x"})
    assert answer.code == Code.BAD_PARAMETER and answer.field == "account"
    assert answer.message == "只能包含英文字母和数字"


async def test_malformed_json_is_refused_with_its_code(api):
    headers = {**api.headers(), "content-type": "application/json"}
    response = await api.client.post("/api/login", content=b'{"account": "admin", ', headers=headers)
    assert response.status_code == 200
    assert response.json()["message"]["code"] == Code.BAD_PARAMETER
    assert response.json()["message"]["message"] == "请求体不是有效的 JSON"


async def test_non_object_body_is_refused(api):
    headers = {**api.headers(), "content-type": "application/json"}
    response = await api.client.post("/api/login", content=b"[1, 2]", headers=headers)
    assert response.json()["message"]["code"] == Code.BAD_PARAMETER


async def test_body_over_the_limit_is_refused_before_the_route(api, app):
    big = "x" * (app.state.settings.max_body_bytes + 10)
    answer = await api.call("/login", {"account": "admin", "password": big})
    assert answer.status == 413 and answer.code == Code.BODY_TOO_LARGE
    assert answer.message == f"请求体超过 {app.state.settings.max_body_bytes} 字节的上限"


async def test_chunked_body_over_the_limit_is_refused(api, app):
    limit = app.state.settings.max_body_bytes

    async def chunks():
        for _ in range(limit // 65536 + 2):
            yield b"a" * 65536

    headers = {**api.headers(), "content-type": "application/json"}
    response = await api.client.post("/api/login", content=chunks(), headers=headers)
    assert response.status_code == 413
    assert response.json()["message"]["code"] == Code.BODY_TOO_LARGE


async def test_messages_follow_the_language_cookie(api):
    api.client.cookies.set("language", "en")
    answer = await api.call("/login", {"account": "admin", "password": "wrong-one"})
    assert answer.message == "Wrong account or password"
    api.client.cookies.set("language", "fr")
    answer = await api.call("/login", {"account": "admin", "password": "wrong-one"})
    assert answer.message == "Compte ou mot de passe incorrect"


async def test_every_code_has_a_title_in_every_language():
    from cleanfleet.core.i18n import _TITLES, LANGUAGES

    for code in Code:
        assert set(_TITLES[code]) == set(LANGUAGES), code


async def test_console_routes_fall_back_to_the_app(api):
    response = await api.client.get("/device/index?userId=3")
    assert response.status_code == 200 and "<html" in response.text.lower()
