"""The build: its steps from pack to written kit, the change report, and print profiles."""
