"""Help for writing a pack: the new-pack scaffold, the JSON schema and the content reference."""
