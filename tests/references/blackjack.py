"""A hand-written blackjack (OpenSpiel's rules, gdl/games/dice/blackjack.gdl) for checking
gdl's draws from a bag: the exact expected payoff of the player's best play, the deck
counted by card value (1 for an ace, 10 for a ten or a face) rather than by card, by plain
recursion over the cards left. Independent of gdl: no rules file, no Game protocol."""

from __future__ import annotations

import functools
from fractions import Fraction

Deck = tuple[int, ...]   # deck[v - 1]: the cards of value v left (v = 1 .. 10)


def full_deck() -> list[int]:
    """52 cards: four of each value 1-9, sixteen of value 10."""
    return [4] * 9 + [16]


def best(hard: int, aces: int) -> int:
    """A hand's best total: one ace counted 11 when that stays within 21."""
    return hard + 10 if aces and hard <= 11 else hard


def _draws(deck: Deck):
    """Each value that can be drawn, its chance and the deck after it."""
    total = sum(deck)
    for v, count in enumerate(deck, start=1):
        if count:
            yield v, Fraction(count, total), deck[:v - 1] + (count - 1,) + deck[v:]


@functools.cache
def dealer(deck: Deck, hard: int, aces: int, player: int) -> Fraction:
    """The player's expected payoff once they stand on `player`: the dealer draws while
    their best total is 16 or less."""
    total = best(hard, aces)
    if total >= 17:
        return Fraction(1) if total > 21 or player > total else \
            Fraction(-1) if player < total else Fraction(0)
    return sum((p * dealer(after, hard + v, aces + (v == 1), player)
                for v, p, after in _draws(deck)), Fraction(0))


@functools.cache
def value(deck: Deck, hard: int, aces: int, dealer_hard: int, dealer_aces: int) -> Fraction:
    """The player's expected payoff playing best (hit or stand), the dealer's hand given."""
    if hard > 21:
        return Fraction(-1)
    stand = dealer(deck, dealer_hard, dealer_aces, best(hard, aces))
    hit = sum((p * value(after, hard + v, aces + (v == 1), dealer_hard, dealer_aces)
               for v, p, after in _draws(deck)), Fraction(0))
    return max(stand, hit)


def after_deal(player: list[int], dealer_cards: list[int]) -> Fraction:
    """The value with these cards dealt (values 1-10) from a full deck."""
    deck = full_deck()
    for v in player + dealer_cards:
        deck[v - 1] -= 1
    return value(tuple(deck), sum(player), player.count(1), sum(dealer_cards),
                 dealer_cards.count(1))
