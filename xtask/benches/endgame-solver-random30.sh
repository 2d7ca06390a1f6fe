#!/bin/bash
# Times the release endgame-solver on the 30 random positions of endgame-solver-random30.txt
# (pieces|side, from test-support's random_position with task_material, fixed seed) at
# N = 20, 32 and 49, each with a 10 s limit (rc=124: no answer within it). Run from the root:
#   cargo build --release -p endgame-solver && xtask/benches/endgame-solver-random30.sh
# The tables: $ENDGAME_SOLVER_TABLES, else target/endgame-solver.tables.
set -u
bin=target/release/endgame-solver
export ENDGAME_SOLVER_TABLES=${ENDGAME_SOLVER_TABLES:-target/endgame-solver.tables}
list=$(dirname "$0")/endgame-solver-random30.txt
uptime
for n in 20 32 49; do
  while IFS='|' read -r pieces side; do
    out=$(printf '%s\n%s\n%s\n' "$pieces" "$side" "$n" |
      /usr/bin/time -f '%e s wall, %U s user' -o /tmp/es-random30.time timeout 10 "$bin" 2>&1)
    echo "$pieces $side N=$n rc=$? [$(tail -1 /tmp/es-random30.time)] ${out:0:60}"
  done < "$list"
done
