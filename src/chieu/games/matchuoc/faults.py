"""Mạt chược faults: none. Every move the engine offers is legal (B.5): a seat can neither ù
on tiles that do not win nor discard a tile the rules forbid, so there is no referee mode and
``state.fault_of`` finds nothing. The module is kept so that every game has the same house."""
