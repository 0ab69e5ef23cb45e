"""The Castles of Burgundy as it is shown: the table as text (:mod:`.render`), as data and as a
picture (:mod:`.svg`), and what a line did (:mod:`.effects`). Nothing here decides a rule.
"""
