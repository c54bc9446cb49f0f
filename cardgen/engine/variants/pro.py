"""Pro ("6 nimmt! for professionals"): Classic played with the cards 1 to 10n+4 for n
players, dealt by a face-up draft in turn (docs/RULES.md §7)."""

from __future__ import annotations

from cardgen.engine.deck import BUNDLED, CardPool
from cardgen.engine.errors import IllegalPlay
from cardgen.engine.variants.classic import Classic
from cardgen.messages import Message


class Pro(Classic):
    key = "pro"
    name = "Pro"
    compiled_rules = "classic"
    drafts = True
    most_players = 6  # up to 10 with the max_players option
    takes = frozenset({"threshold", "rounds", "max_players"})

    def deck(self, players: int, pool: CardPool = BUNDLED) -> list[int]:
        return list(pool.numbered[: self._deck_size(players)])

    def _deck_size(self, players: int) -> int:
        return self.hand["numbered card"] * players + self.rows

    def deck_words(self, players: int) -> Message:
        return Message("variant.pro_deck", players=players, highest=self._deck_size(players))

    def player_limits(self, options, pool: CardPool = BUNDLED) -> tuple[int, int]:
        most = self.most_players if options.max_players is None else options.max_players
        return 2, min(most, self.most_dealt(pool))

    def check_options(self, options) -> Message | None:
        if options.max_players is not None and not 2 <= options.max_players <= 10:
            return Message("options.max_players", low=2, high=10)
        return super().check_options(options)

    def deal(self, game):
        """Everyone picks from the face-up cards in seat order until each holds 10; the
        first chooser moves one seat on each round; the 4 cards left start the rows."""
        pool = self.deck(game.player_count, game.pool)
        order = self.choosers(game)
        drafted = game.compiled_draft(pool, order[0], self.hand["numbered card"])
        if drafted is not None:
            return [[card] for card in drafted[1]], drafted[0], []
        hands: list[list[int]] = [[] for _ in range(game.player_count)]
        game.hands = hands  # strategies see what they have picked so far
        for seat in order:
            self._pick(game, pool, hands, seat, game.players[seat].draft(game.views[seat], tuple(pool)))
        return [[card] for card in pool], hands, []

    def drafted(self, game, picks: list[int]) -> tuple[list[list[int]], list[list[int]]]:
        """The rows and hands a draft leaves, its picks in order as a record writes them
        down (as many as `choosers` gives seats)."""
        pool = self.deck(game.player_count, game.pool)
        hands: list[list[int]] = [[] for _ in range(game.player_count)]
        for seat, card in zip(self.choosers(game), picks):
            self._pick(game, pool, hands, seat, card)
        return [[card] for card in pool], hands

    def choosers(self, game) -> list[int]:
        """The seat of each pick of the round about to start (game.round + 1), in order."""
        count = game.player_count
        first = game.round % count
        return [(first + pick) % count for pick in range(self.hand["numbered card"] * count)]

    @staticmethod
    def _pick(game, pool: list[int], hands: list[list[int]], seat: int, card: int) -> None:
        if card not in pool:
            raise IllegalPlay(seat, (card,), "referee.not_face_up")
        pool.remove(card)
        hands[seat].append(card)
        game.draft_picks.append(card)
