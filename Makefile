# cleanfleet: `make run` serves the console and the API; `make test` runs every test.
# Everything is installed from this repository's own lock files (uv.lock, package-lock.json).

SHELL := /bin/bash
PYTHON ?= python3
UV_VERSION := 0.13.8
TOOLS := .tools
UV := $(TOOLS)/bin/uv
VENV := backend/.venv
PY := $(VENV)/bin/python
STAMP_PY := $(VENV)/.synced
STAMP_WEB := web/node_modules/.installed
STAMP_SIM := sim/.venv/.synced

# Compiled modules are written and reused (a machine may set PYTHONDONTWRITEBYTECODE): otherwise every server,
# simulator and test process compiles the whole app again, about 2 s of CPU each start (measured: importing
# cleanfleet.app took 7.2 s of CPU without them, 5.1 s with them, on a loaded machine).
unexport PYTHONDONTWRITEBYTECODE

CLEANFLEET_SIGN_KEY ?= cleanfleet-sign1
CLEANFLEET_SIGN_IV ?= cleanfleet-iv-16
export CLEANFLEET_SIGN_KEY CLEANFLEET_SIGN_IV

WEB_SRC := $(shell find web/src web/public web/index.html web/vite.config.ts web/tsconfig*.json -type f 2>/dev/null | grep -v 'src/api/openapi.json\|src/api/schema.d.ts')
OPENAPI := web/src/api/openapi.json
# the console's copy of the server's alarm catalogue (tests/warn/test_alarm_catalogue.py compares the two)
ALARM_CATALOGUE := web/src/api/alarm-catalogue.json

.PHONY: run run-cluster test install install-parts lint test-backend test-sim test-web test-e2e build build-e2e chromium report-fonts clean FORCE

run: install build
	$(PY) -m cleanfleet run

# Two workers and the load balancer (backend/cleanfleet/cluster.py) on CLEANFLEET_PORT, on PostgreSQL, Redis and
# an MQTT broker given by CLEANFLEET_DATABASE_URL / _REDIS_URL / _MQTT_URL (default: this machine's, 127.0.0.1).
WORKERS ?= 2
run-cluster: install build
	$(PY) -m cleanfleet cluster --workers $(WORKERS)

# The backend's, the simulator's and the console's packages install side by side (a clean clone's install took
# 138 s one after the other); Chromium's apt-get (`chromium`) stays out of it: two apt-gets cannot run at once.
install:
	@$(MAKE) --no-print-directory -j4 install-parts

install-parts: $(STAMP_PY) $(STAMP_WEB) $(STAMP_SIM) report-fonts

$(UV):
	$(PYTHON) -m venv $(TOOLS)
	$(TOOLS)/bin/pip install --quiet --disable-pip-version-check uv==$(UV_VERSION)

$(STAMP_PY): backend/uv.lock backend/pyproject.toml | $(UV)
	cd backend && ../$(UV) sync --frozen --extra sim --python $$(command -v $(PYTHON))
	touch $@

$(STAMP_SIM): sim/uv.lock sim/pyproject.toml | $(UV)
	cd sim && ../$(UV) sync --frozen --python $$(command -v $(PYTHON))
	touch $@

$(STAMP_WEB): web/package-lock.json web/package.json
	cd web && npm ci --no-audit --no-fund
	touch $@

# The console's API types come from the server's schema: a changed call breaks its type check.
# Always compared (about two seconds; a fresh clone's file times say nothing), replaced when it changed.
# OPENAPI_WRITTEN=1: already compared by this make (`make test`'s checks' lane; 9-16 s of CPU a time).
$(OPENAPI): $(STAMP_PY) FORCE
ifndef OPENAPI_WRITTEN
	$(PY) -m cleanfleet openapi $(OPENAPI).new
	@if cmp -s $(OPENAPI).new $(OPENAPI); then rm $(OPENAPI).new; \
	else mv $(OPENAPI).new $(OPENAPI) && cd web && npm run --silent gen:api; fi
endif

$(ALARM_CATALOGUE): backend/cleanfleet/core/alarm_catalogue.json
	cp $< $@

build: web/dist/index.html

# The console is built with the sign key and IV: a changed value rebuilds it. The stamp holds a hash of the two,
# rewritten only when it differs, so an unchanged setting leaves the build alone.
SIGN_STAMP := web/.sign-stamp
$(SIGN_STAMP): FORCE
	@h=$$(printf '%s\n%s' "$$CLEANFLEET_SIGN_KEY" "$$CLEANFLEET_SIGN_IV" | sha256sum | cut -c1-64); \
	[ "$$(cat $@ 2>/dev/null)" = "$$h" ] || echo "$$h" > $@

web/dist/index.html: $(WEB_SRC) $(OPENAPI) $(ALARM_CATALOGUE) $(STAMP_WEB) $(SIGN_STAMP)
	cd web && VITE_SIGN_KEY="$(CLEANFLEET_SIGN_KEY)" VITE_SIGN_IV="$(CLEANFLEET_SIGN_IV)" npm run build

# `make test`: the machine's speed and load first and last (scripts/machine_speed.py: its time says little without them);
# once everything is installed, the backend's tests (SQLite and PostgreSQL side by side) with the checks
# beside them (lint, audit, SBOM, the simulator's tests, Vitest, the build and the journeys' build, one after the
# other, all of them even after a failure; their output follows the backend's; the audit's and SBOM's tools install
# there, not before the tests start), then the journeys alone. Tried in session 49 and not kept: the journeys started
# once the SQLite run and the checks had ended, beside the PostgreSQL run's tail (1.2 min alone before): among the
# journeys' servers and browsers, each a session the kernel shares the CPU between first (autogroup), that tail got 5 s
# of CPU a minute, ran 16 min and took 115 s of CPU against about 40 (likely the app's background jobs, running all
# the while), and the journeys took 18.7 min: 36.4 min in all against 32.7 the same day. Measured on this 2-core machine
# (issue 52 item 12): the PostgreSQL run's pytest uses about half a core, so the checks fit beside the backend; the
# journeys do not: run beside the backend they starved its pytest processes (a session's processes share their CPU
# share, Playwright's servers and Chromium run in sessions of their own: the backend crawled at 25 % after 20 min)
# and a timing-sensitive journey failed at a load of 16.
LANES := build/test-lanes
# the backend runs' FAILED/ERROR lines, repeated at the end of `make test` (CI shows only the tail of the output)
BACKEND_FAILURES := backend/.pytest-failures.txt
test: install $(OPENAPI) $(ALARM_CATALOGUE) chromium
	@rm -rf $(LANES) && mkdir -p $(LANES); started=$$(date +%s); \
	$(PYTHON) scripts/machine_speed.py "before the tests"; \
	( $(MAKE) --no-print-directory --keep-going OPENAPI_WRITTEN=1 lint audit sbom test-sim test-web build build-e2e \
		> $(LANES)/checks.log 2>&1; echo $$? > $(LANES)/checks.rc ) & checks_lane=$$!; \
	echo "== backend tests; beside them lint, audit, SBOM, the simulator's tests, Vitest and the two builds" \
		"($(LANES)/checks.log, shown after)"; \
	$(START_PG_RUN); $(RUN_SQLITE); $(END_BACKEND); \
	wait $$checks_lane; \
	echo "== lint, audit, SBOM, the simulator's tests, Vitest and the build"; cat $(LANES)/checks.log; \
	checks=$$(cat $(LANES)/checks.rc); \
	echo "== end-to-end journeys"; (cd web && npm run e2e:shards); e2e=$$?; \
	res() { [ "$$1" = 0 ] && echo passed || echo "FAILED ($$1)"; }; \
	if [ -s $(BACKEND_FAILURES) ]; then echo "== the backend's failed tests (their output is above)"; \
		cat $(BACKEND_FAILURES); fi; \
	$(PYTHON) scripts/machine_speed.py "after the tests"; \
	echo "== make test: backend $$(res $$backend), checks $$(res $$checks), journeys $$(res $$e2e)" \
		"in $$(( $$(date +%s) - started )) s (installing not counted)"; \
	test "$$e2e" = 0 -a "$$backend" = 0 -a "$$checks" = 0

# The supply chain (issue 47 item 3; scripts/supply_chain.py, docs/operations.md "Vulnerabilities and SBOM"):
# CycloneDX's generator and pip-audit, pinned, in the tools' environment beside uv (not in the product's locks).
.PHONY: sbom audit
SUPPLY_TOOLS := $(TOOLS)/.supply-chain-tools
$(SUPPLY_TOOLS): | $(UV)
	$(TOOLS)/bin/pip install --quiet --disable-pip-version-check pip-audit==2.10.1 cyclonedx-bom==7.5.0
	touch $@

# `make sbom`: CycloneDX JSON SBOMs of the backend, the simulator and the console in build/sbom/ (gitignored),
# each checked to parse and list components with name, version and purl (about 15 s).
sbom: $(SUPPLY_TOOLS) $(STAMP_WEB)
	$(PYTHON) scripts/supply_chain.py sbom

# `make audit` (part of `make test`): pip-audit over backend/uv.lock and sim/uv.lock, npm audit over
# web/package-lock.json; fails only on a vulnerability with a fix, prints the rest (about 10 s). An advisory
# service out of reach is reported and passes, unless CLEANFLEET_AUDIT_REQUIRED=1 (set it where the registries
# answer the audit: then an audit that did not run fails).
audit: $(SUPPLY_TOOLS) $(STAMP_WEB)
	$(PYTHON) scripts/supply_chain.py audit

# backend/scripts/check_house.py: the file budget (400 lines, backend/size-baseline.json), the repository citing
# only itself, one target per budget (docs/budgets.md, bench/README.md); docs/architecture.md "Size".
lint: install $(OPENAPI) $(ALARM_CATALOGUE)
	cd backend && .venv/bin/ruff check . && .venv/bin/mypy cleanfleet cleanfleet_publisher
	$(PY) backend/scripts/check_house.py
	cd sim && .venv/bin/ruff check . && .venv/bin/mypy cleanfleet_sim
	cd web && npm run lint

# Every backend test on SQLite, and on PostgreSQL when CLEANFLEET_TEST_PG_URL is set: the two runs go side by
# side (one core each; their tests pick their own ports, topics and databases), PostgreSQL's output after SQLite's.
# (web's packages too: tests/sso start the OpenID provider web/e2e/oidc/provider.mjs, a devDependency of web/)
# Two pytest-xdist workers per run were tried (session 30, with a stray third test run beside them by mistake): the
# machine saturated, the SQLite run was unfinished after 38 min (31 min as one process) and about 40 tests that wait
# on timers and servers failed or errored. A second try in session 48 (`-n 2 --dist loadfile`, each PostgreSQL worker
# in a database of its own, nothing else beside): SQLite 14.9 min, PostgreSQL 15.3 min, no faster than one process a run
# (15.1-15.6 min alone in session 46; the long files end last), and four tests failed that pass alone (two workers'
# ids and servers meeting). Not used.
# The PostgreSQL run in the background when CLEANFLEET_TEST_PG_URL is set (its output in backend/.pytest-pg.log,
# its process in pg_run); the SQLite run in the foreground; END_BACKEND waits for the PostgreSQL run, shows its output,
# writes both runs' failures to BACKEND_FAILURES and sets backend (0: both passed).
START_PG_RUN = if [ -n "$$CLEANFLEET_TEST_PG_URL" ]; then \
		(cd backend && CLEANFLEET_TEST_DB_URL="$$CLEANFLEET_TEST_PG_URL" .venv/bin/pytest -p no:cacheprovider \
			> .pytest-pg.log 2>&1; echo $$? > .pytest-pg.rc) & pg_run=$$!; \
	else echo "== CLEANFLEET_TEST_PG_URL not set: PostgreSQL run skipped"; pg_run=; fi
RUN_SQLITE = echo "== backend tests on SQLite"; \
	(cd backend && { .venv/bin/pytest; echo $$? > .pytest-sqlite.rc; } 2>&1 | tee .pytest-sqlite.log)
END_BACKEND = [ -z "$$pg_run" ] || wait $$pg_run; sqlite=$$(cat backend/.pytest-sqlite.rc); pg=0; \
	if [ -n "$$pg_run" ]; then \
		echo "== backend tests on PostgreSQL ($$CLEANFLEET_TEST_PG_URL)"; \
		cat backend/.pytest-pg.log; pg=$$(cat backend/.pytest-pg.rc); \
	fi; \
	{ grep -hE '^(FAILED|ERROR) |^\++ Timeout|^== a write lock outlived' backend/.pytest-sqlite.log | sed 's/^/SQLite: /'; \
	  [ -f backend/.pytest-pg.log ] && grep -hE '^(FAILED|ERROR) |^\++ Timeout' backend/.pytest-pg.log | sed 's/^/PostgreSQL: /'; \
	  true; } > $(BACKEND_FAILURES); \
	rm -f backend/.pytest-sqlite.log backend/.pytest-sqlite.rc backend/.pytest-pg.log backend/.pytest-pg.rc; \
	backend=$$([ "$$sqlite" = 0 -a "$$pg" = 0 ] && echo 0 || echo 1)
test-backend: $(STAMP_PY) $(STAMP_WEB) report-fonts
	@$(START_PG_RUN); $(RUN_SQLITE); $(END_BACKEND); test $$backend = 0

# The robot simulator's own tests (they use the Mosquitto broker on 127.0.0.1:1883).
test-sim: $(STAMP_SIM)
	cd sim && .venv/bin/pytest

test-web: $(STAMP_WEB) $(OPENAPI)
	cd web && npm test

# the journeys' console (dist-e2e/), built beside the backend's tests in `make test` (the journeys only run it)
build-e2e: $(STAMP_WEB) $(OPENAPI)
	cd web && npm run e2e:build

test-e2e: build chromium
	cd web && npm run e2e

# Debian's Chromium (and CJK fonts for the screenshots) for the end-to-end tests, installed when missing: the journeys
# run in its headless shell (web/e2e/ports.ts JOURNEY_BROWSER), screenshots and benches in the full browser.
chromium:
	@{ command -v chromium && command -v chromium-headless-shell; } >/dev/null || { \
		echo "== installing Chromium for the end-to-end tests"; \
		sudo=$$([ "$$(id -u)" = 0 ] || echo sudo); export DEBIAN_FRONTEND=noninteractive; \
		$$sudo apt-get update -qq && $$sudo apt-get install -y -qq chromium chromium-headless-shell fonts-noto-cjk \
			>/dev/null; }

# The fonts the server's PDFs embed for Chinese, Korean (WenQuanYi Micro Hei) and Japanese (IPA Gothic), and
# Poppler (pdffonts, pdftotext) the tests read the PDFs back with; installed when missing
# (backend/cleanfleet/sites/reports/fonts.py, docs/domains/sites.md).
REPORT_FONTS := /usr/share/fonts/truetype/wqy/wqy-microhei.ttc /usr/share/fonts/opentype/ipafont-gothic/ipag.ttf
report-fonts:
	@( for f in $(REPORT_FONTS); do [ -f $$f ] || exit 1; done; command -v pdffonts >/dev/null ) || { \
		echo "== installing the report fonts and Poppler"; \
		sudo=$$([ "$$(id -u)" = 0 ] || echo sudo); export DEBIAN_FRONTEND=noninteractive; \
		$$sudo apt-get update -qq && $$sudo apt-get install -y -qq fonts-wqy-microhei fonts-ipafont-gothic \
			poppler-utils >/dev/null; }

FORCE:

clean:
	rm -rf web/dist web/node_modules $(VENV) sim/.venv $(TOOLS)
