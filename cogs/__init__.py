"""Discord adapters: slash commands, buttons, selects and DMs. No game rules live here."""
