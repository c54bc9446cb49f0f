"""What the tests of the players that look ahead (rollout, search, expert) share: the variants
they play, a table of one of them and heuristic players, and whether such a player is
blind to the hands it cannot see (its choices in eight positions, each as dealt and
with the other hands swapped, and the choices of a cheat whose guess is the truth)."""

from collections.abc import Callable

from cardgen.engine import Game, HeuristicPlayer, Options, Player

EVERY_VARIANT = [
    ("classic", {}),
    ("pro", {}),
    ("plus", {"rounds": 1}),  # a round of Plus is long: 15 cards, each alone or after a zero
    ("plus", {"rounds": 1, "free_companion": True, "one_zero_each": True}),
    ("jokers", {}),
]


def table_of(player: Player, variant: str, seed: int, players: int = 4, **options) -> Game:
    """`player` in seat 1, heuristic players in the others, every check on."""
    seats = [player] + [HeuristicPlayer() for _ in range(players - 1)]
    return Game(Options(variant, **options), seats, seed=seed, check=True)


def swapped_positions(seed: int, make_player: Callable[[], Player]):
    """The same position twice for seat 0 of a game of this seed: the second time its
    opponents' cards are shuffled among their hands and the cards out of play."""
    dealt = Game(Options("classic"), 4, seed=seed)
    dealt.deal()
    rows = [list(row) for row in dealt.table.rows]
    hands = [list(hand) for hand in dealt.hands]
    hidden = [card for hand in hands[1:] for card in hand] + dealt.out_of_play
    hidden.reverse()
    swapped = [hands[0]] + [hidden[10 * index : 10 * index + 10] for index in range(3)]
    for these_hands, out_of_play in ((hands, dealt.out_of_play), (swapped, hidden[30:])):
        player = make_player()
        game = Game(Options("classic"), [player] + [HeuristicPlayer() for _ in range(3)], seed=seed)
        game.start_round(rows, these_hands, out_of_play)
        yield game, player


def choices(make_player: Callable[[], Player]) -> list:
    """Seat 0's choice in eight positions, each as dealt then with the other hands swapped."""
    return [
        player.choose_cards(game.views[0])
        for seed in range(1, 9)
        for game, player in swapped_positions(seed, make_player)
    ]


def cheating_choices(monkeypatch, make_player: Callable[[], Player], guesser: type) -> list:
    """choices() with `guesser` dealing the true hands every time."""
    games = []
    original = Game.start_round

    def remember(game, *args, **kwargs):
        games.append(game)  # the real game first, then the playouts' scratch game
        original(game, *args, **kwargs)

    monkeypatch.setattr(Game, "start_round", remember)
    monkeypatch.setattr(guesser, "deal", lambda self: (games[0].hands, games[0].out_of_play))
    if hasattr(guesser, "deals"):  # many deals at once, as an array deal × seat × slot
        guessed = guesser.deals

        def true_deals(self, count):
            hands, seeds = guessed(self, count)
            hands[:] = 0
            for seat, hand in enumerate(games[0].hands):
                hands[:, seat, : len(hand)] = hand
            return hands, seeds

        monkeypatch.setattr(guesser, "deals", true_deals)
    cheats = []
    for seed in range(1, 9):
        for game, player in swapped_positions(seed, make_player):
            games[:] = [game]
            cheats.append(player.choose_cards(game.views[0]))
    return cheats


def check_replays(table_of: Callable[..., Game], variant: str) -> None:
    """Two games of one seed are the same game, and another seed's is another."""
    first, second = table_of(variant, seed=11), table_of(variant, seed=11)
    first.play(), second.play()
    assert first.round_scores == second.round_scores
    other = table_of(variant, seed=12)
    other.play()
    assert other.round_scores != first.round_scores
