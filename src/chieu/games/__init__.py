"""The built-in games. Importing this package registers them."""

from chieu.games import chan  # noqa: F401
