"""OpenSpiel's blackjack (one deck drawn without replacement, issue 31's bag) read as gdl's
blackjack: the cards left in the deck, each hand's total with aces as 1 and its aces,
whether the player stood, and which draw is due (gdl's stage numbers: the four cards of
the deal 1-4, the player's hit 5, the dealer's draw 6). OpenSpiel's card k is gdl's k + 1."""

SPIEL = "blackjack"
KEY = ("deck", "hard", "aces", "stood", "chance")
SPLIT = "action"   # each card and each hit or stand a move of its own
DEPTH = 2
POSITION_DEPTH = 2
SUITS, RANKS = "CDHS", "A23456789TJQK"


def cards(state) -> tuple[list[int], list[int]]:
    """The player's and the dealer's cards, as OpenSpiel numbers them (0-51)."""
    hands = {}
    for line in str(state).split("\n"):
        if line.startswith(("Player 0:", "Dealer:")):
            words = line.split("Cards:")[1].split()
            hands[line[0]] = [SUITS.index(w[0]) * 13 + RANKS.index(w[1]) for w in words]
    return hands["P"], hands["D"]


def position(state) -> str:
    player, dealer = cards(state)
    dealt = set(player) | set(dealer)
    deck = ",".join("0" if k in dealt else "1" for k in range(52))
    hard = [sum(min(k % 13 + 1, 10) for k in hand) for hand in (player, dealer)]
    aces = [sum(k % 13 == 0 for k in hand) for hand in (player, dealer)]
    over = "Dealer Turn" in str(state).split("\n")[0] or state.is_terminal()
    stood = int(over and hard[0] <= 21 and len(dealer) >= 2)
    due = 0
    if state.is_chance_node():
        due = len(dealt) + 1 if len(dealt) < 4 else 6 if stood else 5
    return (f"deck={deck} hard={hard[0]},{hard[1]} aces={aces[0]},{aces[1]} "
            f"stood={stood} chance={due}")

