"""Advisories (issue 47 item 3): firmware packages' CycloneDX SBOMs, OSV advisories and the robots they affect."""
