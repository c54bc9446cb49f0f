"""Pro ("6 nimmt! for professionals"): Classic played with the cards 1 to 10n+4 for n
players, dealt by a face-up draft in turn (docs/RULES.md §7)."""

from __future__ import annotations

from cardgen.engine.cards import face
from cardgen.engine.deck import BUNDLED, CardPool
from cardgen.engine.errors import IllegalPlay
from cardgen.engine.variants.classic import Classic


class Pro(Classic):
    key = "pro"
    name = "Pro"
    compiled_rules = "classic"
    most_players = 6  # up to 10 with the max_players option
    takes = frozenset({"threshold", "rounds", "max_players"})

    def deck(self, players: int, pool: CardPool = BUNDLED) -> list[int]:
        return list(pool.numbered[: self._deck_size(players)])

    def _deck_size(self, players: int) -> int:
        return self.hand["numbered card"] * players + self.rows

    def deck_words(self, players: int) -> str:
        return f"Pro with {players} players (cards 1 to {self._deck_size(players)})"

    def player_limits(self, options, pool: CardPool = BUNDLED) -> tuple[int, int]:
        most = self.most_players if options.max_players is None else options.max_players
        return 2, min(most, self.most_dealt(pool))

    def check_options(self, options) -> str | None:
        if options.max_players is not None and not 2 <= options.max_players <= 10:
            return "max_players must be between 2 and 10"
        return super().check_options(options)

    def deal(self, game):
        """Everyone picks from the face-up cards in seat order until each holds 10; the
        first chooser moves one seat on each round; the 4 cards left start the rows."""
        count = game.player_count
        pool = self.deck(count, game.pool)
        first = game.round % count  # the round about to start is game.round + 1
        drafted = game.compiled_draft(pool, first, self.hand["numbered card"])
        if drafted is not None:
            return [[card] for card in drafted[1]], drafted[0], []
        hands: list[list[int]] = [[] for _ in range(count)]
        game.hands = hands  # strategies see what they have picked so far
        for pick in range(self.hand["numbered card"] * count):
            seat = (first + pick) % count
            card = game.players[seat].draft(game.views[seat], tuple(pool))
            if card not in pool:
                raise IllegalPlay(seat, f"the draft pick {face(card)}", "which is not among the face-up cards")
            pool.remove(card)
            hands[seat].append(card)
        return [[card] for card in pool], hands, []
