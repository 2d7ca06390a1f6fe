//! The fast solver: one AND/OR search per goal with a transposition table, cut-offs as soon as a
//! node is decided, quick bounds, and repetition handled without poisoning the table.
//!
//! # The endgame tables as bounds
//!
//! With tables ([`Solver::with_tables`]) a mate goal is a look-up: "X mates within d plies" is
//! exactly "X's distance to mate ≤ d" (see Repetition below for why repetition cannot change it).
//! The draw and horizon goals are still searched, and at every node the tables decide it
//! outright where these rules apply (`table_bound`); each is sound with any history:
//!
//! - **Black's draw, Black mates within d**: Black's fastest mate ends the game inside the horizon
//!   in Black's mate, or earlier in a draw by repetition; both are Black's goal. Holds.
//! - **Black's draw, the draw distance is at most d** ([`Kind::Draw`]): Black plays the
//!   table's fastest way to a stalemate, a dead position or a Black mate; with the history
//!   counted a line can only end sooner, in a draw by repetition, which is Black's goal too.
//!   Holds, whatever came before.
//! - **H for X, X's superiority distance exceeds d** ([`Kind::Superiority`]): the other side
//!   can keep every position of the next d plies free of X's superiority and of X's mate
//!   (repetitions aside; with them a line can only end sooner, in a draw). But H needs X's mate
//!   inside the horizon or X's superiority at it. Fails, whatever came before.
//! - **Black's draw, White mates at all** (any distance), when no position of the current
//!   segment occurs twice yet: White's fastest mate strictly decreases the distance every ply, so
//!   its positions are all different, each at most once more than before on the line (so at most
//!   twice: no third occurrence), none ends the game before the mate, and no dead position can
//!   precede a mate. So the game either ends in White's mate inside the horizon or is still on at
//!   the horizon: the goal fails. (With a position already twice on the line, the mate could run
//!   into its third occurrence, so the node is searched.)
//! - **H for X, the other side mates within d**: its fastest mate ends inside the horizon in its
//!   mate or in an earlier draw; neither is X's goal. Fails.
//! - **H for X, X mates within d**, no position twice yet: as above, the game ends in X's mate.
//!   Holds. And when X mates at all in a material where X keeps superiority
//!   ([`Material::keeps_superiority`]: every capture or promotion leads to such a material or to
//!   a dead one, where no mate can come), every position of X's fastest mate is one of X's
//!   superiority, so the game reaches the horizon with X superior or ends in X's mate. Holds.
//!
//! - **H for X, X reaches a held mate within d** ([`Kind::ReachHeld`]), when no position of
//!   the segment occurs twice yet: X plays the table's fastest way to a position where its held
//!   mate is finite (White: [`Kind::HeldMate`]; Black: its mate in KvKR), each ply shortening
//!   that distance, so these positions are all different; then the held mate's fastest line
//!   (each ply shortens its distance: all different again, and none of them is one of the
//!   first part, whose held mate is infinite). So no position of the continuation occurs twice
//!   in it, each at most once before: no third occurrence. The game ends in X's mate, or
//!   reaches the horizon (at least the first part's length away) in the second part, whose
//!   every position holds X's superiority (Black's mate in KvKR never gives up the rook: a lone
//!   king cannot mate). Holds.
//!
//! - **Black's draw, White keeps the game going along an order** (module `survival`), when
//!   White's moves in the segment so far kept to it (in the rook ending: since a later start
//!   the order allows, see its module docs): no position can occur a third time, and
//!   none of the next d plies ends in a stalemate, a dead position or Black's mate. Fails,
//!   whatever came before. (The keep tables in KRvKR and KRPvKR, elsewhere a search of its own
//!   with entries in the transposition table; tried at every node of a draw search with at
//!   least `FIRST_KEEP` plies left.)
//!
//! - **H for White without repetition, in KQvKR and KQvK**: the [`HorizonTable`] holds the
//!   value itself at every depth. It is built in memory once this search has met
//!   [`OnNeed::AFTER`] of its positions (a search that stays smaller never pays its
//!   1.3–1.6 s). With the history counted the search still runs where this value holds (see
//!   Repetition below: the game without repetition refutes first).
//!
//! Where a table cannot be read the rule is skipped (the node is searched), so a damaged file
//! costs time, never exactness; the caller reports the error ([`Solver::table_error`]).
//!
//! # Repetition
//!
//! A position's third occurrence on the line (the start counted once) is a draw. These facts keep
//! the table sound:
//!
//! - **Mate goals ignore repetition.** If X mates within d plies when repetitions are not
//!   counted, X also does when they are: X plays a fastest mate, so the distance to mate falls on
//!   every ply and no position of the continuation occurs twice; with the at most two positions
//!   played before it (the start, and the first move's position for the answer's pairs), no
//!   position reaches a third occurrence. The converse holds because a draw only takes lines away
//!   from X. So the value of a mate goal depends on the position and the depth alone.
//! - **Other goals key the table by the relevant history.** Only positions since the last
//!   capture or pawn move can recur, and of those only the ones that could still reach their
//!   third occurrence within the remaining plies, judged by a lower bound on the plies needed to
//!   get back to them (king distance, one or two rook or queen moves, same material and pawns).
//!   The value of a node is a function of its position, the remaining depth and that set with
//!   each position's count; the table key includes a hash of the set (0 when empty, by far the
//!   common case near the leaves), and the position itself is stored exactly.
//! - **A horizon goal is refuted without repetition first.** A strategy that forces X's
//!   horizon goal with repetitions counted lets no line end in a third occurrence (that is a
//!   draw, not X's goal), so it forces the goal in the game without repetition too. So where
//!   X's horizon goal fails in that game, it fails in the game, whatever came before. That
//!   game's values depend on the position and the depth alone, so its entries serve every line
//!   that reaches the position, where the history-aware search keys them by the line and, far
//!   from the horizon, rarely meets one again (`Kb1 Vg6 a3 Ke3 Vb3` at N = 40: 18 million
//!   nodes before, under 600,000 since). The history-aware search runs only where the goal
//!   holds without repetition.
//! - **Without relevant history, short horizons ignore repetition.** When that set is empty and
//!   fewer than `FIRST_TRIPLE` plies are left, no position can reach a third occurrence: the
//!   current one would have to come back twice, a new one to appear and come back twice, each
//!   return taking at least four plies. The game is then the one without repetition, whose
//!   draw goal the draw table answers exactly, and whose horizon goal the search without
//!   repetition answers.

use std::cmp::Reverse;

use small_board::{
    Color, Move, MoveList, Position, Role,
    mix::{GOLDEN_GAMMA, mix64},
};

use crate::{
    goal::{End, Goal, end_of, superiority},
    horizon_table::{HorizonTable, OnNeed},
    recurrence::{Placement, irreversible, min_plies},
    survival::{Keeper, ReplyStates, Tally, kept_after, kept_after_reply},
    table::{History, MoveHint, Table},
    tables::{
        Distance, Dtm, Kind, Material, TableError, Tables, keep,
        order::{FIRST_TRIPLE, Steps},
    },
};

/// The fewest plies left at which a draw search first tries to prove that White keeps the game
/// going (module `survival`); below, the search itself is cheaper.
const FIRST_KEEP: u32 = 6;

/// The fewest plies left at which a draw search also weighs how many of Black's replies the
/// keep table leaves unrefuted after each White move (a look-ahead that pays only far from the
/// horizon).
const DEEP_ORDER: u32 = 16;

/// How often (in searched nodes) the progress callback runs.
const PROGRESS_EVERY: u64 = 1 << 22;

/// Whether a search counts a position's third occurrence as a draw (the rules), or plays the
/// game without repetition, whose values depend on the position and the plies left alone (a
/// mate goal's always do: see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Repetition {
    Counted,
    Ignored,
}

/// A position on the current line and where its repetition segment starts.
#[derive(Clone, Copy, Debug)]
struct Node {
    pos: Position,
    /// Its pieces by square, for the repetition bound (computed once, read for every later
    /// position of the segment).
    placement: Placement,
    /// Index in the path of the first position after the last capture or pawn move.
    segment_start: usize,
    /// Index in the path of this position's first occurrence in the segment (its own index
    /// when it is new).
    first: usize,
    /// At a first occurrence: how often the position occurs on the path so far.
    count: u32,
    /// Whether some position of the segment, up to this one, occurs in it twice.
    repeated: bool,
    /// In the rook ending, the segment up to this position as the keep table reads it.
    steps: Option<Steps>,
    /// [`mix`] of each distinct position of the segment with its count, summed: the history
    /// key when every position is near enough to recur (see `Solver::history_key`).
    all_history: u64,
}

/// The fast solver. Keep one for a whole analysis: its table carries over between queries.
pub struct Solver {
    table: Table,
    tables: Option<Tables>,
    path: Vec<Node>,
    /// Per ply: the moves in search order.
    buffers: Vec<Vec<(i32, Move)>>,
    nodes: u64,
    progress: Option<Box<dyn FnMut(u64)>>,
    horizon: OnNeed,
}

impl std::fmt::Debug for Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("nodes", &self.nodes)
            .finish_non_exhaustive()
    }
}

impl Solver {
    /// A solver whose transposition table uses at most `memory` bytes.
    pub fn new(memory: usize) -> Solver {
        Solver {
            table: Table::new(memory),
            tables: None,
            path: Vec::new(),
            buffers: Vec::new(),
            nodes: 0,
            progress: None,
            horizon: OnNeed::never(),
        }
    }

    /// A solver that uses the `tables` (see the module docs for how) within `memory` bytes: up
    /// to a quarter for the transposition table, a sixteenth for the rest of the process,
    /// [`HorizonTable::PEAK`] for the horizon table where `memory` is at least four times that
    /// (else it is never built), and what is left for the table blocks held (but room for two
    /// blocks at least: a node reads the mate table and one other, and must not read them in
    /// turn). The blocks get the larger share: a search after a promotion reads three tables
    /// of a five-piece pawnless ending (115 MB each), and a block dropped is read again.
    pub fn with_tables(memory: usize, mut tables: Tables) -> Solver {
        let solver = Solver::new(memory / 4);
        let (horizon, horizon_bytes) = if memory >= 4 * HorizonTable::PEAK {
            (OnNeed::new(), HorizonTable::PEAK)
        } else {
            (OnNeed::never(), 0)
        };
        let blocks = memory - solver.table.max_bytes() - memory / 16 - horizon_bytes;
        tables.set_budget(blocks.max(2 * tables.largest_block()));
        Solver {
            tables: Some(tables),
            horizon,
            ..solver
        }
    }

    /// The first error met reading the tables, if any. An answer computed meanwhile is still
    /// exact (a value that cannot be read is searched instead), but the file is corrupt and
    /// the caller should say so.
    pub fn table_error(&mut self) -> Option<TableError> {
        self.tables.as_mut().and_then(Tables::take_error)
    }

    /// Bytes of table blocks read so far.
    pub fn table_bytes(&self) -> usize {
        self.tables.as_ref().map_or(0, Tables::loaded_bytes)
    }

    /// The distance to mate of `pos`, when the tables are there and hold it.
    pub fn dtm(&mut self, pos: &Position) -> Option<Dtm> {
        self.tables.as_mut()?.probe(pos)
    }

    /// The distance of `pos` in the table of `kind` (not [`Kind::Mate`]), when the tables are
    /// there and hold it.
    pub fn distance(&mut self, kind: Kind, pos: &Position) -> Option<Distance> {
        self.tables.as_mut()?.probe_distance(kind, pos)
    }

    /// Builds the [`HorizonTable`] once the search has met `met` positions it covers (by
    /// default [`OnNeed::AFTER`]; 0 builds it at the first), where the memory allows it. The
    /// answers are the same either way; tests use it to compare them with the table.
    pub fn build_horizon_table_after(&mut self, met: u64) {
        self.horizon.build_after(met);
    }

    /// Calls `report` with the number of nodes searched so far, every few million nodes.
    pub fn on_progress(&mut self, report: impl FnMut(u64) + 'static) {
        self.progress = Some(Box::new(report));
    }

    /// Nodes searched so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether `goal`'s player forces it within `plies` from the last position of `line`.
    ///
    /// `line` is the game from the start position (`line[0]`, counted once for repetition) to the
    /// position to judge, each following the one before by a legal move, and no position but
    /// the last ends the game. Mate goals ignore the line's repetitions: that is exact for lines
    /// of up to three positions (all the answer needs, see the module docs) and an upper bound
    /// after longer ones.
    ///
    /// # Panics
    ///
    /// If `line` is empty.
    pub fn wins(&mut self, goal: Goal, line: &[Position], plies: u32) -> bool {
        assert!(!line.is_empty(), "a line has at least the start position");
        let last = line[line.len() - 1];
        if let Goal::Mate(color) = goal
            && let Some(dtm) = self.dtm(&last)
        {
            // A fastest mate never repeats a position (see the module docs).
            return dtm.mates_within(color, plies);
        }
        self.path.clear();
        for pos in line {
            self.push(*pos);
        }
        // A bound that settles the whole query saves the shallower searches below.
        let repetition = repetition_in(goal);
        if plies > 0
            && !(repetition == Repetition::Counted && self.third_occurrence())
            && let Some(value) = self.table_bound(goal, repetition, plies)
        {
            return value;
        }
        // Iterative deepening: shallower searches fill the table with moves to try first, and
        // for the goals monotone in depth (mate, draw) a success settles it. Up to half the
        // plies only: a search costs about 1.8 times the one a ply shallower, so the last
        // depths would cost more than they save where the goal fails (most of all in the draw
        // searches that refute Black's repetitions).
        // (The horizon goal's entries are for one exact depth, so it gains nothing from them.)
        if !matches!(goal, Goal::Horizon(_)) {
            for depth in 1..=plies / 2 {
                if self.eval(goal, repetition, depth) {
                    return true;
                }
            }
        }
        self.eval(goal, repetition, plies)
    }

    /// Whether White keeps the game going for `plies` plies after `line` (see `wins`) while
    /// keeping to the order of the module `survival`: where it does, Black's draw goal
    /// fails (where it does not, nothing follows).
    pub fn keeps_going(&mut self, line: &[Position], plies: u32) -> bool {
        self.path.clear();
        for pos in line {
            self.push(*pos);
        }
        !self.third_occurrence() && self.white_keeps_going(plies)
    }

    /// [`Solver::keeps_going`] after the path.
    fn white_keeps_going(&mut self, plies: u32) -> bool {
        let node = &self.path[self.path.len() - 1];
        let segment = tally(&self.path[node.segment_start..]);
        Keeper {
            table: &mut self.table,
            tables: &mut self.tables,
            nodes: &mut self.nodes,
        }
        .keeps_after(&segment, node.steps.as_ref(), plies)
    }

    /// The value of the last position on the path.
    fn eval(&mut self, goal: Goal, repetition: Repetition, depth: u32) -> bool {
        let pos = self.path[self.path.len() - 1].pos;
        let counted = repetition == Repetition::Counted;
        if counted && self.third_occurrence() {
            return goal.accepts(End::Draw);
        }
        if depth == 0 {
            return leaf(goal, &pos);
        }
        if goal == Goal::Horizon(Color::White)
            && repetition == Repetition::Ignored
            && let Some(value) = self.horizon.wins(self.tables.as_mut(), &pos, depth)
        {
            return value;
        }
        let history = match repetition {
            Repetition::Counted => History::Counted(self.history_key(depth)),
            Repetition::Ignored => History::Ignored,
        };
        if let Some(value) = self.table_bound(goal, repetition, depth) {
            return value;
        }
        // No third occurrence can come within the plies left: the game is the one without
        // repetition, whose draw goal the draw table answers exactly, and whose horizon goal
        // the search without repetition answers (with entries that serve every line).
        let no_third = history == History::Counted(0) && depth < FIRST_TRIPLE;
        if goal == Goal::Draw
            && no_third
            && let Some(distance) = self.distance(Kind::Draw, &pos)
        {
            return distance.within(depth);
        }
        if matches!(goal, Goal::Horizon(_)) && no_third {
            return self.eval(goal, Repetition::Ignored, depth);
        }
        // A node one ply above the horizon is cheaper to search again than to look up.
        let use_table = depth > 1;
        // Only positions that did not end the game are stored, so a hit needs no end test.
        let mut hint = MoveHint::NONE;
        if use_table {
            let (value, stored_hint) = self.table.lookup(goal, &pos, history, depth);
            if let Some(value) = value {
                return value;
            }
            hint = stored_hint;
        }
        // A draw only takes lines away from the horizon goal's player: where the goal fails
        // without repetition, it fails with it.
        if counted
            && matches!(goal, Goal::Horizon(_))
            && !self.eval(goal, Repetition::Ignored, depth)
        {
            if use_table {
                self.table
                    .store(goal, &pos, history, depth, false, MoveHint::NONE);
            }
            return false;
        }
        if goal == Goal::Draw && depth >= FIRST_KEEP && self.white_keeps_going(depth) {
            if use_table {
                self.table
                    .store(goal, &pos, history, depth, false, MoveHint::NONE);
            }
            return false;
        }
        let mut moves = MoveList::new();
        pos.legal_moves_into(&mut moves);
        if let Some(end) = end_of(&pos, moves.len()) {
            return goal.accepts(end);
        }
        if let Some(value) = quick_bound(goal, &pos, depth) {
            return value;
        }
        // Black's superiority needs every white piece but the king captured, one black move
        // each; when too few remain only a mate wins, and mate ignoring repetition is an upper
        // bound on mate with it (a draw only takes lines away from Black).
        if goal == Goal::Horizon(Color::Black) {
            let black_moves = if pos.turn() == Color::Black {
                depth.div_ceil(2)
            } else {
                depth / 2
            };
            let white_pieces = pos.board().by_color(Color::White).count() - 1;
            if black_moves < white_pieces
                && !self.eval(Goal::Mate(Color::Black), Repetition::Ignored, depth)
            {
                return false;
            }
        }
        let (value, decided_by) = self.search(goal, repetition, &pos, &moves, depth, hint);
        if use_table {
            self.table
                .store(goal, &pos, history, depth, value, decided_by);
        }
        value
    }

    /// The value of a position that has not ended, with its legal moves, by trying them (`hint`
    /// first), and the move that decided it, if one did.
    fn search(
        &mut self,
        goal: Goal,
        repetition: Repetition,
        pos: &Position,
        moves: &MoveList,
        depth: u32,
        hint: MoveHint,
    ) -> (bool, MoveHint) {
        self.nodes += 1;
        if self.nodes.is_multiple_of(PROGRESS_EVERY)
            && let Some(report) = &mut self.progress
        {
            report(self.nodes);
        }
        let player_moves = pos.turn() == goal.player();
        let ply = self.path.len();
        if self.buffers.len() <= ply {
            self.buffers.resize_with(ply + 1, Vec::new);
        }
        let mut order = std::mem::take(&mut self.buffers[ply]);
        order.clear();
        // The segment as the keep tables read it, counted once for all of White's moves.
        let node = &self.path[ply - 1];
        let segment = (goal == Goal::Draw && !player_moves && self.tables.is_some())
            .then(|| tally(&self.path[node.segment_start..]));
        for &m in moves.iter() {
            let first = if MoveHint::of(m) == hint { 1000 } else { 0 };
            let mut s = first + score(goal, pos, m, player_moves);
            if let Goal::Horizon(x) = goal {
                // The player tries the table's fastest way to superiority first, the defender
                // the move that keeps it furthest away (for ever first).
                // (The tables themselves, not `self.distance`: `segment` borrows the path.)
                let tables = self.tables.as_mut();
                let child = pos.play(m);
                let distance =
                    match tables.and_then(|t| t.probe_distance(Kind::Superiority(x), &child)) {
                        Some(Distance(Some(d))) => d.min(100) as i32,
                        _ => 101,
                    };
                s += if player_moves {
                    101 - distance
                } else {
                    distance
                };
            }
            // Refuting Black's draw takes one White move that keeps the game going: those the
            // keep table says keep it longest first; far from the horizon, each of Black's
            // replies the table leaves unrefuted counts as a ply less. Among equals, the moves
            // to a position the segment has not seen yet first (one seen gives Black a
            // repetition to aim at: 15-25% fewer nodes in the knight endings, which have no
            // keep table).
            if goal == Goal::Draw && !player_moves {
                let child = pos.play(m);
                if let (Some(segment), Some(tables)) = (&segment, self.tables.as_mut())
                    && m.capture.is_none()
                    && m.role != Role::Pawn
                {
                    let deep = (depth >= DEEP_ORDER).then(|| depth - 2);
                    s += keep_score(tables, segment, node.steps, &child, depth - 1, deep);
                }
                let seen = self.path[node.segment_start..]
                    .iter()
                    .filter(|n| n.pos.same_as(&child))
                    .count();
                s = 4 * s - seen.min(3) as i32;
            }
            order.push((s, m));
        }
        order.sort_by_key(|&(s, _)| Reverse(s));
        // An OR node (the player moves) succeeds at its first success; an AND node fails at its
        // first failure.
        let mut value = !player_moves;
        let mut decided_by = MoveHint::NONE;
        for &(_, m) in &order {
            self.push(pos.play(m));
            let child_value = self.eval(goal, repetition, depth - 1);
            self.pop();
            if child_value == player_moves {
                value = child_value;
                decided_by = MoveHint::of(m);
                break;
            }
        }
        self.buffers[ply] = order;
        (value, decided_by)
    }

    /// Puts `pos`, which follows the last position of the path by a move, on the path.
    fn push(&mut self, pos: Position) {
        let index = self.path.len();
        let mut node = Node {
            pos,
            placement: Placement::of(&pos),
            segment_start: index,
            first: index,
            count: 1,
            repeated: false,
            steps: None,
            all_history: mix(pos.key(), 1),
        };
        if let Some(parent) = self.path.last()
            && !irreversible(&parent.pos, &pos)
        {
            node.segment_start = parent.segment_start;
            node.repeated = parent.repeated;
            node.steps = parent.steps;
            let before = parent.all_history;
            node.all_history = before.wrapping_add(node.all_history);
            let earlier = (node.segment_start..index).find(|&i| self.path[i].pos.same_as(&pos));
            if let Some(first) = earlier {
                node.first = first;
                node.repeated = true;
                let count = &mut self.path[first].count;
                node.all_history = before
                    .wrapping_sub(mix(pos.key(), *count))
                    .wrapping_add(mix(pos.key(), *count + 1));
                *count += 1;
            }
            if let Some(steps) = &mut node.steps {
                steps.push(&pos, earlier.is_some());
            }
        } else if Material::of(pos.board()) == Some(keep::MATERIAL) {
            let mut steps = Steps::EMPTY;
            steps.push(&pos, false);
            node.steps = Some(steps);
        }
        self.path.push(node);
    }

    /// Takes the last position off the path.
    fn pop(&mut self) {
        if let Some(node) = self.path.pop()
            && node.first != self.path.len()
        {
            self.path[node.first].count -= 1;
        }
    }

    /// What the tables decide about `goal` at the last position of the path with `depth` plies
    /// left, if anything (see the module docs for why each rule is sound).
    fn table_bound(&mut self, goal: Goal, repetition: Repetition, depth: u32) -> Option<bool> {
        let node = self.path[self.path.len() - 1];
        // The winner's fastest line cannot meet a third occurrence unless some position of
        // the segment already occurs twice (or repetition is ignored).
        let fresh = repetition == Repetition::Ignored || !node.repeated;
        match goal {
            Goal::Draw => return self.tables.as_mut()?.black_draw(&node.pos, depth, fresh),
            Goal::Horizon(x)
                if self.within(Kind::Superiority(x), &node.pos, depth) == Some(false) =>
            {
                return Some(false);
            }
            // X's fastest way to a held mate, then the held mate: no position repeats, and from
            // the held mate on every one holds superiority (see the module docs).
            Goal::Horizon(x)
                if fresh && self.within(Kind::ReachHeld(x), &node.pos, depth) == Some(true) =>
            {
                return Some(true);
            }
            _ => {}
        }
        let dtm = self.dtm(&node.pos)?;
        if let Goal::Mate(color) = goal {
            return Some(dtm.mates_within(color, depth));
        }
        let Dtm::Mate(winner, plies) = dtm else {
            return None;
        };
        match goal {
            Goal::Mate(_) | Goal::Draw => unreachable!("handled above"),
            Goal::Horizon(x) if winner == x => {
                let keeps = Material::of(node.pos.board()).is_some_and(|m| m.keeps_superiority(x));
                (fresh && (plies <= depth || keeps)).then_some(true)
            }
            Goal::Horizon(_) => (plies <= depth).then_some(false),
        }
    }

    /// Whether the forcer of `kind` forces its goal from `pos` within `plies`, if the tables
    /// say.
    fn within(&mut self, kind: Kind, pos: &Position, plies: u32) -> Option<bool> {
        Some(self.distance(kind, pos)?.within(plies))
    }

    /// Whether the last position on the path occurs for the third time.
    fn third_occurrence(&self) -> bool {
        let node = &self.path[self.path.len() - 1];
        self.path[node.first].count >= 3
    }

    /// A hash of the positions of the current segment that could still reach their third
    /// occurrence within `depth` plies, with their counts; 0 when there are none.
    fn history_key(&self, depth: u32) -> u64 {
        let last = &self.path[self.path.len() - 1];
        // Deep enough, every position of the segment counts (all are reachable from any
        // other: same material and pawns) but the current one while it occurs once.
        if depth >= last.placement.farthest_return() + 4 {
            let current = &self.path[last.first];
            let alone = if current.count == 1 {
                mix(current.pos.key(), 1)
            } else {
                0
            };
            return last.all_history.wrapping_sub(alone);
        }
        self.history_key_scan(depth)
    }

    /// [`Solver::history_key`], position by position.
    fn history_key_scan(&self, depth: u32) -> u64 {
        let last = &self.path[self.path.len() - 1];
        let mut key = 0u64;
        // Each position once, at its first occurrence, with its count.
        for (i, node) in self.path.iter().enumerate().skip(last.segment_start) {
            if node.first != i {
                continue;
            }
            let is_current = i == last.first;
            let first_return = if is_current {
                4
            } else {
                match min_plies(&last.placement, &node.placement) {
                    Some(plies) => plies,
                    None => continue,
                }
            };
            if first_return > depth {
                continue;
            }
            let count = node.count;
            if is_current && count == 1 {
                continue; // the default: the position occurs once
            }
            // Each later return to the same position takes at least four plies.
            let needed = 3u32.saturating_sub(count).max(1);
            if first_return + 4 * (needed - 1) <= depth {
                key = key.wrapping_add(mix(node.pos.key(), count));
            }
        }
        key
    }
}

/// How the search of `goal` under the rules treats repetition: a mate goal's value never
/// depends on it (see the module docs).
fn repetition_in(goal: Goal) -> Repetition {
    match goal {
        Goal::Mate(_) => Repetition::Ignored,
        Goal::Draw | Goal::Horizon(_) => Repetition::Counted,
    }
}

/// How far the keep table shows `child` (a White move after the last position of `segment`,
/// the current repetition segment with its [`Steps`] `steps`, reversible) refuting Black's draw:
/// its byte after the segment (see [`kept_after`]; 0 where the table does not say; once it
/// shows White keeping the game going the `left` plies after the move, which refutes the draw
/// at the child, a byte that does), and with `plies` (far from the horizon) less one for each
/// of Black's replies after which the table does not show White keeping the game going for
/// `plies` plies (captures always count).
fn keep_score(
    tables: &mut Tables,
    segment: &Tally,
    steps: Option<Steps>,
    child: &Position,
    left: u32,
    plies: Option<u32>,
) -> i32 {
    // Each reply with whether it captures (declared before the segment that will refer to
    // them, made once they are needed).
    let mut replies: Vec<(bool, Position)> = Vec::new();
    let mut segment = segment.fork();
    let before = segment.push(child);
    let child_steps = steps.map(|mut steps| {
        steps.push(child, before);
        steps
    });
    let keep = kept_after(tables, &segment, child_steps.as_ref(), Some(left));
    let kept = keep.map_or(0, |keep| i32::from(keep.0));
    let refutes = keep.is_some_and(|keep| keep.keeps(left));
    let Some(plies) = plies.filter(|_| kept > 0 && !refutes) else {
        return kept;
    };
    replies.extend(
        child
            .legal_moves()
            .into_iter()
            .map(|r| (r.capture.is_some(), child.play(r))),
    );
    let reply_states = ReplyStates::of(&segment);
    let mut unrefuted = 0;
    for (capture, grandchild) in &replies {
        let refuted = !capture && {
            let before = segment.push(grandchild);
            let steps = child_steps.map(|mut steps| {
                steps.push(grandchild, before);
                steps
            });
            let reply = (reply_states, before);
            let keep = kept_after_reply(tables, &segment, steps.as_ref(), Some(plies), reply);
            segment.pop();
            keep.is_some_and(|keep| keep.keeps(plies))
        };
        unrefuted += i32::from(!refuted);
    }
    kept - unrefuted
}

/// A repetition segment of the path (its nodes from the segment's start) for the keep tables,
/// counted from the counts its first occurrences carry.
fn tally(segment: &[Node]) -> Tally<'_> {
    let start = segment.first().map_or(0, |n| n.segment_start);
    Tally::of_counted(
        segment
            .iter()
            .enumerate()
            .map(|(i, n)| (&n.pos, (n.first == start + i).then_some(n.count))),
    )
}

fn mix(key: u64, count: u32) -> u64 {
    mix64(key ^ u64::from(count).wrapping_mul(GOLDEN_GAMMA))
}

/// The value of a position at the horizon (no plies left) that has not ended by repetition.
fn leaf(goal: Goal, pos: &Position) -> bool {
    let player = goal.player();
    let mated_by_player = || pos.turn() != player && pos.is_check() && !pos.has_legal_moves();
    match goal {
        Goal::Mate(_) => mated_by_player(),
        Goal::Horizon(x) => {
            if superiority(pos.board()) == Some(x) {
                // Superiority means a heavy piece, so the position is not dead; it only fails
                // if the game ended in a stalemate or in X's own mate.
                pos.has_legal_moves() || (pos.is_check() && pos.turn() != x)
            } else {
                mated_by_player()
            }
        }
        Goal::Draw => {
            let moves = usize::from(pos.has_legal_moves());
            end_of(pos, moves).is_some_and(|end| goal.accepts(end))
        }
    }
}

/// Answers that need no search.
fn quick_bound(goal: Goal, pos: &Position, depth: u32) -> Option<bool> {
    match goal {
        Goal::Mate(x) | Goal::Horizon(x) if pos.board().by_color(x).count() == 1 => Some(false),
        // The defender moves, then the player needs a move to mate.
        Goal::Mate(x) if pos.turn() != x && depth < 2 => Some(false),
        _ => None,
    }
}

/// Move ordering: captures, promotions and checks first.
fn score(goal: Goal, pos: &Position, m: Move, player_moves: bool) -> i32 {
    let value = |role: Role| match role {
        Role::Queen => 9,
        Role::Rook => 5,
        Role::Bishop | Role::Knight => 3,
        Role::Pawn => 1,
        Role::King => 0,
    };
    let mut s = 0;
    if let Some(captured) = m.capture {
        s += 20 + value(captured);
    }
    if let Some(role) = m.promotion {
        s += 10 + value(role);
    }
    if !player_moves && goal == Goal::Draw && m.role == Role::Pawn {
        s += 30;
    }
    if player_moves && matches!(goal, Goal::Mate(_) | Goal::Horizon(_)) && pos.play(m).is_check() {
        s += 15;
    }
    s
}

#[cfg(test)]
mod tests {
    use small_board::Rules;

    use super::*;

    fn after(pos: &Position, uci: &str) -> Position {
        let m = pos
            .legal_moves()
            .into_iter()
            .find(|m| m.to_string() == uci)
            .unwrap();
        pos.play(m)
    }

    /// A third occurrence ends the game as a draw: good for Black's draw goal, a failure for
    /// White's horizon goal even with a rook up; and the results that depended on that history
    /// do not leak into later searches of the same position without it.
    #[test]
    fn repetition_draws_and_does_not_poison_the_table() {
        let start = Position::from_fen("7/7/7/3k3/7/7/K5R w", Rules::TASK).unwrap();
        let mut line = vec![start];
        for uci in [
            "a1b1", "d4d5", "b1a1", "d5d4", "a1b1", "d4d5", "b1a1", "d5d4",
        ] {
            let next = after(&line[line.len() - 1], uci);
            line.push(next);
        }
        assert_eq!(line[8], start);
        let mut solver = Solver::new(1 << 22);
        assert!(solver.wins(Goal::Draw, &line, 0));
        assert!(!solver.wins(Goal::Horizon(Color::White), &line, 0));
        assert!(solver.wins(Goal::Horizon(Color::White), &[start], 0));
        // Second occurrences near the end of a line: deep searches from there, then fresh ones.
        let mut fresh = Solver::new(1 << 22);
        for depth in 0..7 {
            for goal in [Goal::Draw, Goal::Horizon(Color::White)] {
                let _ = solver.wins(goal, &line[..5], depth);
                let _ = solver.wins(goal, &line[..7], depth);
                assert_eq!(
                    solver.wins(goal, &[start], depth),
                    fresh.wins(goal, &[start], depth),
                    "{goal:?} at depth {depth}"
                );
            }
        }
    }

    /// The path's counts give the keep tables the same tally as counting the segment afresh,
    /// along lines that go back and forth, and after positions are taken off the path again.
    #[test]
    fn the_paths_tally_and_history_key_are_the_segments() {
        let mut rng = test_support::Rng::new(2711);
        let mut solver = Solver::new(1 << 20);
        for _ in 0..200 {
            let start = test_support::positions::random_position(
                &mut rng,
                test_support::positions::task_material,
            );
            let line = test_support::positions::walk_with_repeats(&mut rng, start, 30, |_| true);
            solver.path.clear();
            for (k, pos) in line.iter().enumerate() {
                solver.push(*pos);
                if k % 3 == 2 {
                    // Off and on again: the counts must come back.
                    solver.pop();
                    solver.push(*pos);
                }
                let node = &solver.path[solver.path.len() - 1];
                let segment = &solver.path[node.segment_start..];
                let expected = Tally::of(segment.iter().map(|n| &n.pos));
                assert_eq!(tally(segment), expected);
                // The history key kept along the path is the one counted position by position.
                for depth in [1, 4, 9, 16, 21, 25, 30, 40] {
                    assert_eq!(
                        solver.history_key(depth),
                        solver.history_key_scan(depth),
                        "{depth}"
                    );
                }
            }
        }
    }
}
