"""Record texts shared by the Castles record and CLI tests."""

#: A 2011 two-player game just dealt, the first roll made, the log's A1 list left open:
#: tests append lines (each ``    "...",``) and the closing ``]``. Line 13 is the first
#: appended line. No depot is revealed, so takes are trusted and noted.
OPEN_A1 = """[game]
name = "castles-of-burgundy"
edition = "2011"
players = ["Anna", "Bob"]

[setup]
goods = {Anna = [1, 2, 3], Bob = [4, 5, 6]}

[log]
A1 = [
    "goods 1 2 3 4 5",
    "roll white 2, Anna 6 4, Bob 3 3",
"""

#: A 2011 two-player game just dealt, nothing played: the table session's start.
NEW_2011 = """[game]
name = "castles-of-burgundy"
edition = "2011"
players = ["Clara", "Dan"]

[setup]
boards = 1

[setup.goods]
Clara = [1, 2, 3]
Dan = [4, 5, 5]
"""
