"""Device counts and charts of the summary screens (device/deviceSummary, device/deviceOnLineSummary)."""
