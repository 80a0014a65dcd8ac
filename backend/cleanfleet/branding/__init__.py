"""The brand a person sees (issue 53 item 4): a node's product name, logo, colours, icons, mail sender and report
footer, the nearest one up the user tree, and the host names a dealer serves the console on."""
