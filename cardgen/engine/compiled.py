"""Heuristic play on arrays, compiled by numba where it is installed: the rounds of a table
of heuristic players (the Pro draft too), the rollout player's guessed deals and the
positions a player that looks ahead plays forward (playout.py).

The functions marked @_kernel are plain Python on numpy arrays of int64. Where numba is
installed it compiles them to machine code (cached on disk, so only the first run pays)
and the players use them (`in_use()`); without it the players play in plain Python, and
these functions still run, interpreted and slowly, with the same results. They make the
heuristic player's choices and place cards as `Table` does, by the rules of Classic, Pro
and Jokers (one card a turn, jokers first, then lowest first; a card below every row end
takes a row) and of Plus (one or two cards, zero cards, a card below every row end on the
highest row); the tests hold them to the games the engine's own classes play.

A table is eight arrays: `rows` (row × slot: card ids, 0 past a row's end), `lengths`,
`ends` (values in tenths), `row_heads` (bull heads on each row), `scores` (bull heads each
seat collected), `piles` (seat × slot: what it collected), `pile_sizes` and `drops` (by
card id, 1 for a Plus card put below the one before it). Hands are `hands` (seat × slot)
with `sizes`. `rules` is (row limit, 1 for Plus, values, heads); `values` and `heads` are
indexed by card id.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable

import numpy as np

from cardgen.engine.cards import FIRST_JOKER, FIRST_ZERO, VALUE
from cardgen.engine.chance import (
    CHANCE_MODULUS,
    CHANCE_MULTIPLIER,
    DOES_FACTORS,
    GAP_BOUNDS,
    HEADS_BOUNDS,
    PLACE_FACTORS,
)
from cardgen.engine.errors import IllegalPlay

_KERNEL: list = []  # the functions numba compiles, each marked @_kernel


def _kernel(function):
    _KERNEL.append(function)
    return function


_RISK_SCALE = 1 << 20  # above any closeness (row length × 1000 + gap in tenths)


@_kernel
def _row_below(ends, value):
    """The row whose end is the highest one strictly below `value`, or -1."""
    best, best_end = -1, -1
    for row in range(ends.shape[0]):
        end = ends[row]
        if best_end < end < value:
            best, best_end = row, end
    return best


@_kernel
def _heuristic_card(hand, size, lengths, ends, row_heads, limit, values):
    """Where in the hand the heuristic player's card is: the first of the least risky
    (HeuristicPlayer._risk: the heads it may collect, then how close it fits)."""
    lowest = row_heads.min()
    best, best_risk = 0, -1
    for index in range(size):
        value = values[hand[index]]
        row = _row_below(ends, value)
        if hand[index] >= FIRST_JOKER:
            risk = _RISK_SCALE  # a joker can always join a row: once every card risks more
        elif row < 0:
            risk = (lowest + 1) * _RISK_SCALE
        elif lengths[row] == limit:
            risk = (row_heads[row] + 1) * _RISK_SCALE + value - ends[row]
        else:
            risk = lengths[row] * 1000 + value - ends[row]
        if best_risk < 0 or risk < best_risk:
            best, best_risk = index, risk
    return best


# passed in `rules`, not read as globals: numba would keep them frozen in its cache
POLICY = tuple(np.array(table, np.int64) for table in (GAP_BOUNDS, HEADS_BOUNDS, DOES_FACTORS, PLACE_FACTORS))


@_kernel
def _bucket(amount, bounds):
    for index in range(bounds.shape[0]):
        if amount <= bounds[index]:
            return index
    return bounds.shape[0]


@_kernel
def _policy_weight(card, lowest, highest, lengths, ends, row_heads, limit, values, policy):
    """chance.policy_weight on arrays (`policy`: POLICY)."""
    gap_bounds, heads_bounds, does_factors, place_factors = policy
    place = place_factors[0 if card == lowest else 2 if card == highest else 1]
    joins = gap_bounds.shape[0] + 1
    if card >= FIRST_JOKER:
        return does_factors[4 * joins - 1] * place
    value = values[card]
    row = _row_below(ends, value)
    if row < 0:
        does = 4 * joins + heads_bounds.shape[0] + 1 + _bucket(row_heads.min(), heads_bounds)
    elif lengths[row] >= limit:
        does = 4 * joins + _bucket(row_heads[row], heads_bounds)
    else:
        does = min(limit - lengths[row] - 1, 3) * joins + _bucket(value - ends[row], gap_bounds)
    return does_factors[does] * place


@_kernel
def _policy_card(hand, size, lengths, ends, row_heads, limit, values, policy, chance, weights):
    """Chance.policy_card on arrays, draw for draw, for a hand in order of ids (play_turns
    sorts them; `chance[0]` its state; `weights` room for a hand's): where in the hand the
    card drawn is."""
    lowest, highest = hand[0], hand[size - 1]
    total = 0
    for index in range(size):
        weights[index] = _policy_weight(hand[index], lowest, highest, lengths, ends, row_heads, limit, values, policy)
        total += weights[index]
    chance[0] = chance[0] * CHANCE_MULTIPLIER % CHANCE_MODULUS
    drawn = chance[0] * total // CHANCE_MODULUS
    for index in range(size):
        if drawn < weights[index]:
            return index
        drawn -= weights[index]
    return size - 1


@_kernel
def _cheapest_row(lengths, row_heads):
    """The heuristic player's row to take: fewest bull heads, then fewest cards, then first."""
    best = 0
    for row in range(1, lengths.shape[0]):
        if (row_heads[row], lengths[row]) < (row_heads[best], lengths[best]):
            best = row
    return best


@_kernel
def _joker_row(rows, lengths, limit):
    """HeuristicPlayer.place_joker's row to join: the first of the shortest that neither ends
    with a joker nor is full; -1 when there is none (it then takes the cheapest row)."""
    best = -1
    for row in range(lengths.shape[0]):
        if rows[row, lengths[row] - 1] < FIRST_JOKER and lengths[row] < limit:
            if best < 0 or lengths[row] < lengths[best]:
                best = row
    return best


@_kernel
def _highest_row(ends):
    best = 0
    for row in range(1, ends.shape[0]):
        if ends[row] > ends[best]:
            best = row
    return best


@_kernel
def _plus_cards(hand, size, lengths, ends, row_heads, limit, values):
    """HeuristicPlayer._plus_cards as places in the hand: (the card, its zero or -1). The first
    numbered card that takes the richest sixth card, with the first zero to play it first; else
    the first that lengthens a row least (a row one short of full costs most); else a zero."""
    zero = -1
    for index in range(size):
        if FIRST_ZERO <= hand[index] < FIRST_JOKER:
            zero = index
            break
    best, gain, cost = -1, 0, 0
    for index in range(size):
        if hand[index] < FIRST_ZERO:
            row = _row_below(ends, values[hand[index]])
            row = _highest_row(ends) if row < 0 else row
            if lengths[row] == limit and row_heads[row] > gain:
                best, gain = index, row_heads[row]
    if best >= 0:
        return best, zero
    for index in range(size):
        if hand[index] < FIRST_ZERO:
            row = _row_below(ends, values[hand[index]])
            row = _highest_row(ends) if row < 0 else row
            setup = 10 if lengths[row] == limit - 1 else lengths[row]
            if best < 0 or setup < cost:
                best, cost = index, setup
    return (best, -1) if best >= 0 else (zero, -1)


@_kernel
def _place(card, seat, table, rules):
    """Put one card where the rules send it (a joker where the heuristic player puts it);
    a sixth card collects, and so does one below every row end (in Plus it goes on the
    row with the highest end instead, collecting it only when it is full)."""
    rows, lengths, ends, row_heads, scores, piles, pile_sizes, drops = table
    limit, plus, values, heads, _ = rules
    value = values[card]
    if card >= FIRST_JOKER:
        row = _joker_row(rows, lengths, limit)
        if row >= 0:
            value += ends[row]
    else:
        row = _row_below(ends, value)
        if row < 0 and plus:
            row = _highest_row(ends)
            if lengths[row] < limit:
                drops[card] = 1  # below the card before it
    if row >= 0 and lengths[row] < limit:
        rows[row, lengths[row]] = card
        lengths[row] += 1
        row_heads[row] += heads[card]
    else:
        if row < 0:
            row = _cheapest_row(lengths, row_heads)
        scores[seat] += row_heads[row]
        for slot in range(lengths[row]):
            piles[seat, pile_sizes[seat]] = rows[row, slot]
            pile_sizes[seat] += 1
        rows[row, 0] = card
        lengths[row] = 1
        row_heads[row] = heads[card]
    ends[row] = value


@_kernel
def _take_out(hands, seat, size, card):
    """Take `card` out of the seat's hand (the others keep their order); the new size, or -1."""
    for index in range(size):
        if hands[seat, index] == card:
            for slot in range(index, size - 1):
                hands[seat, slot] = hands[seat, slot + 1]
            return size - 1
    return -1


@_kernel
def play_turns(table, hands, sizes, scripts, script_sizes, turns, rules, chance):
    """Play up to `turns` turns (fewer if the hands run out), each seat playing its script's
    cards on the first turns (scripts: seat × turn × two cards, 0 for none) and then the
    heuristic player's, or where `chance[0]` is not 0 (one-card variants) a card drawn by
    the playout policy (_policy_card). Returns the turns played, or -1 - seat when a
    scripted card is not in that seat's hand. `table`: (rows, lengths, ends, row_heads,
    scores, piles, pile_sizes, drops); `rules`: (row limit, 1 for Plus, values, heads,
    the playout policy: POLICY)."""
    lengths, ends, row_heads, scores, piles, pile_sizes = table[1], table[2], table[3], table[4], table[5], table[6]
    limit, plus, values, heads, policy = rules
    seats = sizes.shape[0]
    placing = np.empty(2 * seats, np.int64)  # the cards to place this turn, in order
    owners = np.empty(2 * seats, np.int64)
    keys = np.empty(2 * seats, np.int64)
    picked = np.zeros(2, np.int64)
    weights = np.empty(hands.shape[1], np.int64)
    if chance[0] != 0 and not plus:  # the policy's draws count the cards in order of ids
        for seat in range(seats):
            hands[seat, : sizes[seat]].sort()
    for turn in range(turns):
        count, playing = 0, 0
        for seat in range(seats):
            size = sizes[seat]
            if size == 0:
                continue
            playing += 1
            if turn < script_sizes[seat]:
                picked[0], picked[1] = scripts[seat, turn, 0], scripts[seat, turn, 1]
            elif plus:
                first, second = _plus_cards(hands[seat], size, lengths, ends, row_heads, limit, values)
                picked[0] = hands[seat, first]
                picked[1] = hands[seat, second] if second >= 0 else 0
            else:
                if chance[0] != 0:
                    index = _policy_card(
                        hands[seat], size, lengths, ends, row_heads, limit, values, policy, chance, weights
                    )
                else:
                    index = _heuristic_card(hands[seat], size, lengths, ends, row_heads, limit, values)
                picked[0] = hands[seat, index]
                picked[1] = 0
            numbered = 0
            for card in picked:
                if card != 0:
                    size = _take_out(hands, seat, size, card)
                    if size < 0:
                        return -1 - seat
                    if card < FIRST_ZERO or card >= FIRST_JOKER:
                        numbered += 1
            sizes[seat] = size
            for card in picked:
                if card == 0:
                    continue
                if FIRST_ZERO <= card < FIRST_JOKER:  # a zero card: straight to its player's pile
                    scores[seat] += heads[card]
                    piles[seat, pile_sizes[seat]] = card
                    pile_sizes[seat] += 1
                    continue
                # first jokers (Jokers) or a zero's companions (Plus), then the rest; lowest first
                first = card >= FIRST_JOKER or (numbered == 1 and picked[1] != 0)
                key = card if first else card + 2 * FIRST_JOKER
                at = count
                while at > 0 and keys[at - 1] > key:
                    placing[at], owners[at], keys[at] = placing[at - 1], owners[at - 1], keys[at - 1]
                    at -= 1
                placing[at], owners[at], keys[at] = card, seat, key
                count += 1
        if playing == 0:
            return turn
        for at in range(count):
            _place(placing[at], owners[at], table, rules)
    return turns


@_kernel
def _next_word(twister):
    """The Mersenne Twister's next 32-bit word, as Python's `random` draws it; `twister`
    holds its 624 words and then its index, as `random.Random.getstate()` gives them."""
    index = twister[624]
    if index >= 624:
        for word in range(624):
            y = (twister[word] & 0x80000000) | (twister[(word + 1) % 624] & 0x7FFFFFFF)
            twister[word] = twister[(word + 397) % 624] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
        index = 0
    y = twister[index]
    twister[624] = index + 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    return y ^ (y >> 18)


@_kernel
def _random_below(twister, bound):
    """random.Random._randbelow: a whole number below `bound`, the same draws as Python's."""
    bits = 0
    while (1 << bits) <= bound:
        bits += 1
    while True:
        drawn = _next_word(twister) >> (32 - bits)
        if drawn < bound:
            return drawn


@_kernel
def _shuffle(twister, cards):
    """random.Random.shuffle, draw for draw."""
    for last in range(cards.shape[0] - 1, 0, -1):
        other = _random_below(twister, last + 1)
        cards[last], cards[other] = cards[other], cards[last]


@_kernel
def rollout_values(
    rows,
    hand,
    unseen,
    sizes,
    seat,
    candidates,
    samples,
    turns,
    sign,
    twister,
    scarce,
    held,
    holders,
    rules,
):
    """RolloutPlayer.rollout_values, the same sums from the same draws: for each sample a
    guessed deal (_guess), then each candidate played first and heuristic play for `turns`
    turns; its score against the others' mean is added. `scarce`, `held`, `holders`: the
    unseen cards of a scarce kind (jokers), how many the others hold, the seats that may
    hold one (Guesser.scarce); held < 0 where there is no such kind. `candidates`: candidate × two cards (0: none)."""
    seats = sizes.shape[0]
    guessed = np.zeros((seats, max(sizes.max(), 1)), np.int64)
    buffers = (unseen.copy(), scarce.copy(), holders.copy(), np.zeros(seats, np.int64))
    others = max(seats - 1, 1)
    totals = np.zeros(candidates.shape[0], np.float64)
    for _ in range(samples):
        _guess(twister, hand, unseen, scarce, held, holders, sizes, seat, guessed, buffers)
        scores = _play_openings(rows, guessed, sizes, seat, candidates, turns, rules, 0)
        for index in range(candidates.shape[0]):
            own = scores[index, seat]
            totals[index] += sign * (own - (scores[index].sum() - own) / others)
    return totals


@_kernel
def _play_openings(rows, hands, sizes, seat, candidates, turns, rules, seed):
    """Candidate × seat: the bull heads each seat collects in `turns` turns from this position
    when `seat` plays the candidate first (candidate × two cards, 0: none) and everyone then
    plays as the heuristic player, or (seed not 0) by the playout policy, each candidate's
    draws starting from `seed`; the first score is -1 - seat where a candidate is not in its hand."""
    lengths, ends, row_heads = _position(rows, rules[2], rules[3])
    count = sizes.shape[0]
    work_hands = np.zeros_like(hands)
    work_sizes = np.zeros_like(sizes)
    work_rows = np.zeros_like(rows)
    work_lengths = np.zeros_like(lengths)
    work_ends = np.zeros_like(ends)
    work_heads = np.zeros_like(row_heads)
    scores = np.zeros((candidates.shape[0], count), np.int64)
    piles = np.zeros((count, rows.size + sizes.sum()), np.int64)
    pile_sizes = np.zeros(count, np.int64)
    scripts = np.zeros((count, 1, 2), np.int64)
    script_sizes = np.zeros(count, np.int64)
    script_sizes[seat] = 1
    drops = _no_drops(rules)
    chance = np.zeros(1, np.int64)
    for index in range(candidates.shape[0]):
        work_rows[:] = rows
        work_lengths[:] = lengths
        work_ends[:] = ends
        work_heads[:] = row_heads
        work_hands[:] = hands
        work_sizes[:] = sizes
        pile_sizes[:] = 0
        scripts[seat, 0, :] = candidates[index]
        chance[0] = seed
        table = (work_rows, work_lengths, work_ends, work_heads, scores[index], piles, pile_sizes, drops)
        if play_turns(table, work_hands, work_sizes, scripts, script_sizes, turns, rules, chance) < 0:
            scores[index, 0] = -1 - seat
    return scores


@_kernel
def _play_deals(rows, hands, sizes, seat, candidates, turns, rules, seeds):
    """_play_openings on each guessed deal (deal × seat × slot), each from its own seed:
    deal × candidate × seat."""
    scores = np.zeros((hands.shape[0], candidates.shape[0], sizes.shape[0]), np.int64)
    for deal in range(hands.shape[0]):
        scores[deal] = _play_openings(rows, hands[deal], sizes, seat, candidates, turns, rules, seeds[deal])
    return scores


@_kernel
def _guess(twister, hand, unseen, scarce, held, holders, sizes, seat, guessed, buffers):
    """Guesser.deal, draw for draw, into `guessed`: the scarce cards shuffled and the seats
    that may hold one shuffled, the first `held` of them given one each (while they have room); then the
    unseen cards shuffled and each other seat, in order, filled up with the last of them."""
    pool, scarce_pool, chosen, counts = buffers
    counts[:] = 0
    guessed[seat, : sizes[seat]] = hand[: sizes[seat]]
    counts[seat] = sizes[seat]
    if held >= 0:
        scarce_pool[:] = scarce
        _shuffle(twister, scarce_pool)
        chosen[:] = holders
        _shuffle(twister, chosen)
        left = scarce_pool.shape[0]
        for pick in range(held):  # at most the seats that may hold one (Guesser.scarce)
            other = chosen[pick]
            if counts[other] < sizes[other]:
                left -= 1
                guessed[other, counts[other]] = scarce_pool[left]
                counts[other] += 1
    pool[:] = unseen
    _shuffle(twister, pool)
    left = pool.shape[0]
    for other in range(sizes.shape[0]):
        if other != seat:
            need = sizes[other] - counts[other]
            guessed[other, counts[other] : sizes[other]] = pool[left - need : left]
            left -= need


@_kernel
def _no_drops(rules):
    """A table's `drops`, none yet: by card id in Plus, where cards may go below others; one unused slot elsewhere."""
    return np.zeros(rules[2].shape[0] if rules[1] else 1, np.int64)


@_kernel
def _position(slots, values, heads):
    """(lengths, ends, row_heads) of rows given as card ids, 0 past a row's last card."""
    count = slots.shape[0]
    lengths = np.zeros(count, np.int64)
    ends = np.zeros(count, np.int64)
    row_heads = np.zeros(count, np.int64)
    for row in range(count):
        while lengths[row] < slots.shape[1] and slots[row, lengths[row]] != 0:
            card = slots[row, lengths[row]]
            row_heads[row] += heads[card]
            # as table.row_value: a joker after a card adds its tenths to that card's value
            ends[row] = ends[row] + values[card] if card >= FIRST_JOKER and lengths[row] else values[card]
            lengths[row] += 1
    return lengths, ends, row_heads


@_kernel
def _play_from(slots, hands, sizes, scripts, script_sizes, turns, rules, seed):
    """Play from these rows (left in `slots`) and hands: (lengths, scores, piles, pile sizes,
    drops, turns played or -1 - seat where a script is not in its hand)."""
    seats = sizes.shape[0]
    lengths, ends, row_heads = _position(slots, rules[2], rules[3])
    scores = np.zeros(seats, np.int64)
    piles = np.zeros((seats, slots.size + sizes.sum()), np.int64)
    pile_sizes = np.zeros(seats, np.int64)
    drops = _no_drops(rules)
    table = (slots, lengths, ends, row_heads, scores, piles, pile_sizes, drops)
    chance = np.full(1, seed, np.int64)
    played = play_turns(table, hands, sizes, scripts, script_sizes, turns, rules, chance)
    return lengths, scores, piles, pile_sizes, drops, played


@_kernel
def _heuristic_draft(pool, seats, first, per_hand, heads):
    """Pro's draft among heuristic players (HeuristicPlayer.draft): in turn from seat `first`,
    each takes the face-up card farthest from the cards it holds, fewest bull heads between
    equals, the first of equals in the pool's order. Returns (hands, the cards left)."""
    hands = np.zeros((seats, per_hand), np.int64)
    held = np.zeros(seats, np.int64)
    taken = np.zeros(pool.shape[0], np.bool_)
    for pick in range(seats * per_hand):
        seat = (first + pick) % seats
        best, best_distance, best_heads = -1, -1, 0
        for index in range(pool.shape[0]):
            if taken[index]:
                continue
            card = pool[index]
            distance = 0
            for slot in range(held[seat]):
                gap = abs(card - hands[seat, slot])
                if slot == 0 or gap < distance:
                    distance = gap
            if best < 0 or distance > best_distance or (distance == best_distance and heads[card] < best_heads):
                best, best_distance, best_heads = index, distance, heads[card]
        taken[best] = True
        hands[seat, held[seat]] = pool[best]
        held[seat] += 1
    return hands, pool[~taken]


def heuristic_draft(pool: list[int], seats: int, first: int, per_hand: int, heads: tuple[int, ...]):
    """Pro's draft among heuristic players: (hands, the cards left face up) as lists."""
    hands, left = _heuristic_draft(np.array(pool, np.int64), seats, first, per_hand, _heads_array(heads))
    return hands.tolist(), left.tolist()


def _padded(lists, width: int) -> np.ndarray:
    """Sequences of card ids as one array, each row filled up with 0 (no card) to `width`."""
    return np.array([[*cards, *[0] * (width - len(cards))] for cards in lists], np.int64)


def _rules(row_limit: int, heads: tuple[int, ...], plus: bool) -> tuple:
    """The kernel's `rules`."""
    return row_limit, int(plus), VALUES, _heads_array(heads), POLICY


def _openings(openings) -> np.ndarray:
    """Plays (a card or a pair) as play × two cards, 0 for none."""
    return _card_pairs([[cards] for cards in openings])[:, 0, :]


VALUES = np.array(VALUE, np.int64)


def rollout_sums(view, guesser, candidates: list, samples: int, turns: int, sign: float, plus: bool) -> list[float]:
    """rollout_values for the rollout player's view and its guesser (at most one scarce kind)."""
    scarce, held, holders = guesser.scarce[0] if guesser.scarce else ([], -1, [])
    return rollout_sums_of(
        view.rows,
        view.hand,
        guesser.unseen,
        view.hand_sizes,
        view.seat,
        guesser.rng,
        candidates,
        samples,
        turns,
        sign,
        _rules(view.row_limit, view.heads, plus),
        (scarce, held, holders),
    )


def rollout_sums_of(rows, hand, unseen, sizes, seat, rng, candidates, samples, turns, sign, rules, scarce):
    """rollout_values of a position given as lists; a list of sums, one for each candidate
    (a card or a pair). `rules`: the kernel's (_rules); `scarce`: (the unseen cards of a
    scarce kind, how many the others hold or -1, the seats that may hold one)."""
    scarce_cards, held, holders = scarce
    totals = rollout_values(
        _padded(rows, rules[0]),
        np.array(hand, np.int64),
        np.array(unseen, np.int64),
        np.array(sizes, np.int64),
        seat,
        _openings(candidates),
        samples,
        turns,
        sign,
        np.array(rng.getstate()[1], np.int64),
        np.array(scarce_cards, np.int64),
        held,
        np.array(holders, np.int64),
        rules,
    )
    return totals.tolist()


def play_round(rows: list[list[int]], hands: list[list[int]], row_limit: int, heads: tuple[int, ...], plus: bool):
    """A whole round of heuristic players from its deal: (rows, piles, scores, the cards put
    below the one before them (Plus), turns) at its end."""
    sizes = [len(hand) for hand in hands]
    slots = _padded(rows, row_limit)
    no_scripts = np.zeros((len(hands), 1, 2), np.int64)
    lengths, scores, piles, pile_sizes, drops, turns = _play_from(
        slots,
        _padded(hands, max(sizes)),
        np.array(sizes, np.int64),
        no_scripts,
        np.zeros(len(hands), np.int64),
        max(sizes),
        _rules(row_limit, heads, plus),
        0,
    )
    rows_left = [cards[:length] for cards, length in zip(slots.tolist(), lengths.tolist())]
    piles_left = [cards[:size] for cards, size in zip(piles.tolist(), pile_sizes.tolist())]
    return rows_left, piles_left, scores.tolist(), np.flatnonzero(drops).tolist(), int(turns)


def play_scripted(
    rows, hands, scripts, turns: int, row_limit: int, heads: tuple[int, ...], plus: bool, chance: int
) -> list[int]:
    """Playouts.scores on arrays: each seat's bull heads after `turns` turns (or the round's end)."""
    sizes = [len(hand) for hand in hands]
    _, scores, _, _, _, played = _play_from(
        _padded(rows, row_limit),
        _padded(hands, max(max(sizes), 1)),
        np.array(sizes, np.int64),
        _card_pairs(scripts),
        np.array([len(script) for script in scripts], np.int64),
        turns,
        _rules(row_limit, heads, plus),
        chance,
    )
    if played < 0:
        seat = -1 - played
        raise IllegalPlay(seat, (), "engine.script_card_missing")
    return scores.tolist()


def play_deals(
    rows, hands: np.ndarray, chances, seat: int, openings, turns: int, row_limit: int, heads, plus: bool
) -> np.ndarray:
    """Playouts.scores_of_deals: each seat's bull heads for each guessed deal (hands: deal ×
    seat × slot) and each opening of `seat`, deal × opening × seat."""
    scores = _play_deals(
        _padded(rows, row_limit),
        hands,
        (hands > 0).sum(axis=2)[0],  # each hand as large in every deal, its cards from its first slot
        seat,
        _openings(openings),
        turns,
        _rules(row_limit, heads, plus),
        np.array(chances, np.int64),
    )
    if (scores[:, :, 0] < 0).any():
        raise IllegalPlay(seat, (), "engine.opening_card_missing")
    return scores


def _card_pairs(scripts) -> np.ndarray:
    """Each seat's script as seat × turn × two cards (0: none), from cards or pairs of cards."""
    pairs = np.zeros((len(scripts), max(1, *map(len, scripts)) if scripts else 1, 2), np.int64)
    for seat, script in enumerate(scripts):
        for turn, cards in enumerate(script):
            played = (cards,) if isinstance(cards, int) else tuple(cards)
            pairs[seat, turn, : len(played)] = played
    return pairs


_HEADS: list = [None, None]  # the last table of bull heads and its array


def _heads_array(heads: tuple[int, ...]) -> np.ndarray:
    """The bull heads by card id as an array, made again only for another table of heads
    (a game's pool keeps one; hashing it each round would cost more than the round)."""
    if heads is not _HEADS[0]:
        _HEADS[:] = heads, np.array(heads, np.int64)
    return _HEADS[1]


_IN_USE: list[bool] = []


def in_use() -> bool:
    """Whether the players go through these functions, compiled: whether numba is installed.
    (Imported only now, so that commands that play no game never wait for it.)"""
    if not _IN_USE:
        _IN_USE.append(_compile())
    return _IN_USE[0]


def _compile() -> bool:
    try:
        import numba
    except ImportError:  # a platform without numba's wheels
        return False
    # Compiled functions call each other through this module's names: each is replaced by
    # its compiled self before any is called (numba compiles on the first call).
    for function in _KERNEL:
        globals()[function.__name__] = numba.njit(cache=True, nogil=True)(function)
    return True


SLOW = 2.0  # seconds of preparing after which the person is told why nothing happens yet


def prepare(rollouts: bool, slow: Callable[[], None]) -> None:
    """Compile the functions a run needs, or load them from numba's cache, before its games
    and workers start (the workers then find them in the cache): 10 to 20 s the first time
    on a machine, well under a second after. `slow()` is called once SLOW seconds have gone by."""
    if not in_use():
        return
    timer = threading.Timer(SLOW, slow)
    timer.daemon = True
    timer.start()
    try:
        heads = (1,) * 60
        play_round([[10]], [[20, 30], [40, 50]], 5, heads, False)
        if rollouts:
            rollout = ([[10]], [20, 30], [40, 50], [2, 2], 0, random.Random(0), [20, 30], 1, 1, 1.0)
            rollout_sums_of(*rollout, _rules(5, heads, False), ([], -1, []))
    finally:
        timer.cancel()
