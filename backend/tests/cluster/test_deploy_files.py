"""deploy/: the compose file and the Kubernetes manifests parse, name only settings the server has, check
health and readiness on the worker's port, run the migrations before the workers and end TLS in front of them
(there is no cluster here to apply them to)."""

import json
import re
from pathlib import Path
from typing import Any

import yaml

from cleanfleet.settings import REPO_ROOT, Settings

DEPLOY = REPO_ROOT / "deploy"
SETTINGS = {f"CLEANFLEET_{name.upper()}" for name in Settings.model_fields}
MIGRATE = ["python", "-m", "cleanfleet", "migrate"]
RUN = ["python", "-m", "cleanfleet", "run"]


def documents(path: Path) -> list[dict[str, Any]]:
    return [doc for doc in yaml.safe_load_all(path.read_text()) if doc]


def manifests() -> dict[str, dict[str, Any]]:
    """Every Kubernetes object of deploy/k8s by kind/name."""
    objects = {}
    for path in sorted((DEPLOY / "k8s").glob("*.yaml")):
        for doc in documents(path):
            assert {"apiVersion", "kind"} <= set(doc), path
            if doc["kind"] != "Kustomization":
                objects[f"{doc['kind']}/{doc['metadata']['name']}"] = doc
    return objects


def cleanfleet_names(text: str) -> set[str]:
    return set(re.findall(r"\bCLEANFLEET_[A-Z0-9_]+", text))


def test_every_setting_named_in_deploy_exists():
    for path in [DEPLOY / "compose.yaml", DEPLOY / "Dockerfile", *sorted((DEPLOY / "k8s").glob("*.yaml"))]:
        unknown = cleanfleet_names(path.read_text()) - SETTINGS
        assert not unknown, f"{path.name} names settings the server does not have: {sorted(unknown)}"


def test_compose_has_the_topology_with_checks_and_migrations_first():
    compose = documents(DEPLOY / "compose.yaml")[0]
    services = compose["services"]
    assert {"postgres", "redis", "emqx", "minio", "migrate", "api", "lb"} <= set(services)
    assert services["migrate"]["command"] == MIGRATE
    api = services["api"]
    assert api["command"] == RUN and api["deploy"]["replicas"] >= 2
    assert api["depends_on"]["migrate"] == {"condition": "service_completed_successfully"}
    port = api["environment"]["CLEANFLEET_PORT"]
    assert f"127.0.0.1:{port}/api/ready" in " ".join(api["healthcheck"]["test"])
    env = api["environment"]
    assert env["CLEANFLEET_MQTT_SHARE_GROUP"]
    # signed in, over TLS (issue 46 item 3: EMQX listens with TLS only)
    assert env["CLEANFLEET_MQTT_URL"].startswith("mqtts://") and env["CLEANFLEET_MQTT_URL"].endswith("@emqx:8883")
    assert env["CLEANFLEET_STORAGE"] == "s3"
    assert Settings(**{k[len("CLEANFLEET_"):].lower(): v for k, v in env.items()
                       if "${" not in str(v)}).redis_url == "redis://redis:6379/0"
    nginx = (DEPLOY / "nginx.conf").read_text()
    assert f"server api:{port}" in nginx and "proxy_set_header Upgrade $http_upgrade" in nginx
    assert services["lb"]["depends_on"]["api"] == {"condition": "service_healthy"}


def test_kubernetes_workers_probe_their_port_and_migrate_first():
    objects = manifests()
    config = objects["ConfigMap/cleanfleet"]["data"]
    Settings(**{k[len("CLEANFLEET_"):].lower(): v for k, v in config.items()})  # valid values, not just names
    api = objects["StatefulSet/cleanfleet-api"]["spec"]
    assert api["replicas"] >= 2
    pod = api["template"]["spec"]
    assert [c["command"] for c in pod["initContainers"]] == [MIGRATE]
    worker = pod["containers"][0]
    assert worker["command"] == RUN
    ports = {p["name"]: p["containerPort"] for p in worker["ports"]}
    assert ports["http"] == int(config["CLEANFLEET_PORT"])
    assert worker["readinessProbe"]["httpGet"] == {"path": "/api/ready", "port": "http"}
    assert worker["livenessProbe"]["httpGet"] == {"path": "/api/health", "port": "http"}
    client_id = {e["name"]: e for e in worker["env"]}["CLEANFLEET_MQTT_CLIENT_ID"]
    assert client_id["valueFrom"]["fieldRef"]["fieldPath"] == "metadata.name"  # one MQTT session per pod
    assert objects["Job/cleanfleet-migrate"]["spec"]["template"]["spec"]["containers"][0]["command"] == MIGRATE
    selector = objects["Service/cleanfleet-api"]["spec"]["selector"]
    assert selector.items() <= api["template"]["metadata"]["labels"].items()
    backend = objects["Ingress/cleanfleet"]["spec"]["rules"][0]["http"]["paths"][0]["backend"]["service"]
    assert backend["name"] == "cleanfleet-api"
    kustomize = documents(DEPLOY / "k8s" / "kustomization.yaml")[0]
    assert all((DEPLOY / "k8s" / name).exists() for name in kustomize["resources"])


def test_the_console_is_served_over_tls_with_hsts_and_plain_http_only_redirects():
    """Issue 45 item 7: the service worker, Web Push and the installed console need a secure context."""
    nginx = (DEPLOY / "nginx.conf").read_text()
    servers = re.split(r"^server \{", nginx, flags=re.M)[1:]
    plain = next(server for server in servers if "listen 80;" in server)
    assert re.search(r"return 301 https://\$host\$request_uri;", plain) and "proxy_pass" not in plain
    tls = next(server for server in servers if "listen 443 ssl;" in server)
    assert "ssl_certificate /etc/nginx/tls/fullchain.pem;" in tls
    assert "ssl_certificate_key /etc/nginx/tls/privkey.pem;" in tls
    assert re.search(r'add_header Strict-Transport-Security "max-age=\d{8,}[^"]*" always;', tls)
    assert "proxy_pass http://cleanfleet_api;" in tls and "location = /metrics" in tls
    compose = documents(DEPLOY / "compose.yaml")[0]
    lb = compose["services"]["lb"]
    assert any(port.endswith(":443") for port in lb["ports"]) and any(port.endswith(":80") for port in lb["ports"])
    assert any(volume.endswith(":/etc/nginx/tls:ro") for volume in lb["volumes"])
    assert compose["x-cleanfleet-env"]["CLEANFLEET_PUBLIC_URL"].split(":-", 1)[1].startswith("https://")
    ingress = manifests()["Ingress/cleanfleet"]
    hosts = [rule["host"] for rule in ingress["spec"]["rules"]]
    assert ingress["spec"]["tls"] == [{"hosts": hosts, "secretName": "cleanfleet-tls"}]
    assert ingress["metadata"]["annotations"]["nginx.ingress.kubernetes.io/force-ssl-redirect"] == "true"
    public = manifests()["ConfigMap/cleanfleet"]["data"]["CLEANFLEET_PUBLIC_URL"]
    assert public == f"https://{hosts[0]}"


def test_the_dashboard_and_prometheus_read_only_series_the_server_exposes():
    """Every series the Grafana dashboard queries is one metrics/series.py defines (a renamed series would leave
    a panel empty without a word); Prometheus scrapes the workers' /metrics, which the compose network may read."""
    from prometheus_client.registry import REGISTRY

    import cleanfleet.metrics.series  # noqa: F401 - registers the series

    exposed = {sample for family in REGISTRY.collect() if family.name.startswith("cleanfleet_")
               for sample in (family.name, f"{family.name}_total", f"{family.name}_bucket", f"{family.name}_count",
                              f"{family.name}_sum")}
    dashboard = json.loads((DEPLOY / "grafana" / "dashboards" / "cleanfleet.json").read_text())
    queried = {name for panel in dashboard["panels"] for target in panel["targets"]
               for name in re.findall(r"\bcleanfleet_[a-z_]+", target["expr"])}
    assert len(dashboard["panels"]) >= 10 and queried and queried <= exposed, queried - exposed
    scrape = yaml.safe_load((DEPLOY / "prometheus.yml").read_text())["scrape_configs"][0]
    assert scrape["metrics_path"] == "/metrics" and scrape["dns_sd_configs"][0]["port"] == 8000
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    allowed = compose["x-cleanfleet-env"]["CLEANFLEET_METRICS_ALLOW"]
    assert allowed == compose["x-cleanfleet-env"]["CLEANFLEET_TRUSTED_PROXIES"]  # the compose network
    assert {"prometheus", "grafana"} <= set(compose["services"])
    assert "location = /metrics" in (DEPLOY / "nginx.conf").read_text()
