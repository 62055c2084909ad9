"""The edit loop: watching files, rebuilding, the live preview's server, and playing a game in the browser."""
