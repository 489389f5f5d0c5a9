#!/usr/bin/env bash
# `make train` (issue 49; docs/bots.md, "The learned evaluation"): for each game, two
# generations of self-play and training. Generation 1: the normal search plays itself, a
# model is trained on those matches. Generation 2: the normal search with that model weighed
# into its leaf plays itself, a model is trained on both generations' matches. Each model is
# written into the game's bots/models/value.npz (what the package ships, what the expert
# preset reads) with its training command, the data's SHA-256 and its metrics.
#
# Usage: scripts/train.sh SKIRMISH GAMES WORKERS. Seeded (same seeds, same data, same
# models on the CPU); the self-play folders under out/learn are resumed.
set -euo pipefail
SKIRMISH=${1:-.venv/bin/skirmish}
GAMES=${2:-200}
WORKERS=${3:-2}
OUT=out/learn
mkdir -p out "$OUT"

# game, the self-play agent of generation 1, the leaf weight's parameter, the model file.
# ME:A's searches run on their iteration budgets (no seconds caps in self-play), so its
# normal preset's 300 turn iterations are brought to what its 0.4 s cap allows on this
# machine (some 20-60).
GAMES_TRAINED=(
  "eden|mcts:normal|learned|src/skirmish/games/eden/bots/models/value.npz"
  "masseffect|mcts:normal,me_iterations=24|me_learned|src/skirmish/games/masseffect/bots/models/value.npz"
)
WEIGHT=0.5

# Generation 2 also learns from heuristic self-play, ten times as many matches for a
# twentieth of the time (a few hundred search matches alone are learnt by heart: docs/bots.md,
# "The generations"), with a smaller step (1e-4).
HEURISTIC_GAMES=$((GAMES * 10))

for entry in "${GAMES_TRAINED[@]}"; do
  IFS='|' read -r game agent weight model <<<"$entry"
  mkdir -p "$(dirname "$model")"
  "$SKIRMISH" selfplay --game "$game" --agents "$agent" --games "$GAMES" --seed 1 \
    --workers "$WORKERS" --out "$OUT/gen1-$game" --resume --quiet
  "$SKIRMISH" train --data "$OUT/gen1-$game" --out "$model" --seed 1
  "$SKIRMISH" selfplay --game "$game" --agents "$agent,$weight=$WEIGHT" --games "$GAMES" \
    --seed 2 --workers "$WORKERS" --out "$OUT/gen2-$game" --resume --quiet
  "$SKIRMISH" selfplay --game "$game" --agents heuristic --games "$HEURISTIC_GAMES" \
    --seed 11 --workers "$WORKERS" --out "$OUT/gen0-$game-heuristic" --resume --quiet
  "$SKIRMISH" train --data "$OUT/gen1-$game" --data "$OUT/gen2-$game" \
    --data "$OUT/gen0-$game-heuristic" --out "$model" --seed 2 --learning-rate 0.0001
done
