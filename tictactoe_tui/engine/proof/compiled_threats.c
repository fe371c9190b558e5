/* The proof's threat searches compiled: bigboard/threats.py's vct (without zones or forks) and
   proof/threat_tree.py's threat trees and forced replies.

   The same searches, move for move: the same moves tried in the same order, the same nodes
   counted, the same wins and refutations remembered, the same trees and zones written, so that
   they answer exactly as the Python ones do, only sooner. They know no pattern of their own: what
   a mark makes along a line, what the four directions make together and what a cell is worth all
   come from the Python tables they are given (compiled.py). The board is built from the marks at
   each call and lives only for that call; what the searches remember lives in a memo the caller
   owns.

   Limits: five in a row (windows of nine cells along a line) on boards of at most 256 cells. */

#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CELLS 256
#define WORDS 4
#define REACH 4
#define SPAN (2 * REACH)
#define EMPTY 0
#define OFF 3
#define OPEN_THREE 5
#define FOUR 6
#define LEVELS 9
#define EXHAUSTED (1 << 30)
/* Classes, as patterns.py numbers them. */
#define MAKES_THREE 1
#define DOUBLE_THREE 2
#define MAKES_FOUR 3
#define FOUR_THREE 4
#define WINS_NEXT 5
#define MAKES_FIVE 6

static int cells_count;
static int16_t neighbour[MAX_CELLS][4][SPAN]; /* -1 off the board; offsets -4..-1, 1..4 */
static uint8_t levels[2][1 << 16];            /* by window code: the level of X's, O's mark */
static uint8_t kinds[LEVELS * LEVELS * LEVELS * LEVELS];
static int32_t worths[LEVELS * LEVELS * LEVELS * LEVELS];
static uint64_t zobrist[2][MAX_CELLS];
static const int places[4] = {LEVELS * LEVELS * LEVELS, LEVELS * LEVELS, LEVELS, 1};

typedef struct { uint64_t w[4]; } Set;

static Set windows[MAX_CELLS * 4]; /* every line of five cells */
static int windows_count;

/* Set up for one board size: the neighbours along each direction, the level tables, the class and
   worth tables and the position keys. */
void tt_init(int cells, const int16_t *neighbours, const uint8_t *x_levels, const uint8_t *o_levels,
             const uint8_t *kind_table, const int32_t *worth_table, const uint64_t *x_keys,
             const uint64_t *o_keys) {
    cells_count = cells;
    memcpy(neighbour, neighbours, sizeof(int16_t) * cells * 4 * SPAN);
    memcpy(levels[0], x_levels, 1 << 16);
    memcpy(levels[1], o_levels, 1 << 16);
    memcpy(kinds, kind_table, sizeof(kinds));
    memcpy(worths, worth_table, sizeof(worths));
    memcpy(zobrist[0], x_keys, sizeof(uint64_t) * cells);
    memcpy(zobrist[1], o_keys, sizeof(uint64_t) * cells);
    windows_count = 0;
    for (int cell = 0; cell < cells; cell++) {
        for (int direction = 0; direction < 4; direction++) {
            Set window = {{0}};
            window.w[cell >> 6] |= (uint64_t)1 << (cell & 63);
            int whole = 1;
            for (int at = REACH; at < SPAN; at++) { /* the offsets 1..4 */
                int other = neighbour[cell][direction][at];
                if (other < 0) { whole = 0; break; }
                window.w[other >> 6] |= (uint64_t)1 << (other & 63);
            }
            if (whole) windows[windows_count++] = window;
        }
    }
}

/* ---- the memo: wins found and positions refuted, by key ---- */

typedef struct {
    uint64_t key;
    int32_t refuted; /* threats within which there is no win; 0: none known */
    int16_t won_threats; /* 0: no win known */
    int16_t won_cell;
    int32_t won_plies;
    int32_t used;
} Entry;

typedef struct {
    Entry *entries;
    size_t capacity; /* a power of two */
    size_t count;
} Memo;

Memo *tt_memo_new(void) {
    Memo *memo = calloc(1, sizeof(Memo));
    if (!memo) return NULL;
    memo->capacity = 1 << 12;
    memo->entries = calloc(memo->capacity, sizeof(Entry));
    if (!memo->entries) { free(memo); return NULL; }
    return memo;
}

void tt_memo_free(Memo *memo) {
    if (!memo) return;
    free(memo->entries);
    free(memo);
}

size_t tt_memo_size(const Memo *memo) { return memo->count; }

static Entry *find(Memo *memo, uint64_t key) {
    size_t mask = memo->capacity - 1;
    size_t at = (size_t)(key ^ (key >> 29)) & mask;
    while (memo->entries[at].used && memo->entries[at].key != key) at = (at + 1) & mask;
    return &memo->entries[at];
}

static int grow(Memo *memo) {
    size_t old_capacity = memo->capacity;
    Entry *old = memo->entries;
    Entry *entries = calloc(old_capacity * 2, sizeof(Entry));
    if (!entries) return 0;
    memo->entries = entries;
    memo->capacity = old_capacity * 2;
    for (size_t at = 0; at < old_capacity; at++)
        if (old[at].used) *find(memo, old[at].key) = old[at];
    free(old);
    return 1;
}

/* The entry of ``key``, made if it is new; NULL when memory runs out. */
static Entry *entry(Memo *memo, uint64_t key) {
    Entry *found = find(memo, key);
    if (found->used) return found;
    if ((memo->count + 1) * 4 > memo->capacity * 3) {
        if (!grow(memo)) return NULL;
        found = find(memo, key);
    }
    found->used = 1;
    found->key = key;
    memo->count++;
    return found;
}

/* ---- the board ---- */

enum { FIVES, FOURS, WINNING, THREES };

typedef struct {
    uint8_t state[MAX_CELLS];
    uint16_t code[MAX_CELLS][4];
    int combo[2][MAX_CELLS];
    uint8_t kind[2][MAX_CELLS];
    int32_t score[2][MAX_CELLS];
    Set sets[2][4];
    Set marks[2];
    uint64_t key;
    int side;
    int moves; /* moves and passes made, as LineBoard.moves counts them */
} Board;

static inline void set_add(Set *set, int cell) { set->w[cell >> 6] |= (uint64_t)1 << (cell & 63); }
static inline void set_remove(Set *set, int cell) { set->w[cell >> 6] &= ~((uint64_t)1 << (cell & 63)); }
static inline int set_has(const Set *set, int cell) { return (set->w[cell >> 6] >> (cell & 63)) & 1; }

static inline int set_count(const Set *set) {
    int count = 0;
    for (int word = 0; word < WORDS; word++) count += __builtin_popcountll(set->w[word]);
    return count;
}

static inline int set_lowest(const Set *set) {
    for (int word = 0; word < WORDS; word++)
        if (set->w[word]) return word * 64 + __builtin_ctzll(set->w[word]);
    return -1;
}

static inline int set_empty(const Set *set) { return set_lowest(set) < 0; }

/* The sets a cell of ``kind`` belongs in, as LineBoard._sets_by_class has them. */
static void file_cell(Board *board, int side, int cell, int kind, int add) {
    Set *sets = board->sets[side];
    void (*apply)(Set *, int) = add ? set_add : set_remove;
    switch (kind) {
    case MAKES_FIVE: apply(&sets[FOURS], cell); apply(&sets[FIVES], cell); break;
    case WINS_NEXT: apply(&sets[FOURS], cell); apply(&sets[WINNING], cell); break;
    case MAKES_FOUR: case FOUR_THREE: apply(&sets[FOURS], cell); break;
    case MAKES_THREE: case DOUBLE_THREE: apply(&sets[THREES], cell); break;
    default: break;
    }
}

static inline int kept(int level) { return level >= OPEN_THREE ? level : 0; }

static void judge(Board *board, int cell) {
    for (int side = 0; side < 2; side++) {
        int combo = board->combo[side][cell];
        board->score[side][cell] = worths[combo];
        int before = board->kind[side][cell], after = kinds[combo];
        if (before != after) {
            file_cell(board, side, cell, before, 0);
            file_cell(board, side, cell, after, 1);
            board->kind[side][cell] = (uint8_t)after;
        }
    }
}

static void build(Board *board, const uint8_t *x_marks, const uint8_t *o_marks, int side, uint64_t key,
                  int moves) {
    memset(board, 0, sizeof(*board));
    for (int cell = 0; cell < cells_count; cell++) {
        if ((x_marks[cell >> 3] >> (cell & 7)) & 1) board->state[cell] = 1;
        else if ((o_marks[cell >> 3] >> (cell & 7)) & 1) board->state[cell] = 2;
        if (board->state[cell]) set_add(&board->marks[board->state[cell] - 1], cell);
    }
    for (int cell = 0; cell < cells_count; cell++) {
        for (int direction = 0; direction < 4; direction++) {
            uint16_t code = 0;
            for (int at = 0; at < SPAN; at++) {
                int other = neighbour[cell][direction][at];
                code |= (uint16_t)((other < 0 ? OFF : board->state[other]) << (2 * at));
            }
            board->code[cell][direction] = code;
            for (int s = 0; s < 2; s++) board->combo[s][cell] += kept(levels[s][code]) * places[direction];
        }
        if (board->state[cell] == EMPTY) judge(board, cell);
    }
    board->side = side;
    board->key = key;
    board->moves = moves;
}

/* A mark of ``side`` put on (``state`` 1 or 2) or taken off (``state`` EMPTY) ``cell``. */
static void change(Board *board, int cell, int side, int state) {
    board->state[cell] = (uint8_t)state;
    board->key ^= zobrist[side][cell];
    (state != EMPTY ? set_add : set_remove)(&board->marks[side], cell);
    if (state != EMPTY) {
        for (int s = 0; s < 2; s++) {
            file_cell(board, s, cell, board->kind[s][cell], 0);
            board->kind[s][cell] = 0;
            board->score[s][cell] = 0;
        }
    }
    for (int direction = 0; direction < 4; direction++) {
        for (int at = 0; at < SPAN; at++) {
            int other = neighbour[cell][direction][at];
            if (other < 0) continue;
            int shift = 2 * (SPAN - 1 - at);
            uint16_t was = board->code[other][direction];
            uint16_t now = (uint16_t)((was & ~(3u << shift)) | ((unsigned)state << shift));
            board->code[other][direction] = now;
            if (board->state[other] != EMPTY) continue;
            int moved = 0;
            for (int s = 0; s < 2; s++) {
                int difference = kept(levels[s][now]) - kept(levels[s][was]);
                if (difference) {
                    board->combo[s][other] += difference * places[direction];
                    moved = 1;
                }
            }
            if (moved) judge(board, other);
        }
    }
    if (state == EMPTY) judge(board, cell);
}

static inline void play(Board *board, int cell) {
    change(board, cell, board->side, board->side + 1);
    board->side ^= 1;
    board->moves++;
}

static inline void undo(Board *board, int cell) {
    board->side ^= 1;
    board->moves--;
    change(board, cell, board->side, EMPTY);
}

/* LineBoard.defences: the cells that answer ``side``'s threat to win next move. */
static Set defences(const Board *board, int side) {
    Set found = {{0}};
    const Set *winning = &board->sets[side][WINNING], *fours = &board->sets[side][FOURS];
    for (int cell = 0; cell < cells_count; cell++) {
        if (!set_has(winning, cell)) continue;
        set_add(&found, cell);
        int combo = board->combo[side][cell];
        for (int direction = 0; direction < 4; direction++) {
            if (combo / places[direction] % LEVELS < FOUR) continue;
            for (int at = 0; at < SPAN; at++) {
                int other = neighbour[cell][direction][at];
                if (other >= 0 && set_has(fours, other)) set_add(&found, other);
            }
        }
    }
    return found;
}

/* threats.by_worth: the cells of ``cells`` best first by both sides' scores, ties by cell. */
static int by_worth(const Board *board, const Set *cells, int *out) {
    int count = 0;
    for (int word = 0; word < WORDS; word++) {
        uint64_t bits = cells->w[word];
        while (bits) {
            int cell = word * 64 + __builtin_ctzll(bits);
            bits &= bits - 1;
            int worth = board->score[0][cell] + board->score[1][cell];
            int at = count++;
            while (at > 0) {
                int before = out[at - 1];
                int before_worth = board->score[0][before] + board->score[1][before];
                if (before_worth >= worth) break; /* ties stay in cell order */
                out[at] = before;
                at--;
            }
            out[at] = cell;
        }
    }
    return count;
}

/* ---- the search: threats._ThreatSearch.attack and defend ---- */

typedef struct {
    Board board;
    Memo *memo;
    int attacker;
    int cut_short;
    int killers[MAX_CELLS + 16];
    long long nodes, limit;
    jmp_buf abort;
    int failure; /* why the search was aborted: 1 out of nodes, 2 out of memory */
    int *tree;   /* a threat tree written out (tree_x) */
    size_t tree_length, tree_capacity;
} Search;

typedef struct { int cell, plies; } Found; /* cell -1: none */

static const Found NONE = {-1, 0};

static void fail(Search *search, int failure) {
    search->failure = failure;
    longjmp(search->abort, 1);
}

static inline void spend(Search *search) {
    if (search->nodes >= search->limit) fail(search, 1);
    search->nodes++;
}

static int defend(Search *search, int threats);

static Found attack(Search *search, int threats) {
    Board *board = &search->board;
    int attacker = search->attacker, defender = attacker ^ 1;
    spend(search);
    const Set *fives = &board->sets[attacker][FIVES];
    if (!set_empty(fives)) return (Found){set_lowest(fives), 1};
    const Set *blocks = &board->sets[defender][FIVES];
    int block_count = set_count(blocks);
    if (block_count > 1) return NONE;
    if (block_count == 1) {
        int block = set_lowest(blocks);
        play(board, block);
        int plies = defend(search, threats);
        undo(board, block);
        if (plies < 0) return NONE;
        return (Found){block, plies + 1};
    }
    if (!set_empty(&board->sets[attacker][WINNING]))
        return (Found){set_lowest(&board->sets[attacker][WINNING]), 3};
    if (threats == 0) { search->cut_short = 1; return NONE; }
    uint64_t key = board->key;
    Entry *known = find(search->memo, key);
    if (known->used) {
        int refuted = known->refuted;
        if (refuted >= threats) {
            search->cut_short = search->cut_short || refuted < EXHAUSTED;
            return NONE;
        }
        if (known->won_threats && known->won_threats <= threats)
            return (Found){known->won_cell, known->won_plies};
    }
    int outer_cut_short = search->cut_short;
    search->cut_short = 0;
    int marks = board->moves;
    int killer = search->killers[marks];
    Set candidates = board->sets[attacker][FOURS];
    for (int word = 0; word < WORDS; word++) candidates.w[word] |= board->sets[attacker][THREES].w[word];
    int moves[MAX_CELLS];
    int count = by_worth(board, &candidates, moves);
    if (killer >= 0) { /* the killer first, the others in their order */
        for (int at = 0; at < count; at++) {
            if (moves[at] != killer) continue;
            memmove(moves + 1, moves, sizeof(int) * at);
            moves[0] = killer;
            break;
        }
    }
    for (int at = 0; at < count; at++) {
        int cell = moves[at];
        play(board, cell);
        int plies = defend(search, threats - 1);
        undo(board, cell);
        if (plies >= 0) {
            search->killers[marks] = cell;
            Entry *won = entry(search->memo, key);
            if (!won) fail(search, 2);
            won->won_threats = (int16_t)threats;
            won->won_cell = (int16_t)cell;
            won->won_plies = plies + 1;
            search->cut_short = outer_cut_short;
            return (Found){cell, plies + 1};
        }
    }
    Entry *refuted = entry(search->memo, key);
    if (!refuted) fail(search, 2);
    refuted->refuted = search->cut_short ? threats : EXHAUSTED;
    search->cut_short = search->cut_short || outer_cut_short;
    return NONE;
}

/* The defender to move: the plies to the attacker's win against every defence, or -1. */
static int defend(Search *search, int threats) {
    Board *board = &search->board;
    int attacker = search->attacker, defender = attacker ^ 1;
    spend(search);
    if (!set_empty(&board->sets[defender][FIVES])) return -1;
    const Set *wins = &board->sets[attacker][FIVES];
    int win_count = set_count(wins);
    if (win_count > 1) return 2;
    if (win_count == 1) {
        int block = set_lowest(wins);
        play(board, block);
        Found found = attack(search, threats);
        undo(board, block);
        return found.cell < 0 ? -1 : found.plies + 1;
    }
    if (set_empty(&board->sets[attacker][WINNING]) || !set_empty(&board->sets[defender][WINNING])) return -1;
    Set answers = defences(board, attacker);
    for (int word = 0; word < WORDS; word++) answers.w[word] |= board->sets[defender][FOURS].w[word];
    int moves[MAX_CELLS];
    int count = by_worth(board, &answers, moves);
    int longest = 0;
    for (int at = 0; at < count; at++) {
        int cell = moves[at];
        play(board, cell);
        Found found = attack(search, threats);
        undo(board, cell);
        if (found.cell < 0) return -1;
        if (found.plies + 1 > longest) longest = found.plies + 1;
    }
    return longest;
}

/* threats.vct from the search's board, the side to move attacking: one _ThreatSearch, so its own
   killers, sharing the memo and the node count. */
static Found vct(Search *search, int max_threats) {
    search->attacker = search->board.side;
    for (int at = 0; at < MAX_CELLS + 16; at++) search->killers[at] = -1;
    for (int threats = 1; threats <= max_threats; threats++) {
        search->cut_short = 0;
        Found found = attack(search, threats);
        if (found.cell >= 0 || !search->cut_short) return found;
    }
    return NONE;
}

/* ---- threat trees: proof/threat_tree.py ---- */

#define X_SIDE 0
#define O_SIDE 1

static Set empty_cells(const Board *board) {
    Set empty = {{0}};
    for (int cell = 0; cell < cells_count; cell++)
        if (board->state[cell] == EMPTY) set_add(&empty, cell);
    return empty;
}

/* threat_tree.guard: the empty cells of every line without an X mark that holds ``limit`` O marks
   or more join the zone. */
static void guard(const Board *board, Set *zone, int limit) {
    const Set *x = &board->marks[X_SIDE], *o = &board->marks[O_SIDE];
    for (int at = 0; at < windows_count; at++) {
        const Set *window = &windows[at];
        int o_count = 0, x_found = 0;
        for (int word = 0; word < WORDS; word++) {
            x_found |= (window->w[word] & x->w[word]) != 0;
            o_count += __builtin_popcountll(window->w[word] & o->w[word]);
        }
        if (x_found || o_count < limit) continue;
        for (int word = 0; word < WORDS; word++)
            zone->w[word] |= window->w[word] & ~(x->w[word] | o->w[word]);
    }
}

/* threat_tree.after_fives: X's five-cells once X has played ``cell`` (whoever is to move). */
static Set after_fives(Board *board, int cell) {
    change(board, cell, X_SIDE, X_SIDE + 1);
    Set fives = board->sets[X_SIDE][FIVES];
    change(board, cell, X_SIDE, EMPTY);
    return fives;
}

static int overlap(const Set *one, const Set *other) {
    int count = 0;
    for (int word = 0; word < WORDS; word++) count += __builtin_popcountll(one->w[word] & other->w[word]);
    return count;
}

/* threat_tree._holds: whether O's ``reply`` loses at once. */
static int holds(Board *board, int reply, const Set *winners, const Set *zone) {
    play(board, reply);
    int lost = 0;
    if (set_empty(&board->sets[O_SIDE][FIVES])) {
        for (int winner = 0; winner < cells_count && !lost; winner++) {
            if (winner == reply || !set_has(winners, winner)) continue;
            Set fives = after_fives(board, winner);
            lost = overlap(&fives, zone) >= 2;
        }
    }
    undo(board, reply);
    return lost;
}

/* threat_tree.needed_replies, O to move: the replies that do not lose at once, in cell order, in
   ``needed``; their count, or -1 when X does not threaten. With ``zone`` (a threat tree's) it grows
   by what the rules and the guards lean on; without, the whole board is the zone. */
static int needed_replies(Board *board, Set *zone, int *needed) {
    if (!set_empty(&board->sets[O_SIDE][FIVES])) return -1;
    const Set *fives = &board->sets[X_SIDE][FIVES];
    if (!set_empty(fives)) {
        if (zone) {
            guard(board, zone, 3);
            for (int word = 0; word < WORDS; word++) zone->w[word] |= fives->w[word];
        }
        if (set_count(fives) != 1) return 0;
        needed[0] = set_lowest(fives);
        return 1;
    }
    Set winners = board->sets[X_SIDE][WINNING];
    if (set_empty(&winners)) return -1;
    Set leaned_on = winners;
    for (int winner = 0; winner < cells_count; winner++) {
        if (!set_has(&winners, winner)) continue;
        Set fives_after = after_fives(board, winner);
        for (int word = 0; word < WORDS; word++) leaned_on.w[word] |= fives_after.w[word];
    }
    Set zone_now;
    if (zone) {
        guard(board, zone, 2);
        for (int word = 0; word < WORDS; word++) zone->w[word] |= leaned_on.w[word];
        zone_now = *zone;
    } else {
        zone_now = empty_cells(board);
    }
    Set candidates = leaned_on;
    for (int word = 0; word < WORDS; word++) candidates.w[word] |= board->sets[O_SIDE][FOURS].w[word];
    int count = 0;
    for (int cell = 0; cell < cells_count; cell++)
        if (set_has(&candidates, cell) && !holds(board, cell, &winners, &zone_now)) needed[count++] = cell;
    return count;
}

static void emit(Search *search, int value) {
    if (search->tree_length == search->tree_capacity) {
        size_t capacity = search->tree_capacity ? search->tree_capacity * 2 : 1024;
        int *tree = realloc(search->tree, capacity * sizeof(int));
        if (!tree) fail(search, 2);
        search->tree = tree;
        search->tree_capacity = capacity;
    }
    search->tree[search->tree_length++] = value;
}

static int tree_o(Search *search, Set *zone, int max_threats);

/* threat_tree.build_x, X to move: the tree written out as ``move, -1`` for a five, else ``move, n``
   and n pairs of an O reply and its X node; 0 when none is found (then nothing of it counts). */
static int tree_x(Search *search, Set *zone, int max_threats) {
    Board *board = &search->board;
    const Set *fives = &board->sets[X_SIDE][FIVES];
    if (!set_empty(fives)) {
        int move = set_lowest(fives);
        guard(board, zone, 4);
        set_add(zone, move);
        emit(search, move);
        emit(search, -1);
        return 1;
    }
    const Set *blocks = &board->sets[O_SIDE][FIVES];
    int block_count = set_count(blocks);
    if (block_count > 1) return 0;
    int move;
    if (block_count == 1) {
        move = set_lowest(blocks);
    } else {
        Found found = vct(search, max_threats);
        if (found.cell < 0) return 0;
        move = found.cell;
    }
    guard(board, zone, 3);
    set_add(zone, move);
    emit(search, move);
    play(board, move);
    int built = tree_o(search, zone, max_threats);
    undo(board, move);
    return built;
}

static int tree_o(Search *search, Set *zone, int max_threats) {
    Board *board = &search->board;
    int needed[MAX_CELLS];
    int count = needed_replies(board, zone, needed);
    if (count < 0) return 0;
    emit(search, count);
    for (int at = 0; at < count; at++) {
        emit(search, needed[at]);
        play(board, needed[at]);
        int built = tree_x(search, zone, max_threats);
        undo(board, needed[at]);
        if (!built) return 0;
    }
    return 1;
}

/* bound.threat_plies of a tree tree_x wrote, from ``stream[*at]`` (an X node), against ``zone``: the
   most plies to X's five whatever O answers. */
static int plies_x(Board *board, const int *stream, size_t *at, const Set *zone) {
    int move = stream[*at], count = stream[*at + 1];
    *at += 2;
    if (count < 0) return 1;
    play(board, move);
    int five_in_zone = overlap(&board->sets[X_SIDE][FIVES], zone) > 0;
    Set unlisted = empty_cells(board);
    int longest = 0;
    for (int reply = 0; reply < count; reply++) {
        int cell = stream[(*at)++];
        set_remove(&unlisted, cell);
        play(board, cell);
        int below = plies_x(board, stream, at, zone);
        undo(board, cell);
        if (1 + below > longest) longest = 1 + below;
    }
    /* a reply the tree does not list loses in two plies to a five-cell in the zone, else in four */
    int least = set_empty(&unlisted) ? 0 : five_in_zone ? 2 : 4;
    undo(board, move);
    return 1 + (least > longest ? least : longest);
}

/* ---- what Python calls ----

   Every call takes the position as X's and O's marks (little-endian bitmasks), the side to move,
   the board's key and its count of moves and passes (LineBoard.key, len(LineBoard.moves)). The
   searches return 1 when they found what was asked, 0 when there is none, -1 when ``limit`` nodes
   ran out first and -2 when memory did; ``nodes`` gets the nodes spent either way. */

static Search *start(Memo *memo, const uint8_t *x_marks, const uint8_t *o_marks, int side, uint64_t key,
                     int moves, long long limit) {
    Search *search = calloc(1, sizeof(Search));
    if (!search) return NULL;
    build(&search->board, x_marks, o_marks, side, key, moves);
    search->memo = memo;
    search->limit = limit;
    return search;
}

static void finish(Search *search, long long *nodes) {
    *nodes = search->nodes;
    free(search->tree);
    free(search);
}

/* threats.vct: the winning move and its plies in ``result``. */
int tt_vct(Memo *memo, const uint8_t *x_marks, const uint8_t *o_marks, int side, uint64_t key,
           int moves, int max_threats, long long limit, int *result, long long *nodes) {
    Search *search = start(memo, x_marks, o_marks, side, key, moves, limit);
    if (!search) { *nodes = 0; return -2; }
    int answer = 0;
    if (setjmp(search->abort)) {
        answer = search->failure == 1 ? -1 : -2;
    } else {
        Found found = vct(search, max_threats);
        if (found.cell >= 0) {
            result[0] = found.cell;
            result[1] = found.plies;
            answer = 1;
        }
    }
    finish(search, nodes);
    return answer;
}

/* threat_tree.build_x, X to move: ``zone`` (a bitmask, as the marks) is the zone so far and grows;
   the tree, written as tree_x says, goes to a buffer of ours in ``tree`` and ``length``, which the
   caller frees with tt_free, and its bound against the grown zone to ``plies``. */
int tt_threat_tree(Memo *memo, const uint8_t *x_marks, const uint8_t *o_marks, int side, uint64_t key,
                   int moves, int max_threats, long long limit, uint8_t *zone, int **tree, size_t *length,
                   int *plies, long long *nodes) {
    Search *search = start(memo, x_marks, o_marks, side, key, moves, limit);
    *tree = NULL;
    *length = 0;
    if (!search) { *nodes = 0; return -2; }
    Set grown = {{0}};
    for (int cell = 0; cell < cells_count; cell++)
        if ((zone[cell >> 3] >> (cell & 7)) & 1) set_add(&grown, cell);
    int answer = 0;
    if (setjmp(search->abort)) {
        answer = search->failure == 1 ? -1 : -2;
    } else if (tree_x(search, &grown, max_threats)) {
        answer = 1;
        size_t at = 0;
        *plies = plies_x(&search->board, search->tree, &at, &grown);
        *tree = search->tree;
        *length = search->tree_length;
        search->tree = NULL;
        memset(zone, 0, (size_t)(cells_count + 7) / 8);
        for (int cell = 0; cell < cells_count; cell++)
            if (set_has(&grown, cell)) zone[cell >> 3] |= (uint8_t)(1 << (cell & 7));
    }
    finish(search, nodes);
    return answer;
}

void tt_free(int *tree) { free(tree); }

/* The numbers this file was written for, in the order compiled.py lists them, so that it can hold
   them against patterns.py's before any search runs: how many there are (at most ``room`` of them
   written to ``out``). */
int tt_numbers(int32_t *out, int room) {
    const int32_t numbers[] = {REACH, MAX_CELLS, EMPTY, OFF, OPEN_THREE, FOUR, LEVELS, MAKES_THREE,
                               DOUBLE_THREE, MAKES_FOUR, FOUR_THREE, WINS_NEXT, MAKES_FIVE};
    int count = (int)(sizeof(numbers) / sizeof(numbers[0]));
    memcpy(out, numbers, sizeof(numbers[0]) * (size_t)(count < room ? count : room));
    return count;
}

/* threat_tree.needed_replies without a zone, O to move: the count of replies written to ``needed``
   (room for every cell), or -1 when X does not threaten. */
int tt_forced(const uint8_t *x_marks, const uint8_t *o_marks, int side, uint64_t key, int moves,
              int *needed) {
    Board *board = malloc(sizeof(Board));
    if (!board) return -2;
    build(board, x_marks, o_marks, side, key, moves);
    int count = needed_replies(board, NULL, needed);
    free(board);
    return count;
}
