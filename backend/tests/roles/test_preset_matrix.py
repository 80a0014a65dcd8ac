"""docs/roles.md's preset matrix is the catalogue's (a preset changed without its documentation fails here), and a
dealer out of the box reaches its customers' robots' logs, backups and video."""

from pathlib import Path

from cleanfleet.roles.catalogue import PRESET_ROLES, ROLE_DEALER, preset_matrix

DOC = Path(__file__).resolve().parents[3] / "docs" / "roles.md"


def test_the_documented_matrix_is_the_catalogues():
    text = DOC.read_text(encoding="utf-8")
    documented = text.split("<!-- preset-matrix:start -->")[1].split("<!-- preset-matrix:end -->")[0].strip()
    assert documented == preset_matrix()


async def test_a_dealer_can_pull_logs_back_up_and_watch_its_customers_robots(make_user, signed_in):
    keys = PRESET_ROLES[ROLE_DEALER][1]
    assert {"device/log/upload", "device/dataBackup/backup", "device/videoHistory/play", "log"} <= keys
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    api = await signed_in(dealer, password)
    for path in ("/log/list", "/deviceLog/list", "/device/selectDataBackups"):
        answer = await api.call(path, {})
        assert answer.code == 0, (path, answer.body)
