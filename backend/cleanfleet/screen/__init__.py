"""The wall display (/bigScreen) and the device map (device/deviceAmap): one scoped call each."""
