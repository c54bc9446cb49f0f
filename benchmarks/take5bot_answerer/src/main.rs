//! take5bot's bot answering cardgen's benchmark, one decision a line.
//!
//! benchmarks/bench_vs_take5bot.py plays cardgen against take5bot (a public project, MIT,
//! github.com/jhurliman/take5bot), which is never copied into cardgen: this program only
//! calls its rules core (`take5-core`, no dependencies, so it builds offline; tried with
//! take5bot's commit 1a20da0). From the repository's top folder:
//!
//!     git clone https://github.com/jhurliman/take5bot /tmp/take5bot   # or any checkout of it
//!     ln -s /tmp/take5bot benchmarks/take5bot_answerer/take5bot
//!     cargo build --release --offline --manifest-path benchmarks/take5bot_answerer/Cargo.toml
//!     export CARDGEN_TAKE5BOT="benchmarks/take5bot_answerer/target/release/take5bot-answerer \
//!       neural:/tmp/take5bot/web/public/net-attn.t5n:0"
//!     python benchmarks/bench_vs_take5bot.py --player search --matches 128 --jobs 2
//!
//! `cargo test --release --offline --manifest-path …` (as above) checks that a line carries
//! all a bot looks at: through its line, every seat of take5bot's own deals gets the card
//! the bot gives its own view.
//!
//! The argument is a take5bot bot as its arena names them: `neural:WEIGHTS:0` is the
//! champion (net-attn.t5n, the transformer its web game plays) in raw policy, `:N` adds its
//! search over N sampled deals; also `greedy`, `mc:64`, `lowest`, `random`. Each line read is
//!
//!     SEED SEAT PLAYERS TURN HAND PLAYED ROWS PENALTIES TOTALS
//!
//! (see bench_vs_take5bot.py) and the line written is the card the bot plays. A bot draws
//! its chances from SEED only, so the same line gets the same card. At the end of its
//! input it tells on stderr how many decisions it made and their mean wall-clock time.

use std::io::{self, BufRead, Write};
use std::time::{Duration, Instant};

use take5_core::bots::BotSpec;
use take5_core::{SplitMix64, View, ROWS};

type CardSet = u128;

fn main() {
    let spec = std::env::args()
        .nth(1)
        .unwrap_or_else(|| fail("give the bot: neural:WEIGHTS:0, greedy, mc:64…"));
    let mut bot = BotSpec::parse(&spec)
        .unwrap_or_else(|| fail(&format!("not a take5bot bot: {spec}")))
        .build();
    let (mut decisions, mut spent) = (0u32, Duration::ZERO);
    let mut out = io::stdout().lock();
    for line in io::stdin().lock().lines() {
        let line = line.unwrap_or_else(|error| fail(&format!("cannot read a line: {error}")));
        let decision =
            Decision::parse(&line).unwrap_or_else(|| fail(&format!("not a decision: {line}")));
        let started = Instant::now();
        let card = bot.choose_card(&decision.view(), &mut SplitMix64::new(decision.seed));
        spent += started.elapsed();
        decisions += 1;
        writeln!(out, "{card}")
            .and_then(|_| out.flush())
            .unwrap_or_else(|_| std::process::exit(0));
    }
    let ms = spent.as_secs_f64() * 1000.0 / f64::from(decisions.max(1));
    eprintln!("take5bot {spec}: {decisions} decisions, {ms:.1} ms a decision");
}

fn fail(sentence: &str) -> ! {
    eprintln!("take5bot-answerer: {sentence}");
    std::process::exit(2)
}

/// One line of the protocol, what a seat sees when it chooses its card.
struct Decision {
    seed: u64,
    seat: u8,
    players: u8,
    turn: u8,
    hand: CardSet,
    played: CardSet,
    rows: [Vec<u8>; ROWS],
    penalties: Vec<u16>,
    totals: Vec<u16>,
}

impl Decision {
    fn parse(line: &str) -> Option<Decision> {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [seed, seat, players, turn, hand, played, rows, penalties, totals] = fields[..] else {
            return None;
        };
        let rows: Vec<Vec<u8>> = rows.split('|').map(numbers).collect::<Option<_>>()?;
        Some(Decision {
            seed: seed.parse().ok()?,
            seat: seat.parse().ok()?,
            players: players.parse().ok()?,
            turn: turn.parse().ok()?,
            hand: card_set(&numbers(hand)?)?,
            played: card_set(&numbers(played)?)?,
            rows: rows.try_into().ok()?,
            penalties: numbers(penalties)?,
            totals: numbers(totals)?,
        })
    }

    fn view(&self) -> View<'_> {
        View {
            player: self.seat,
            num_players: self.players,
            hand: self.hand,
            totals: &self.totals,
            played: self.played,
            rows: &self.rows,
            penalties: &self.penalties,
            turn: self.turn,
        }
    }
}

/// A comma-separated list, "-" for an empty one.
fn numbers<T: std::str::FromStr>(field: &str) -> Option<Vec<T>> {
    if field == "-" {
        return Some(Vec::new());
    }
    field.split(',').map(|number| number.parse().ok()).collect()
}

fn card_set(cards: &[u8]) -> Option<CardSet> {
    cards.iter().try_fold(0, |set: CardSet, &card| {
        (1..=104).contains(&card).then(|| set | 1 << (card - 1))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use take5_core::{Game, Phase};

    /// The line a seat's view makes, written as bench_vs_take5bot.py writes it.
    fn line(view: &View, seed: u64) -> String {
        fn listed<T: ToString>(numbers: impl Iterator<Item = T>) -> String {
            let joined: Vec<String> = numbers.map(|number| number.to_string()).collect();
            if joined.is_empty() {
                "-".into()
            } else {
                joined.join(",")
            }
        }
        let cards =
            |set: CardSet| listed((1..=104u8).filter(move |card| set >> (card - 1) & 1 == 1));
        let rows: Vec<String> = view.rows.iter().map(|row| listed(row.iter())).collect();
        let (penalties, totals) = (listed(view.penalties.iter()), listed(view.totals.iter()));
        let (seat, players, turn) = (view.player, view.num_players, view.turn);
        format!(
            "{seed} {seat} {players} {turn} {} {} {} {penalties} {totals}",
            cards(view.hand),
            cards(view.played),
            rows.join("|")
        )
    }

    /// Through its line, each seat of take5bot's own deals is given the card the bot gives
    /// its own view: the line carries all the bot looks at.
    #[test]
    fn a_line_makes_the_seats_own_view() {
        let weights = "take5bot/web/public/net-attn.t5n";
        for (spec, deals) in [
            ("greedy".to_string(), 3),
            ("mc:8".into(), 3),
            (format!("neural:{weights}:0"), 1),
        ] {
            let mut bot = BotSpec::parse(&spec).unwrap().build();
            for deal in 0..deals {
                let mut game = Game::deal(4, deal).unwrap();
                game.set_totals(&[deal as u16 * 7, 3, 0, 12]);
                while game.phase() != Phase::Terminal {
                    if let Phase::ChooseRow { player, card } = game.phase() {
                        let row = bot.choose_row(
                            &game.view(player.into()),
                            card,
                            &mut SplitMix64::new(0),
                        );
                        game.choose_row(row).unwrap();
                        continue;
                    }
                    let cards: Vec<u8> = (0..4)
                        .map(|seat| {
                            let seed = deal * 100 + u64::from(game.turn()) * 10 + seat as u64;
                            let own = bot.choose_card(&game.view(seat), &mut SplitMix64::new(seed));
                            let decision = Decision::parse(&line(&game.view(seat), seed)).unwrap();
                            let answered =
                                bot.choose_card(&decision.view(), &mut SplitMix64::new(seed));
                            assert_eq!(own, answered, "{spec}, deal {deal}, seat {seat}");
                            own
                        })
                        .collect();
                    game.play_cards(&cards).unwrap();
                }
            }
        }
    }
}
