"""The picker's invariant for `msghostctl explore --invariants` (docs/EXPLORE.md): two
players who have seen the same picks see them on the board in the same order."""


def board(device):
    for line in device["screen"].splitlines():
        if line.startswith("text: Board: "):
            picks = line[len("text: Board: "):]
            return [] if picks == "empty" else picks.split(", ")
    return None  # the picker is not open there


def invariant_both_players_see_the_same_board(world):
    boards = {name: board(device) for name, device in sorted(world["devices"].items())}
    shown = [(name, picks) for name, picks in boards.items() if picks]
    for index, (one, first) in enumerate(shown):
        for other, second in shown[index + 1:]:
            if sorted(first) == sorted(second):
                assert first == second, f"{one} shows the board {first}, {other} {second}"
