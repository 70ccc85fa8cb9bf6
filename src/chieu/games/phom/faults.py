"""Phỏm faults: none. The engine never offers an illegal move (an eat outside a phỏm, a
discard that breaks the eaten-card invariant, a hidden phỏm at the lay-down, a gửi onto a
phỏm that cannot take the card...): ``apply`` refuses it with ``IllegalActionError`` and the
state does not change, so no move in a view carries a fault mark. The only binding etiquette
rule of the seed ("a card you name must be played") holds because a confirmed discard is
final (shared/rules A.5.10).
"""
