"""SIM cards in the robots: a card's data from its provider (through adapters), or what the device stores."""
