#pragma once
// The broken-profile dynamic programme behind exact_count, exact_sampler and
// exact_density.
//
// Cells are visited in scan order. Before cell (r, c) a state records:
//   code[j] for every column j: what the cell just above the frontier holds
//     (row r for j < c, row r-1 for j >= c): 0 water (or, under the touching
//     rule, any cell with nothing running down), 1 a ship cell with nothing
//     running down (the contact rules need it), k+1 a vertical ship with k
//     cells still to place below;
//   h: cells still to place to the east of the current horizontal ship;
//   ul: whether the cell up-left of (r, c) is a ship cell (no-contact only,
//     since code[c-1] has already moved on to row r);
//   the number of still unplaced ships of each type, in mixed radix.
// A ship is placed when it starts: its start cell and direction fix it, so
// every whole-placement predicate (in bounds, misses, sunk announcements, a
// user weight) is one table lookup then; the cells it covers later are forced.
// Contact is checked cell by cell against the four earlier neighbours
// (west, north-west, north, north-east), which covers every adjacent pair.
//
// States are packed into one unsigned integer Key, most significant first:
// the profile as a queue (code[c-1], the newest, on top ... code[c], the one
// this cell consumes, at the bottom), then h, ul and the counts. Each layer is
// kept sorted by key. A step pops code[c] and pushes the cell's new code on
// top, so a successor's key is (new code, Q, ...) where Q, the rest of the
// profile, was the top of its predecessor's key: walking the sorted layer
// chunk by chunk of equal Q, every successor of a chunk shares its Q, so the
// chunk's successors only need ordering among themselves: an insertion sort
// when they are few (most chunks are a single state with one successor), a
// small dense table indexed by the rest of the key (new code, h, ul, counts)
// when they are many. Summed, they are appended to one output stream per new
// code; the streams in order are the next layer, sorted, with sequential
// memory access and no global sort or hash table.
// Values are 64-bit while they fit (a wrap is detected and the pass redone in
// 128 bits). With layers kept, each edge remembers its successor's index (and
// whether it covers its cell), so the backward pass and the sampler read
// successors directly. When those tables would pass a quarter of the memory
// limit (three quarters for a sampler that also draws one at a time), the
// rest of the pass keeps only checkpoint layers, and the backward pass, then
// each batch of draws, recomputes each stretch between two checkpoints.
// For the occupancy alone the completions roll through two buffers, and a
// problem that reads the same bottom to top (any empty board) keeps only
// the bottom half of the tables and mirrors the occupancy. The forward pass steps two cells at a
// time wherever it can: where no edges are kept (a count alone, that top
// half, between checkpoints) only every other layer is built, and where they
// are kept an edge is a path over two cells with a flag for each cell it
// covers, so only every other layer is kept (a 16x16 matrix needs about
// 0.8 GiB since absorption, below).
//
// A problem that reads the same right to left (any empty board) keeps, at
// every row boundary, one state of each pair of mirror images, their values
// summed: both have the same completions. Every pass then expands about
// half the states (fold_mirror_images). An edge into a state folded into
// its mirror image is flagged, and a draw that has crossed an odd number of
// such edges maps the ships it places back to the mirror images.
//
// A successor with every ship placed has exactly one completion (its running
// ships run out, every other cell is water, and every check was made when
// its ships started), so it is absorbed: its value joins the total instead
// of a layer, its edges name `absorbed`, and for the occupancy the cells its
// ships still cover are tallied (tally_absorbed). On the empty 10x10 board
// (touching allowed) half the states a pass visited were such states.
// A successor with one ship left is absorbed as well (an end): its
// completions are the weighted number of placements of that ship in the
// cells its running ships and the earlier ships leave open, which
// last_ship.hpp computes from a few table lookups (those cells form a
// skyline). Its value times its completions joins the total; for the
// occupancy the running ships are tallied as above and the last ship's
// open rows are accumulated (last_ship_tables), and the edges into an end
// name it after the next layer's states, whose completions backward()
// appends. A draw that reaches an end picks the last ship's placement.
// That leaves about a fifth of the states on an empty 10x10 board.
// With lanes and touching allowed, a successor with two
// ships left and no hit ahead is an end too: its completions are the
// ordered pairs of open placements less those that overlap, from
// two_ship.hpp's tables, and for the occupancy it notes the derivatives of
// the overlaps, which two_ship_tables::finish() turns into cells. The
// empty 10x10 matrix under Park's rules then takes a third fewer
// instructions (RESULTS.md, session 25). With a hit ahead it is an end as
// well: one of its ships covers the first hit, so its completions run
// over the few placements through it (push_two_ship_end; session
// 26). The sampler never takes these.
//
// A count and the occupancy may merge the states that differ only in their
// unplaced ships: keyed by (profile, h, ul, ships left), each key carries a
// value per set of unplaced ships of that size, its lanes
// (unplaced_lanes.hpp; step_lanes). A start moves the lanes through a
// table, times its weight; pruning clears lanes; an end computes its view
// of the skyline once for all its lanes; an edge records the types its path
// starts and their directions, through which backward_step_lanes maps the
// lanes back and finds their weights. About three states share a key on a
// 10x10 board. The sampler's tables keep one state per set.
//
// Pruning: a successor is dropped as soon as its unplaced ships cannot fit in
// the unshot cells left, or the hits ahead that no ship already running down
// or east will cover cannot be covered by the unplaced ships (see
// hits_coverable). After a few hits this removes most states, which would
// otherwise survive until the hit they cannot cover. Under the contact
// rules no placement touching a hit it does not cover starts at all
// (make_profile_problem): no layout holds one.
// Merging: under the contact rules a ship cell's code that forbids only
// cells no placement can cover is cleared once read, so that states
// differing only there share a key (live_codes_, see reset()); and under
// no contact, at each row boundary and once in each row, states whose codes
// forbid the same cells of the next row merge (merge_closed_rows).

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <random>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <battleship/core/fleet.hpp>
#include <battleship/count/count_result.hpp>
#include <battleship/count/detail/checked_arithmetic.hpp>
#include <battleship/count/detail/last_ship.hpp>
#include <battleship/count/detail/profile_problem.hpp>
#include <battleship/count/detail/two_ship.hpp>
#include <battleship/count/detail/unplaced_lanes.hpp>
#include <battleship/detail/byte_size.hpp>
#include <battleship/detail/random.hpp>

namespace battleship::detail {

__extension__ using wide_key = unsigned __int128;

// What a step does to its cell; values >= 0 mean "a ship of type k/2 starts
// here going east (k even) or south (k odd)".
inline constexpr int step_water = -1;
inline constexpr int step_covered = -2;  // a cell of a ship that started earlier

// Uniform integer in [0, n) for n up to 2^128 - 1, built on uniform_below.
template <std::uniform_random_bit_generator Rng>
[[nodiscard]] count_type uniform_below_wide(Rng& rng, count_type n) {
  if ((n >> 64) == 0) return uniform_below(rng, static_cast<std::uint64_t>(n));
  const auto high_range = static_cast<std::uint64_t>((n - 1) >> 64) + 1;
  for (;;) {
    // Separate statements: the order of two draws inside one expression is unspecified.
    const count_type hi = uniform_below(rng, high_range);
    const count_type mid = uniform_below(rng, std::uint64_t{1} << 32);
    const count_type lo = (mid << 32) | uniform_below(rng, std::uint64_t{1} << 32);
    const count_type v = (hi << 64) | lo;
    if (v < n) return v;
  }
}

// Thrown by the 64-bit forward pass when a value would wrap; the pass is then
// redone with 128-bit values.
struct narrow_overflow {};

template <class V>
[[nodiscard]] inline V value_add(V a, V b) {
  V r;
  if (__builtin_add_overflow(a, b, &r)) {
    if constexpr (sizeof(V) == 8)
      throw narrow_overflow{};
    else
      count_overflow();
  }
  return r;
}
template <class V>
[[nodiscard]] inline V value_mul(V a, std::uint64_t w) {
  if (w == 1) return a;
  V r;
  if (__builtin_mul_overflow(a, static_cast<V>(w), &r)) {
    if constexpr (sizeof(V) == 8)
      throw narrow_overflow{};
    else
      count_overflow();
  }
  return r;
}

[[nodiscard]] inline lane_values value_add(lane_values a, const lane_values& b) noexcept { return a += b; }

// Bytes the counter and the sampler may hold unless told otherwise.
inline constexpr std::size_t default_memory_limit = std::size_t{8} << 30;

// Bits of a state field holding 0 .. max.
[[nodiscard]] constexpr int field_bits(unsigned max) noexcept {
  return std::max(1, static_cast<int>(std::bit_width(max)));
}
// Bits of a state (see profile_dp::reset): the unplaced ships in a mixed
// radix, ul, h, and a code per column.
[[nodiscard]] constexpr int state_bits(unsigned count_radix, int max_length, int width) noexcept {
  return field_bits(count_radix - 1) + 1 + field_bits(static_cast<unsigned>(max_length - 1)) +
         width * field_bits(static_cast<unsigned>(max_length));
}

// Bits of the widest state `ships` ships of at most `max_length` cells can
// need on a board `width` columns across: every ship its own type, so the
// radix is 2^ships (past 31 ships, more than any key holds).
[[nodiscard]] constexpr int widest_state_bits(int ships, int max_length, int width) noexcept {
  return ships >= 32 ? 1 << 10 : state_bits(1U << ships, max_length, width);
}

// Rules whose grid and fleet are fixed at compile time, and their ships'
// lengths. The lengths are asked for too: a ShipSet may fix its ship count
// (a static constexpr ship_count()) and keep the lengths in the object.
template <class R>
concept fixed_grid_and_fleet = requires {
  std::integral_constant<int, R::grid_type::width()>{};
  std::integral_constant<int, R::grid_type::height()>{};
  std::integral_constant<int, R::fleet_type::ship_count()>{};
  std::integral_constant<int, static_cast<int>(R::fleet_type::length(0))>{};
};
template <fixed_grid_and_fleet R>
[[nodiscard]] consteval auto fixed_lengths() {
  using S = typename R::fleet_type;
  std::array<int, S::ship_count()> lengths{};
  for (int i = 0; i < static_cast<int>(S::ship_count()); ++i)
    lengths[static_cast<std::size_t>(i)] = static_cast<int>(S::length(i));
  return lengths;
}

// Whether the problems of ruleset R may need a 128-bit key. Not when its
// grid and fleet are fixed at compile time and even the widest state fits 64
// bits: every ship its own type (weights and sunk announcements split
// types, so the radix is at most 2^ships) and the narrower side across
// (choose_scan_orientation). Such rules then never instantiate the wide
// key's programme, about 40 % of what instantiating the counter and the
// sampler costs the compiler.
template <class R>
[[nodiscard]] consteval bool may_need_wide_key() {
  if constexpr (fixed_grid_and_fleet<R>) {
    const auto lengths = fixed_lengths<R>();
    const int max_length = lengths.empty() ? 1 : *std::max_element(lengths.begin(), lengths.end());
    const int across = std::min(static_cast<int>(R::grid_type::width()), static_cast<int>(R::grid_type::height()));
    return widest_state_bits(static_cast<int>(lengths.size()), max_length, across) > 64;
  } else {
    return true;
  }
}

// A bound on every value an unweighted pass holds (partial layouts reaching
// a state, completions, occupancy sums): each ship is unplaced or at one of
// its placements, so there are at most the product of (1 + placements) over
// the ships. Saturates at 2^64 (all the caller needs to know).
template <class Lengths>
[[nodiscard]] constexpr count_type unweighted_value_bound(int width, int height, const Lengths& lengths) noexcept {
  const count_type limit = count_type{1} << 64;
  count_type bound = 1;
  for (const int len : lengths) {
    const int across = width >= len ? height * (width - len + 1) : 0;
    const int down = len > 1 && height >= len ? width * (height - len + 1) : 0;
    bound *= static_cast<count_type>(1 + across + down);  // < 2^64 * 2^31: no wrap
    if (bound >= limit) return limit;
  }
  return bound;
}

// The same bound for a problem, with its weights: each ship is unplaced (a
// factor of 1) or at one of its admissible placements (a factor of its
// weight), so every value is at most the product over the ships of 1 + the
// total weight of their placements. Saturates at 2^64. reset() takes it for
// every problem: with weights 0 or 1 it is at most the bound above, so the
// lanes a ruleset's compile-time bound promised (may_need_scalar_values)
// are always taken.
[[nodiscard]] inline count_type weighted_value_bound(const profile_problem& p) noexcept {
  const count_type limit = count_type{1} << 64;
  const auto cells2 = static_cast<std::size_t>(2 * p.cells());
  count_type bound = 1;
  for (std::size_t t = 0; t < p.types.size(); ++t) {
    count_type total = 1;
    for (std::size_t k = 0; k < cells2; ++k) {
      total += p.weight[t * cells2 + k];  // below 2^64 before, 2^65 after: no wrap
      if (total >= limit) return limit;
    }
    for (int k = 0; k < p.types[t].multiplicity; ++k) {
      bound *= total;  // both below 2^64: no wrap
      if (bound >= limit) return limit;
    }
  }
  return bound;
}

// Whether an unweighted count under ruleset R may pass 64 bits in the
// programme's values. Not when the grid and fleet are fixed at compile
// time and unweighted_value_bound() stays below 2^64 (the classic fleet on
// any grid up to 16x16): the counter then never instantiates the 128-bit
// value passes, about a third of what instantiating it costs the compiler.
template <class R>
[[nodiscard]] consteval bool may_need_wide_values() {
  if constexpr (fixed_grid_and_fleet<R>) {
    const int width = static_cast<int>(R::grid_type::width());  // int, whatever type the grid returns
    const int height = static_cast<int>(R::grid_type::height());
    return unweighted_value_bound(width, height, fixed_lengths<R>()) >> 64 != 0;
  } else {
    return true;
  }
}

// Rules whose feedback is fixed at compile time.
template <class R>
concept fixed_feedback = requires {
  std::bool_constant<R::feedback_type::announces_sunk()>{};
};

// Whether an unweighted count under ruleset R, with or without its
// occupancy, may need the passes that carry one value per state. Not when
// every such problem takes the lanes (see counts_with_lanes()): the grid,
// fleet and feedback are fixed at compile time, every key and value fits 64
// bits, the feedback never announces a sunk ship (so the ships of one
// length always form one type), and the fleet's types have at most
// max_lanes sets of unplaced ships of each size (lanes_fit). The counter
// then never instantiates those passes, about two fifths of the code a
// translation unit using exact_density compiles (RESULTS.md, session 19).
// make_profile_problem refuses an observation that announces sunk ships
// under rules that never announce them, the one problem that would split a
// type.
template <class R>
[[nodiscard]] consteval bool may_need_scalar_values() {
  if constexpr (fixed_grid_and_fleet<R> && fixed_feedback<R>) {
    if (R::feedback_type::announces_sunk() || may_need_wide_key<R>() || may_need_wide_values<R>()) return true;
    auto lengths = fixed_lengths<R>();
    std::sort(lengths.begin(), lengths.end());
    std::array<int, R::fleet_type::ship_count()> multiplicity{};
    std::size_t types = 0;
    for (std::size_t i = 0; i < lengths.size(); ++i) {
      if (i == 0 || lengths[i] != lengths[i - 1]) ++types;
      ++multiplicity[types - 1];
    }
    return !lanes_fit(std::span<const int>(multiplicity.data(), types));
  } else {
    return true;
  }
}

// Which value passes profile_dp's forward() and backward() instantiate;
// each level adds to the one before. The lanes' passes always come (they
// take the 64-bit key only); leaving the others out is most of what a
// counting file saves the compiler (RESULTS.md, sessions 19 and 20).
enum class value_passes {
  lanes_only,      // a problem the lanes do not take throws std::logic_error
  up_to_64_bits,   // also one 64-bit value per state; a value past 64 bits throws std::logic_error
  up_to_128_bits,  // also 128-bit values, the pass redone in them when 64 bits overflow
};

// The value passes an unweighted count under ruleset R may need. No
// ruleset needs 128-bit values with the lanes alone: may_need_scalar_values()
// holds whenever may_need_wide_values() does.
template <class R>
[[nodiscard]] consteval value_passes value_passes_for() {
  if (!may_need_scalar_values<R>()) return value_passes::lanes_only;
  return may_need_wide_values<R>() ? value_passes::up_to_128_bits : value_passes::up_to_64_bits;
}

// Whether problem p takes the 128-bit key rather than the 64-bit one.
// Throws std::invalid_argument when not even that holds it, and
// std::logic_error when Wide is false: may_need_wide_key() promised that no
// problem of these rules needs it. `who` names the caller in the message.
template <bool Wide>
[[nodiscard]] bool takes_wide_key(int bits_needed, const char* who) {
  if (bits_needed <= static_cast<int>(8 * sizeof(std::uint64_t))) return false;
  if (!Wide)
    throw std::logic_error(std::string(who) + ": a state needs " + std::to_string(bits_needed) +
                           " bits, past the bound may_need_wide_key() computed for these rules");
  if (bits_needed > static_cast<int>(8 * sizeof(wide_key)))
    throw std::invalid_argument(std::string("grid too wide for the ") + who + " (a state needs " +
                                std::to_string(bits_needed) + " bits)");
  return true;
}

// What forward() keeps for the passes after it.
enum class keep_tables {
  nothing,  // a count alone: two layers at a time
  // Every layer whole while the tables (and what the pass holds besides)
  // fit in three quarters of the memory limit, then checkpoints only (with their completions): sample() still
  // needs every layer, sample_batch() recomputes between checkpoints.
  for_sampling,
  // The same for a caller that only draws in batches: checkpoints past a
  // quarter of the limit, as for the occupancy.
  for_batches,
  // For a caller that only draws one at a time: every layer whole within
  // three quarters of the limit, and std::length_error as soon as they would
  // pass it, rather than checkpoints that caller cannot use.
  for_single_draws,
  // The occupancy only: whole layers up to a quarter of the limit (with what
  // the pass holds besides), then
  // checkpoints that backward() recomputes between, and a problem that
  // reads the same bottom to top keeps only the bottom half, whose
  // occupancy backward() mirrors.
  for_occupancy,
};

// The open placements of each type in one successor's skyline, for the
// ends with two ships left: its rows walked once for every type
// (last_ship.hpp), giving each type's N and, for the occupancy, the
// accumulator entries its rows name (with no hit to cover, at most
// lane_count partly open rows and the first wholly open one), to which
// spread() adds the value noted for each type.
struct open_placement_walk {
  std::array<std::uint64_t, max_lanes> open_of, note_of{};  // open_of[t] read only once counted
  std::array<std::size_t, lane_count> rows;                 // the first row_count of them
  int row_count = 0, whole = -1;
  unsigned counted = 0;
  // The state's blocked lanes, before row r; its hits play no part.
  std::uint64_t open(const last_ship_tables& tables, std::size_t t, int r, lane_word blocked) {
    if (((counted >> t) & 1U) == 0) {
      if (whole < 0) whole = tables.open_rows(r, blocked, rows, row_count);
      open_of[t] = tables.open_weight(t, rows, row_count, whole, [](std::size_t) {});
      counted |= 1U << t;
    }
    return open_of[t];
  }
  void spread(const last_ship_tables& tables, std::uint64_t* acc) const {
    for (unsigned t = counted; t != 0; t &= t - 1) {
      const auto type = static_cast<std::size_t>(std::countr_zero(t));
      const std::uint64_t note = note_of[type];
      if (note == 0) continue;
      for (int k = 0; k < row_count; ++k) acc[rows[static_cast<std::size_t>(k)] + type] += note;
      acc[tables.whole_entry(type, whole)] += note;
    }
  }
};

// One byte per edge (its stream, or the types its path starts). A type of
// its own: a store through unsigned char may alias any object, so after each
// one the compiler would load again every member a step reads.
enum class edge_byte : std::uint8_t {};

template <class Key>
class profile_dp {
 public:
  // Bits a state needs; the caller picks a Key wide enough.
  [[nodiscard]] static int bits_needed(const profile_problem& p) {
    unsigned radix = 1;
    for (const auto& t : p.types) radix *= static_cast<unsigned>(t.multiplicity + 1);
    return state_bits(radix, p.max_length, p.width);
  }
  [[nodiscard]] static bool fits(const profile_problem& p) {
    return bits_needed(p) <= static_cast<int>(8 * sizeof(Key));
  }

  profile_dp() = default;
  explicit profile_dp(profile_problem p) { reset(std::move(p)); }

  // A new problem; the layer buffers (and their memory) are kept for reuse.
  void reset(profile_problem p);

  [[nodiscard]] const profile_problem& problem() const noexcept { return p_; }
  // Labelled layouts per type-level layout: the product of multiplicity!.
  [[nodiscard]] count_type labelled_factor() const noexcept { return labelled_factor_; }

  // Forward pass: the weighted number of type-level layouts. Passes names
  // the value passes a caller may need (value_passes_for<R>() for a
  // ruleset's unweighted counts); the others are not instantiated, and a
  // problem that would need one throws std::logic_error.
  template <value_passes Passes = value_passes::up_to_128_bits>
  count_type forward(keep_tables what);

  // Backward pass over the kept layers: completions of every state, and per
  // scanned cell the weighted number of type-level layouts covering it.
  // keep_completions keeps the completions of every state of the kept layers
  // (checkpoints included), which sample() and sample_batch() need.
  // Passes as for the forward() before it.
  template <value_passes Passes = value_passes::up_to_128_bits>
  void backward(std::vector<count_type>* occupancy, bool keep_completions = false);

  // One type-level layout drawn with probability proportional to its weight:
  // calls start(scanned cell, type, dir) for every ship. Needs backward()
  // and every layer whole (see checkpointed()).
  template <std::uniform_random_bit_generator Rng, class Start>
  void sample(Rng& rng, Start&& start) const {
    if (wide_)
      sample_as<count_type>(rng, start);
    else
      sample_as<std::uint64_t>(rng, start);
  }

  // `draws` independent layouts at once, each as sample() draws it: calls
  // start(draw, scanned cell, type, dir) for every ship of every draw. Past
  // the whole layers it recomputes each stretch between two checkpoints
  // once, with its edges and completions, and moves every draw through it,
  // so a batch costs about one more forward pass however many it draws.
  // Needs backward(..., true).
  template <std::uniform_random_bit_generator Rng, class Start>
  void sample_batch(Rng& rng, std::size_t draws, Start&& start) {
    if (wide_)
      sample_batch_as<count_type>(rng, draws, start);
    else
      sample_batch_as<std::uint64_t>(rng, draws, start);
  }
  // Did forward() keep only checkpoints past some layer (so sample() refuses)?
  [[nodiscard]] bool checkpointed() const noexcept { return kept_layers_ != 0 && full_ < p_.cells(); }
  // The bytes of the tables that count the last ships in closed form, and of
  // the occupancy's accumulator for them: the memory limit counts them with
  // the layers (they can grow within a pass, as it meets new rows).
  [[nodiscard]] std::size_t closed_form_bytes() const noexcept {
    return last_ship_.bytes() + two_ship_.bytes() + capacity_bytes(last_ship_acc64_, last_ship_acc128_);
  }
  // The bytes the pass works in besides the kept layers and closed forms:
  // the two rolling layers (all of a count alone's states), the step's
  // streams and its merge, fold and close buffers. By capacity, as they are
  // kept from call to call (release() frees the rolling layers, not the rest).
  [[nodiscard]] std::size_t pass_work_bytes() const noexcept {
    std::size_t bytes = layer_bytes(scratch_[0]) + layer_bytes(scratch_[1]);
    for (const auto& s : stream_keys_) bytes += capacity_bytes(s);
    for (const auto& s : stream_f64_) bytes += capacity_bytes(s);
    for (const auto& s : stream_f128_) bytes += capacity_bytes(s);
    for (const auto& s : stream_lanes_) bytes += capacity_bytes(s);
    return bytes + capacity_bytes(batch64_, batch128_, lane_batch_, lane_vals_, edge_stream_, index_of_, ordered_keys_,
                                  moved_keys_, closed_index_, closed_layer_keys_, closed_layer_values_, fold_slots_,
                                  fold_index_, mirror_table_, acc64_, acc128_, occupied_, summary_, by_code64_,
                                  by_code128_, tally_east_, tally_down_, layers_, segment_);
  }
  // All the pass holds now: the kept layers and the recomputed stretch by
  // capacity, the closed forms, the working buffers and the completions
  // rolled by backward(). What the limit bounds; backward() checks it as it
  // recomputes each stretch, as forward() can only estimate those.
  [[nodiscard]] std::size_t held_bytes() const noexcept {
    std::size_t bytes = closed_form_bytes() + pass_work_bytes() +
                        capacity_bytes(rolling64_[0], rolling64_[1], rolling128_[0], rolling128_[1], rolling_lanes_[0],
                                       rolling_lanes_[1]);
    for (const auto& l : layers_) bytes += layer_bytes(l);
    for (const auto& l : segment_) bytes += layer_bytes(l);
    return bytes;
  }
  // Bytes the last forward() held with its tables (the kept layers by
  // capacity, the closed forms, its working buffers and what backward() will
  // roll its completions through), as it weighed them against table_budget().
  // If it kept the layers whole, the same pass never checkpoints under a
  // limit whose table_budget() holds this many: this is the peak the pass
  // weighed, and a pass under a lower limit weighs the same sums up to
  // where it starts to checkpoint.
  [[nodiscard]] std::size_t table_bytes() const noexcept { return table_bytes_; }
  // The bytes of whole layers forward(what) keeps before it keeps only
  // checkpoints: three quarters of the memory limit for a sampler that also
  // draws one at a time, a quarter otherwise (backward() needs the rest).
  [[nodiscard]] static constexpr std::size_t table_budget(std::size_t memory_limit, keep_tables what) noexcept {
    return what == keep_tables::for_sampling || what == keep_tables::for_single_draws ? memory_limit / 4 * 3
                                                                                      : memory_limit / 4;
  }

  // States in the largest layer built (stepping two cells at a time builds
  // every other layer).
  [[nodiscard]] std::size_t peak_states() const noexcept { return peak_states_; }
  // Chunks with many successors are summed in a dense table when the low
  // part of a key (new code, h, ul, counts) has at most this many bits, and
  // sorted otherwise. Both give the same tables; tests lower it to reach the
  // sorting path, which only fleets of many distinct types take.
  void set_dense_table_bits(int bits) noexcept { dense_table_bits_ = bits; }
  // Whether forward() may keep one state per mirror orbit at row boundaries
  // of a problem that reads the same right to left (see
  // fold_mirror_images). The same counts and occupancy either way, and draws
  // from the same distribution (not the same draws); tests compare them.
  void set_row_folding(bool allowed) noexcept { fold_allowed_ = allowed; }
  // Whether states with one ship left are absorbed with their completions
  // in closed form (see last_ship.hpp), from the next reset() on. The same
  // counts, occupancy and draw distribution either way; tests compare them.
  void set_last_ship_closed_form(bool allowed) noexcept { last_ship_allowed_ = allowed; }
  // Whether a pass with lanes absorbs states with two ships left with
  // their completions in closed form (see two_ship.hpp), from
  // the next reset() on. It needs the last ship's closed form too. The
  // same counts and occupancy either way; tests compare them.
  void set_two_ship_closed_form(bool allowed) noexcept { two_ship_allowed_ = allowed; }
  // Whether that closed form also takes the states with hits ahead (on by
  // default; tests and benchmarks compare).
  void set_two_ship_hits_closed_form(bool allowed) noexcept { two_ship_hits_allowed_ = allowed; }
  // Whether, under the contact rules, a step clears a ship cell's code once
  // nothing it could forbid is open (see live_codes_ in reset()), from the
  // next reset() on. The same counts, occupancy and draw distribution
  // either way; tests compare them.
  void set_code_clearing(bool allowed) noexcept { code_clearing_ = allowed; }
  // Whether, under no contact, states are merged by the cells their codes
  // forbid in the next row (see merge_closed_rows()), from the next reset()
  // on. The same counts and occupancy either way; tests compare them.
  void set_row_closing(bool allowed) noexcept { row_closing_ = allowed; }
  // Whether a count and the occupancy (forward() keeping nothing or tables
  // for the occupancy) may key states by their number of unplaced ships,
  // with a lane per set of them (see step_lanes). The same counts and
  // occupancy either way; tests compare them.
  void set_lanes(bool allowed) noexcept { lanes_allowed_ = allowed; }
  // Whether a count of this problem takes lanes: allowed, a 64-bit
  // key, values bounded below 2^64 (weights included), at most max_lanes sets of
  // unplaced ships of each size.
  [[nodiscard]] bool counts_with_lanes() const noexcept { return lanes_allowed_ && lanes_.ready(); }
  // Successors absorbed with two ships left in closed form since reset()
  // (tests check that the closed form was taken).
  [[nodiscard]] std::size_t two_ship_states() const noexcept { return two_ship_states_; }
  // Those of them with a hit ahead that no running ship covers (the anchored form).
  [[nodiscard]] std::size_t two_ship_hit_states() const noexcept { return two_ship_hit_states_; }
  // The two-ship tables' step stamp wraps within the next steps + 1 of
  // their steps (tests: two_ship_tables::stamp_wraps_within), and the
  // stamp itself (lower after a call than before: it wrapped).
  void two_ship_stamp_wraps_within(std::uint32_t steps) noexcept { two_ship_.stamp_wraps_within(steps); }
  [[nodiscard]] std::uint32_t two_ship_stamp() const noexcept { return two_ship_.stamp(); }
  // Bytes the call may hold (the kept layers, the closed forms' tables, the
  // pass's working buffers: pass_work_bytes(), and an estimate of what
  // backward() adds) before forward(what) gives up (std::length_error),
  // checked after each step; backward() checks again each stretch it
  // recomputes, and can give up too.
  void set_memory_limit(std::size_t bytes) noexcept { memory_limit_ = bytes; }
  // A check called after each step of forward() and backward(), and of a
  // stretch recomputed from a checkpoint by backward() or sample_batch()
  // (nullptr or an empty function: none); one that throws stops the pass
  // between steps, leaving the tables fit for the next reset(). Not owned:
  // the caller keeps it alive while the passes run.
  void set_interruption_check(const std::function<void()>* check) noexcept { interruption_check_ = check; }
  [[nodiscard]] std::size_t kept_states() const noexcept {
    std::size_t k = 0;
    for (int i = 0; i < kept_layers_; ++i)
      if (in_layers(i)) k += layers_[static_cast<std::size_t>(i)].keys.size();
    return k;
  }
  void release() {
    layers_ = {};
    segment_ = {};
    scratch_ = {};
    rolling64_ = {};
    rolling128_ = {};
    rolling_lanes_ = {};
    kept_layers_ = 0;
    completions_kept_ = false;
  }

 private:
  // An edge's successor index, with the top bit set when the step covers its
  // (first) cell, the next bit when a pair step covers its second cell, and
  // the third when the successor was folded into its mirror image (the rows
  // after it are then read right to left: see fold_mirror_images);
  // `dropped` marks a successor that did not survive (last cell), `absorbed`
  // one with every ship placed, which has exactly one completion (see
  // tally_absorbed).
  static constexpr std::uint32_t covered_flag = std::uint32_t{1} << 31;
  static constexpr std::uint32_t second_covered_flag = std::uint32_t{1} << 30;
  static constexpr std::uint32_t mirrored_flag = std::uint32_t{1} << 29;
  static constexpr std::uint32_t flags_mask = covered_flag | second_covered_flag | mirrored_flag;
  static constexpr std::uint32_t index_mask = mirrored_flag - 1;
  static constexpr std::uint32_t dropped = index_mask;
  static constexpr std::uint32_t absorbed = index_mask - 1;
  // Within a step, the index push_state() gives a state with one ship left
  // (an end: see last_ship.hpp) is its place among the next layer's ends,
  // tagged with this bit; the step then numbers the ends after the states.
  static constexpr std::uint32_t end_tag = std::uint32_t{1} << 28;
  // The completions of the successor an edge's index names (0 when dropped).
  template <class V>
  static V completions_of(std::uint32_t d, const V* next_b) {
    const std::uint32_t k = d & index_mask;
    return k < absorbed ? next_b[k] : k == absorbed ? unit_value<V>() : V{};
  }

  struct layer {
    std::vector<Key> keys;  // sorted, distinct
    // Weighted partial layouts reaching each state (f) and completions from
    // it (b): 64-bit when the forward pass fitted in 64 bits (then so do the
    // completions, as each is at most the total), 128-bit otherwise.
    std::vector<std::uint64_t> f64, b64;
    std::vector<count_type> f128, b128;
    std::vector<lane_values> f_lanes, b_lanes;  // the same with lanes (see step_lanes)
    std::vector<std::uint32_t> dst;             // per edge (in expansion order): successor index in the next layer
    std::vector<std::uint32_t> first_edge;      // per state: its first edge
    // With lanes, per edge: the types its path starts and their directions
    // (unplaced_lanes::edge_code).
    std::vector<edge_byte> edge_starts;
    // States with one ship left, absorbed by the step into this layer, and
    // their completions (see last_ship.hpp). Edges name them after the
    // states (index keys.size() + k), and backward() appends their
    // completions to the layer's. Kept whenever edges or tallies are.
    std::vector<Key> end_keys;
    std::vector<std::uint64_t> end_completions;
    std::vector<lane_values> end_lanes;  // with lanes: the completions of each lane
  };
  [[nodiscard]] static std::size_t layer_bytes(const layer& l) noexcept {
    return capacity_bytes(l.keys, l.f64, l.b64, l.f128, l.b128, l.f_lanes, l.b_lanes, l.dst, l.first_edge,
                          l.edge_starts, l.end_keys, l.end_completions, l.end_lanes);
  }
  // Every value buffer comes in a 64-bit and a 128-bit flavour; V picks one
  // (lanes hold 64-bit values: see unplaced_lanes.hpp).
  template <class V, class Narrow, class Wide>
  static auto& pick(Narrow& narrow, Wide& wide) {
    if constexpr (sizeof(V) == 8 || std::is_same_v<V, lane_values>)
      return narrow;
    else
      return wide;
  }
  template <class V>
  static std::vector<V>& f_of(layer& l) {
    if constexpr (std::is_same_v<V, lane_values>)
      return l.f_lanes;
    else
      return pick<V>(l.f64, l.f128);
  }
  template <class V>
  static std::vector<V>& b_of(layer& l) {
    if constexpr (std::is_same_v<V, lane_values>)
      return l.b_lanes;
    else
      return pick<V>(l.b64, l.b128);
  }
  template <class V>
  static const std::vector<V>& b_of(const layer& l) {
    if constexpr (std::is_same_v<V, lane_values>)
      return l.b_lanes;
    else
      return pick<V>(l.b64, l.b128);
  }
  // A value of 1: one partial layout, or one completion (lanes: in lane l).
  template <class V>
  static V unit_value(unsigned l = 0) {
    if constexpr (std::is_same_v<V, lane_values>) {
      lane_values v;
      v.v[l] = 1;
      v.mask = std::uint64_t{1} << l;
      return v;
    } else {
      return V{1};
    }
  }
  // The sum of a value's lanes (the value itself without lanes).
  template <class V>
  static count_type value_total(const V& v) {
    if constexpr (std::is_same_v<V, lane_values>) {
      count_type total = 0;
      for (const std::uint64_t x : v.v) total += x;
      return total;
    } else {
      return static_cast<count_type>(v);
    }
  }

  template <class V>
  void backward_as(std::vector<count_type>* occupancy, bool keep_completions) {
    const int n = p_.cells();
    if (occupancy) occupancy->assign(static_cast<std::size_t>(n), 0);
    // Completions either stay with their layer (the sampler reads them all)
    // or roll through two buffers: the occupancy needs only the next
    // layer's, and a 10x10 board then writes 17 M fewer values per call.
    std::array<std::vector<V>, 2>& rolling = rolling_of<V>();
    if (!keep_completions)  // at once: grown by resize, each could reach twice the widest layer
      for (auto& r : rolling) r.reserve(widest_walked_);
    std::vector<V>* later = keep_completions ? &b_of<V>(layers_[static_cast<std::size_t>(n)]) : &rolling[0];
    later->assign(layers_[static_cast<std::size_t>(n)].keys.size(), unit_value<V>());
    // Walks back over the step from layer i (stride cells) into layer
    // `next`, whose completions `later` holds.
    auto walk_back = [&](int i, int stride, layer& L, const layer& next) {
      std::vector<V>& b = keep_completions ? b_of<V>(L) : rolling[later == &rolling[0] ? 1 : 0];
      backward_step_by<V>(stride, i, L, next, *later, b, occupancy);
      later = &b;
      interruption_point();
    };
    // Past the whole layers: segment by segment from the last checkpoint.
    for_each_segment<V>(true, [&](int from, int to, const std::vector<int>& starts) {
      for (auto it = starts.rbegin(); it != starts.rend(); ++it) {
        const int stride = stride_from(*it, to);
        walk_back(*it, stride, segment_layer(from, to, *it), segment_layer(from, to, *it + stride));
      }
    });
    const int whole_end = std::min(full_, n);
    const std::vector<int> starts = step_starts(first_kept_, whole_end);
    for (auto it = starts.rbegin(); it != starts.rend(); ++it) {
      const int stride = stride_from(*it, whole_end);
      walk_back(*it, stride, layers_[static_cast<std::size_t>(*it)], layers_[static_cast<std::size_t>(*it + stride)]);
    }
    if (occupancy) add_tally(*occupancy);
    if (occupancy && last_ship_ready_)
      last_ship_.add_occupancy(p_, pick<V>(last_ship_acc64_, last_ship_acc128_), *occupancy);
    if (occupancy && two_ship_ready_) two_ship_.finish(*occupancy);
    if (occupancy)
      for (int i = 0; i < first_kept_; ++i)  // the top rows mirror the bottom ones
        (*occupancy)[static_cast<std::size_t>(i)] =
            (*occupancy)[static_cast<std::size_t>((p_.height - 1 - i / p_.width) * p_.width + i % p_.width)];
    if (occupancy && fold_rows_) split_mirrored_pairs(*occupancy);
    completions_kept_ = keep_completions && first_kept_ == 0;
  }

  // Completions of every state of layer L (before cell i) from those of the
  // layer Stride cells later, and the weighted layouts covering cells i and
  // (for a pair step) i + 1.
  template <class V, int Stride>
  void backward_step(int i, layer& L, const std::vector<V>& next_b, std::vector<V>& b,
                     std::vector<count_type>* occupancy) {
    const std::vector<V>& f = f_of<V>(L);
    b.resize(L.keys.size() + L.end_keys.size());  // every entry is written below
    for (std::size_t k = 0; k < L.end_keys.size(); ++k) b[L.keys.size() + k] = static_cast<V>(L.end_completions[k]);
    const cell_context ctx = context(i);
    const cell_context ctx2 = context(i + Stride - 1);
    count_type occ = 0, occ2 = 0;
    // Raw pointers: the stores to b could alias the vectors' own fields.
    const std::uint32_t* const dst = L.dst.data();
    const std::uint32_t* const first_edge = L.first_edge.data();
    const V* const later = next_b.data();
    const std::size_t states = L.keys.size();
    for (std::size_t s = 0; s < states; ++s) {
      V total = 0, covered = 0, covered2 = 0;
      auto add = [&](std::uint32_t d, V v) __attribute__((always_inline)) {
        total = value_add(total, v);
        if (d & covered_flag) covered = value_add(covered, v);
        if (Stride == 2 && (d & second_covered_flag)) covered2 = value_add(covered2, v);
      };
      if (p_.unit_weights) {
        // Every edge weighs 1: its successor index and flags say it all.
        for (std::uint32_t e = first_edge[s]; e < first_edge[s + 1]; ++e) {
          const std::uint32_t d = dst[e];
          add(d, completions_of(d, later));
        }
      } else {
        // Edges (or paths) come in expansion order: expand again for the weights.
        const std::uint32_t* edge = dst + first_edge[s];
        auto visit = [&](std::uint64_t w, std::uint64_t w2) __attribute__((always_inline)) {
          const std::uint32_t d = *edge++;
          add(d, value_mul<V>(value_mul<V>(completions_of(d, later), w), w2));
        };
        if constexpr (Stride == 1)
          expand(
              ctx, L.keys[s], [&](Key, std::uint64_t w, int) __attribute__((always_inline)) { visit(w, 1); });
        else
          expand_pair(ctx, ctx2, L.keys[s], [&](Key, std::uint64_t w, int, std::uint64_t w2, int) { visit(w, w2); });
      }
      b[s] = total;
      if (occupancy && covered != 0)
        occ = checked_add(occ, checked_mul(static_cast<count_type>(f[s]), static_cast<count_type>(covered)));
      if (occupancy && covered2 != 0)
        occ2 = checked_add(occ2, checked_mul(static_cast<count_type>(f[s]), static_cast<count_type>(covered2)));
    }
    if (occupancy) {
      (*occupancy)[static_cast<std::size_t>(i)] = occ;
      if (Stride == 2) (*occupancy)[static_cast<std::size_t>(i + 1)] = occ2;
    }
  }

  // backward_step() with lanes: each edge maps the lanes of its successor's
  // completions back through the types its path starts (see step_lanes),
  // and a covered cell takes the layouts of each lane, f x b. Only a
  // state's lanes with a value matter: a predecessor's lane with a value
  // reaches only those, or one pruning cleared, which has no completion.
  // Lanes hold values that fit 64 bits (weights included: reset()), so
  // nothing wraps.
  // The next layer's ends are read where they are (next_ends) rather than
  // copied after its states' completions as backward_step() does: 64 bytes
  // each, and about 3 M of them on the benchmark's 32 games.
  template <int Stride, bool Weighted>
  void backward_step_lanes(int i, layer& L, const std::vector<lane_values>& next_ends,
                           const std::vector<lane_values>& next_b, std::vector<lane_values>& b,
                           std::vector<count_type>* occupancy) {
    const std::vector<lane_values>& f = L.f_lanes;
    const std::size_t states = L.keys.size();
    b.resize(states);
    const Key count_mask = static_cast<Key>((Key{1} << count_bits_) - 1);
    count_type occ = 0, occ2 = 0;
    const std::uint32_t* const dst = L.dst.data();
    const edge_byte* const starts = L.edge_starts.data();
    const std::uint32_t* const first_edge = L.first_edge.data();
    const lane_values* const later = next_b.data();
    const lane_values* const later_ends = next_ends.data();  // an end's edge names it after the states
    const std::uint32_t next_states = static_cast<std::uint32_t>(next_b.size());
    const lane_values one = unit_value<lane_values>();
    // An edge's weight: that of the ships its path starts (type t - 1 at
    // cells i and i + 1), from its code (unplaced_lanes::edge_code).
    auto edge_weight = [&](unsigned code) {
      std::uint64_t w = 1;
      if (const int t1 = static_cast<int>(code & 7U); t1 != 0)
        w = p_.start_weight(t1 - 1, i, static_cast<int>((code >> 6) & 1U));
      if (const int t2 = static_cast<int>((code >> 3) & 7U); t2 != 0)
        w *= p_.start_weight(t2 - 1, i + 1, static_cast<int>((code >> 7) & 1U));
      return w;
    };
    for (std::size_t s = 0; s < states; ++s) {
      const auto level = static_cast<std::size_t>(L.keys[s] & count_mask);
      const auto live = static_cast<unsigned>(f[s].mask);
      lane_values total, covered, covered2;
      for (std::uint32_t e = first_edge[s]; e < first_edge[s + 1]; ++e) {
        const std::uint32_t d = dst[e], k = d & index_mask;
        if (k == dropped) continue;
        const lane_values& after = k < next_states ? later[k] : k == absorbed ? one : later_ends[k - next_states];
        const auto start_code = static_cast<unsigned>(starts[e]);
        const unsigned code = Weighted ? unplaced_lanes::path_of_edge(start_code) : start_code;
        const bool first_covered = (d & covered_flag) != 0, second_covered = Stride == 2 && (d & second_covered_flag);
        if (code == 0) {
          // A path that starts no ship keeps every lane where it is, with
          // weight 1: whole vectors are added, with no branch per lane
          // (under the contact rules about half the edges). The lanes s
          // does not hold get sums too: only those pruning cleared are
          // read (above), and a sum over some of their completions, which
          // are none, is 0. The occupancy reads only the lanes s holds.
          for (std::size_t l = 0; l < max_lanes; ++l) total.v[l] += after.v[l];
          if (first_covered)
            for (std::size_t l = 0; l < max_lanes; ++l) covered.v[l] += after.v[l];
          if (second_covered)
            for (std::size_t l = 0; l < max_lanes; ++l) covered2.v[l] += after.v[l];
          continue;
        }
        const unsigned char* path = lanes_.path(level, code);
        const std::uint64_t w = Weighted ? edge_weight(start_code) : 1;
        for (unsigned m = live & lanes_.path_lanes(level, code); m != 0; m &= m - 1) {
          const auto l = static_cast<std::size_t>(std::countr_zero(m));
          const std::uint64_t c = Weighted ? after.v[path[l]] * w : after.v[path[l]];
          total.v[l] += c;
          if (first_covered) covered.v[l] += c;
          if (second_covered) covered2.v[l] += c;
        }
      }
      b[s] = total;
      if (occupancy) {
        std::uint64_t layouts = 0, layouts2 = 0;
        // Over every lane: those s does not hold have no value.
        for (std::size_t l = 0; l < max_lanes; ++l) {
          layouts += f[s].v[l] * covered.v[l];
          if constexpr (Stride == 2) layouts2 += f[s].v[l] * covered2.v[l];
        }
        // Plain adds: a layer holds under 2^32 states, each adding under
        // 2^64, so the 128-bit sums cannot wrap.
        occ += layouts;
        if constexpr (Stride == 2) occ2 += layouts2;
      }
    }
    if (occupancy) {
      (*occupancy)[static_cast<std::size_t>(i)] = occ;
      if (Stride == 2) (*occupancy)[static_cast<std::size_t>(i + 1)] = occ2;
    }
  }

  // One step of a draw, from state s of layer L (before cell i) over
  // `stride` cells: an edge (or path) in expansion order, each with
  // probability weight x completions of its successor / completions of s.
  // Reports the ships it starts; returns the successor's index.
  // The report goes through a plain function pointer: a step is a large
  // instantiation (it expands the state again), and sample() and
  // sample_batch() then share one.
  struct ship_report {
    const void* context;
    void (*call)(const void* context, int cell, int type, int dir);
    void operator()(int cell, int type, int dir) const { call(context, cell, type, dir); }
  };
  template <class F>
  static ship_report report_to(const F& f) {
    return {&f, [](const void* c, int cell, int type, int dir) { (*static_cast<const F*>(c))(cell, type, dir); }};
  }
  // A draw's place in the tables: its state in the current layer, and
  // whether the rows from here on are read right to left (it went through
  // an odd number of folded states).
  struct draw_state {
    std::size_t state = 0;
    bool mirrored = false;
  };
  template <class V, class Rng>
  draw_state sample_step(Rng& rng, int i, int stride, const layer& L, const std::vector<V>& next_b, draw_state at,
                         const ship_report& start) const {
    count_type r = uniform_below_wide(rng, static_cast<count_type>(b_of<V>(L)[at.state]));
    const std::uint32_t* dst = L.dst.data() + L.first_edge[at.state];
    bool done = false;
    std::uint32_t chosen = 0;
    std::array<int, 2> chosen_kind{};
    auto visit = [&](std::uint64_t w, std::uint64_t w2, int kind, int kind2) {
      const std::uint32_t edge = *dst++;
      if (done) return;
      // Cannot overflow: backward() summed these.
      const count_type v = static_cast<count_type>(w) * w2 * completions_of(edge, next_b.data());
      if (r < v) {
        done = true;
        chosen = edge;
        chosen_kind = {kind, kind2};
      } else {
        r -= v;
      }
    };
    if (stride == 1)
      expand(context(i), L.keys[at.state], [&](Key, std::uint64_t w, int kind) { visit(w, 1, kind, step_water); });
    else
      expand_pair(context(i), context(i + 1), L.keys[at.state],
                  [&](Key, std::uint64_t w, int kind, std::uint64_t w2, int kind2) { visit(w, w2, kind, kind2); });
    if (!done) throw std::logic_error("profile_dp: inconsistent tables");
    const int W = p_.width;
    for (int k = 0; k < stride; ++k) {
      const int kind = chosen_kind[static_cast<std::size_t>(k)];
      if (kind < 0) continue;
      const int cell = i + k, type = kind / 2, dir = kind % 2;
      // In a mirrored stretch the ship really starts at the mirror image of
      // its placement: its east end, read left to right, when it goes east.
      const int c = cell % W, length = p_.types[static_cast<std::size_t>(type)].length;
      const int col = !at.mirrored ? c : dir == 0 ? W - c - length : W - 1 - c;
      start(cell - c + col, type, dir);
    }
    return {chosen & index_mask, at.mirrored != ((chosen & mirrored_flag) != 0)};
  }

  template <class V>
  void check_sampling_tables() const {
    if (!completions_kept_) throw std::logic_error("profile_dp: backward(..., true) first");
    if (kept_layers_ == 0 || b_of<V>(layers_[0])[0] == 0) throw std::logic_error("profile_dp: nothing to sample");
  }

  template <class V, class Rng, class Start>
  void sample_as(Rng& rng, Start& start) const {
    const int n = p_.cells();
    check_sampling_tables<V>();
    if (full_ < n) throw std::logic_error("profile_dp: sampling one at a time needs every layer kept whole");
    const ship_report report = report_to(start);
    draw_state s;
    // A draw ends early once every ship is placed (an absorbed successor),
    // or at an end, which places the last ship.
    for (int i = 0; i < n && s.state != absorbed;) {
      const int stride = stride_from(i, n);
      s = sample_step<V>(rng, i, stride, layers_[static_cast<std::size_t>(i)],
                         b_of<V>(layers_[static_cast<std::size_t>(i + stride)]), s, report);
      i += stride;
      s = place_last_ship(rng, i, layers_[static_cast<std::size_t>(i)], s, report);
    }
  }
  // At an end of layer L (before cell i), places the last ship, each open
  // placement with probability weight / completions, and returns `absorbed`
  // (the draw is complete); any other state is returned as it is.
  template <class Rng>
  draw_state place_last_ship(Rng& rng, int i, const layer& L, draw_state at, const ship_report& start) const {
    if (at.state == absorbed || at.state < L.keys.size()) return at;
    const std::size_t k = at.state - L.keys.size();
    const Key key = L.end_keys[k];
    const std::size_t t = last_type_[static_cast<std::size_t>(key & static_cast<Key>((Key{1} << count_bits_) - 1))];
    const count_type u = uniform_below_wide(rng, static_cast<count_type>(L.end_completions[k]));
    const auto [cell, dir] = last_ship_.placement_at(p_, t, i / p_.width, view_before(i, key), u);
    if (cell < 0) throw std::logic_error("profile_dp: inconsistent tables");
    const int W = p_.width, c = cell % W, length = p_.types[t].length;
    const int col = !at.mirrored ? c : dir == 0 ? W - c - length : W - 1 - c;  // as in sample_step
    start(cell - c + col, static_cast<int>(t), dir);
    return {absorbed, false};
  }

  template <class V, class Rng, class Start>
  void sample_batch_as(Rng& rng, std::size_t draws, Start& start) {
    const int n = p_.cells();
    check_sampling_tables<V>();
    std::vector<draw_state> at(draws);  // where each draw is in the current layer
    auto advance = [&](int i, int stride, const layer& L, const layer& next) {
      for (std::size_t d = 0; d < draws; ++d) {
        if (at[d].state == absorbed) continue;  // every ship placed already
        auto for_draw = [&](int cell, int type, int dir) { start(d, cell, type, dir); };
        at[d] = sample_step<V>(rng, i, stride, L, b_of<V>(next), at[d], report_to(for_draw));
        at[d] = place_last_ship(rng, i + stride, next, at[d], report_to(for_draw));
      }
      interruption_point();  // every draw one step on
    };
    const int whole_end = std::min(full_, n);
    for (int i : step_starts(0, whole_end)) {
      const int stride = stride_from(i, whole_end);
      advance(i, stride, layers_[static_cast<std::size_t>(i)], layers_[static_cast<std::size_t>(i + stride)]);
    }
    // Past them, each stretch as backward() recomputed it, then its
    // completions from those kept at `to` (`from` keeps its own).
    for_each_segment<V>(false, [&](int from, int to, const std::vector<int>& starts) {
      auto layer_at = [&](int i) -> layer& { return segment_layer(from, to, i); };
      backward_segment<V>(from, to, starts);
      for (int i : starts) {
        const int stride = stride_from(i, to);
        advance(i, stride, layer_at(i), layer_at(i + stride));
      }
    });
  }

  // The layer before cell i while the stretch between checkpoints `from`
  // and `to` is recomputed: a checkpoint, or the scratch segment between.
  layer& segment_layer(int from, int to, int i) {
    return i == from || i == to ? layers_[static_cast<std::size_t>(i)] : segment_[static_cast<std::size_t>(i - from)];
  }
  // Past full_, each stretch between two checkpoints in turn (the last one
  // first when `backwards`): recomputed with its edges, the same states and
  // values as the forward pass (the step into `to` rewrites them identically
  // and leaves its completions alone), handed to f(from, to, the layers
  // stepped from), then its edges freed.
  template <class V, class F>
  void for_each_segment(bool backwards, F&& f) {
    const int n = p_.cells();
    std::vector<int> checkpoints;
    for (int from = full_; from < n; from += checkpoint_stride_) checkpoints.push_back(from);
    if (backwards) std::reverse(checkpoints.begin(), checkpoints.end());
    if (segment_.size() < static_cast<std::size_t>(checkpoint_stride_))
      segment_.resize(static_cast<std::size_t>(checkpoint_stride_));
    for (int from : checkpoints) {
      const int to = std::min(n, from + checkpoint_stride_);
      const std::vector<int> starts = step_starts(from, to);
      step_segment<V>(from, to, starts);
      // forward() estimated the stretch; here it is, whole. (A batch of
      // draws, walking forward, holds its draws too: not refused here.)
      if (backwards && held_bytes() > memory_limit_) refuse_memory(kept_for_);
      f(from, to, starts);
      if (backwards && held_bytes() > memory_limit_) refuse_memory(kept_for_);  // the sampler's completions
      // Freed, not cleared: every checkpoint would keep a layer of edges.
      layer& checkpoint = layers_[static_cast<std::size_t>(from)];
      decltype(checkpoint.dst)().swap(checkpoint.dst);
      decltype(checkpoint.first_edge)().swap(checkpoint.first_edge);
      decltype(checkpoint.edge_starts)().swap(checkpoint.edge_starts);
    }
  }

  // The stretch's steps, forward with its edges and backward with the
  // completions kept at `to` (`from` keeps its own). Out of the class, so
  // that a program can compile them once (extern_passes.hpp), as the
  // sampler's batches need them.
  template <class V>
  void step_segment(int from, int to, const std::vector<int>& starts);
  template <class V>
  void backward_segment(int from, int to, const std::vector<int>& starts);

  // Does the problem read the same under a mirror: the same forced cells,
  // and the same weight for every placement and its mirror image?
  // image(r, c, dir, length) is the image's start (row, column), off the
  // grid (negative) when the image does not fit; a single cell is a
  // placement of length 1.
  template <class Image>
  [[nodiscard]] bool reads_the_same(Image image) const noexcept {
    const int W = p_.width, H = p_.height;
    auto at = [&](std::pair<int, int> rc) { return rc.first * W + rc.second; };
    for (int r = 0; r < H; ++r)
      for (int c = 0; c < W; ++c) {
        const int cell = r * W + c;
        if (p_.forced[static_cast<std::size_t>(cell)] != p_.forced[static_cast<std::size_t>(at(image(r, c, 0, 1)))])
          return false;
        for (int t = 0; t < static_cast<int>(p_.types.size()); ++t)
          for (int dir = 0; dir < 2; ++dir) {
            const auto [ir, ic] = image(r, c, dir, p_.types[static_cast<std::size_t>(t)].length);
            const std::uint64_t mirrored = ir < 0 || ic < 0 ? 0 : p_.start_weight(t, ir * W + ic, dir);
            if (p_.start_weight(t, cell, dir) != mirrored) return false;
          }
      }
    return true;
  }
  // Bottom to top (a ship going south from row r mirrors one going south
  // from row height - r - length): then so does the occupancy. Empty boards
  // do, under every rule.
  [[nodiscard]] bool mirrored_rows() const noexcept {
    const int H = p_.height;
    return reads_the_same([H](int r, int c, int dir, int length) {
      return std::pair{dir == 1 ? H - r - length : H - 1 - r, c};
    });
  }
  // Right to left (a ship going east from column c mirrors one going east
  // from column width - c - length): then a state at a row boundary and its
  // mirror image have the same completions, and forward() keeps one of the
  // two (fold_rows_).
  [[nodiscard]] bool mirrored_columns() const noexcept {
    const int W = p_.width;
    return reads_the_same([W](int r, int c, int dir, int length) {
      return std::pair{r, dir == 0 ? W - c - length : W - 1 - c};
    });
  }

  // A state before the first cell of a row, read right to left. There the
  // profile's slot j holds column j, and h and ul are 0.
  // One table lookup per chunk of a few codes (see reset()).
  [[nodiscard]] Key mirror_at_row_start(Key s) const noexcept {
    Key m = s & static_cast<Key>((Key{1} << code_shift_) - 1);
    Key codes = s >> code_shift_;
    const Key chunk_mask = static_cast<Key>((Key{1} << chunk_bits_) - 1);
    const Key* table = mirror_table_.data();
    for (std::size_t k = 0; k < chunks_; ++k, codes >>= chunk_bits_, table += std::size_t{1} << chunk_bits_)
      m |= table[static_cast<std::size_t>(codes & chunk_mask)];
    return m;
  }

  // Folds layer L (before the first cell of a row) onto mirror orbits: a
  // state whose mirror image is also in L, and smaller, is merged into it,
  // values summed. Both have the same completions (mirrored_columns()), so
  // the count is unchanged and the next row is expanded from about half the
  // states. L stays sorted (only later states are removed); with
  // record_edges the edges of `from` into L are renumbered.
  // The occupancy the backward pass then finds for cells c and W-1-c of a
  // row is right in sum, as every path through a folded state stands for a
  // layout whose later rows may be mirrored; split_mirrored_pairs() halves it.
  template <class V>
  [[gnu::noinline]] void fold_mirror_images(layer& L, layer& from, bool record_edges, std::uint32_t edges) {
    const std::size_t n = L.keys.size();
    std::size_t slots = 16;
    while (slots < 2 * n) slots *= 2;
    fold_slots_.assign(slots, 0);  // open addressing: 1 + the index of a kept state, 0 empty
    fold_index_.resize(n);
    const int shift = 64 - std::countr_zero(slots);
    auto home = [&](Key k) __attribute__((always_inline)) {
      auto x = static_cast<std::uint64_t>(k);
      if constexpr (sizeof(Key) > 8) x ^= static_cast<std::uint64_t>(k >> 64) * 0xC2B2AE3D27D4EB4FULL;
      return static_cast<std::size_t>((x * 0x9E3779B97F4A7C15ULL) >> shift);
    };
    Key* const keys = L.keys.data();
    V* const f = f_of<V>(L).data();
    std::uint32_t* const index = fold_index_.data();
    std::uint32_t* const table = fold_slots_.data();
    const std::size_t slot_mask = slots - 1;
    std::uint32_t kept = 0;
    // Mirror images and home slots a few states ahead, so that the slots
    // are in cache when they are probed.
    constexpr std::size_t ahead = 16;
    std::array<Key, ahead> mirrors{};
    std::array<std::size_t, ahead> homes{};
    auto prepare = [&](std::size_t j) __attribute__((always_inline)) {
      const Key k = keys[j], m = mirror_at_row_start(k);
      mirrors[j % ahead] = m;
      homes[j % ahead] = home(m < k ? m : k);
      __builtin_prefetch(table + homes[j % ahead]);
    };
    for (std::size_t j = 0; j < std::min(ahead, n); ++j) prepare(j);
    for (std::size_t i = 0; i < n; ++i) {
      const Key k = keys[i], m = mirrors[i % ahead];
      std::size_t h = homes[i % ahead];
      if (i + ahead < n) prepare(i + ahead);
      if (m < k) {  // its mirror image, if present, came earlier and was kept
        for (; table[h] != 0; h = (h + 1) & slot_mask)
          if (keys[table[h] - 1] == m) break;
        if (table[h] != 0) {
          const std::uint32_t into = table[h] - 1;
          f[into] = value_add(f[into], f[i]);
          index[i] = into | mirrored_flag;
          continue;
        }
      }
      index[i] = kept;
      keys[kept] = k;
      f[kept] = f[i];
      ++kept;
      if (m > k) {  // a later state may be its mirror image
        while (table[h] != 0) h = (h + 1) & slot_mask;
        table[h] = kept;
      }
    }
    L.keys.resize(kept);
    f_of<V>(L).resize(kept);
    if (record_edges)
      for (std::uint32_t e = 0; e < edges; ++e) {
        const std::uint32_t d = from.dst[e], k = d & index_mask;
        // Ends (numbered after the states) move up by the states folded away.
        if (k < absorbed)
          from.dst[e] = (k < n ? index[k] : k - static_cast<std::uint32_t>(n) + kept) | (d & flags_mask);
      }
  }

  // A successor with every ship placed (see push_state in step()) has
  // nothing left to decide: its running ships run out and every other cell
  // is water. The checks a placement makes at its start (bounds, misses,
  // contact with every earlier ship) and the hit test at its emission (need
  // 0: every hit ahead lies under a running ship or the current horizontal
  // one) already hold, so it has exactly one completion. Its value joins the
  // total instead of a layer, and its edges name `absorbed`.
  // For the occupancy, step() sums the absorbed values by the codes of each
  // chunk of profile slots (see reset()) and by h.
  // tally_absorbed() turns those sums, for the states before cell `next`,
  // into differences of what their ships still cover, along the scan (east)
  // and down each column, which add_tally() sums. Differences wrap, but
  // every prefix sum is a count of layouts.
  template <class V>
  void tally_absorbed(int next, const std::vector<V>& by_code, const std::array<V, 64>& by_h) {
    const int W = p_.width, r = next / W, c = next % W;
    const int per = chunk_bits_ / code_bits_;
    const unsigned code_mask = (1U << code_bits_) - 1;
    for (int h = 1; h < p_.max_length; ++h) {
      const auto v = static_cast<count_type>(by_h[static_cast<std::size_t>(h)]);
      if (v == 0) continue;
      tally_east_[static_cast<std::size_t>(next)] += v;
      tally_east_[static_cast<std::size_t>(next + h)] -= v;
    }
    const std::size_t values = std::size_t{1} << chunk_bits_;
    for (std::size_t k = 0; k < chunks_; ++k)
      for (std::size_t chunk = 0; chunk < values; ++chunk) {
        const auto v = static_cast<count_type>(by_code[k * values + chunk]);
        if (v == 0) continue;
        for (int j = 0; j < per; ++j) {
          const int slot = static_cast<int>(k) * per + j;
          const auto code = static_cast<int>((chunk >> (j * code_bits_)) & code_mask);
          if (slot >= W || code < 2) continue;
          // Slot s holds column c + s (mod W): row r - 1 from column c on, row r before it.
          const int col = c + slot < W ? c + slot : c + slot - W;
          const int top = col < c ? r + 1 : r;
          tally_down_[static_cast<std::size_t>(top * W + col)] += v;
          tally_down_[static_cast<std::size_t>((top + code - 1) * W + col)] -= v;
        }
      }
  }
  // What column j blocks for a last ship when its profile code is `code`,
  // `behind` the frontier (see block_of_column) or not.
  [[nodiscard]] std::size_t column_block_index(int j, int code, bool behind) const noexcept {
    return ((static_cast<std::size_t>(j) << code_bits_) + static_cast<std::size_t>(code)) * 2 + (behind ? 1 : 0);
  }
  // Profile slot s of a state before cell `cell` holds column c + s (mod W),
  // behind the frontier when that wraps.
  [[nodiscard]] const column_block& block_of_slot(int cell, int slot, int code) const noexcept {
    const int c = cell % p_.width, j = c + slot < p_.width ? c + slot : c + slot - p_.width;
    return column_blocks_[column_block_index(j, code, j < c)];
  }
  // The blocks for states before `cell`, per chunk of profile slots and its
  // codes (the chunks of reset()), so that view_at() reads one entry per
  // chunk; and those of the current horizontal ship's rest and of the cell
  // up-left.
  void prepare_column_blocks(int cell) {
    const int W = p_.width, c = cell % W, per = chunk_bits_ / code_bits_;
    const std::size_t values = std::size_t{1} << chunk_bits_, size = chunks_ * values;
    const unsigned code_mask = (1U << code_bits_) - 1;
    // The lanes count from the state's row, so the tables depend on the
    // frontier's column only: built once per column and problem.
    lane_word* const blocked = &column_tables_[static_cast<std::size_t>(c) * 2 * size];
    if (!column_tables_ready_[static_cast<std::size_t>(c)]) {
      column_tables_ready_[static_cast<std::size_t>(c)] = 1;
      for (std::size_t k = 0; k < chunks_; ++k)
        for (std::size_t v = 0; v < values; ++v) {
          column_block b;
          for (int q = 0; q < per; ++q) {
            const int slot = static_cast<int>(k) * per + q;
            if (slot >= W) break;
            b.merge(block_of_slot(cell, slot, static_cast<int>((v >> (q * code_bits_)) & code_mask)));
          }
          blocked[k * values + v] = b.blocked;
          blocked[size + k * values + v] = b.ship;
        }
    }
    step_blocked_ = blocked;
    step_ship_ = blocked + size;
    step_hits_ = hits_ahead_of(cell);
    step_has_hits_ = step_hits_.lanes != 0 || step_hits_.beyond != 0;
    step_row_ = cell / W;
    if (step_has_hits_)
      last_ship_.prepare_through(
          p_, step_row_,
          std::span<const int>(hit_cells_)
              .subspan(cell > 0 ? static_cast<std::size_t>(first_hit_after_[static_cast<std::size_t>(cell - 1)]) : 0));
    // The rest of the current horizontal ship: ship cells in row r, as a
    // code 1 behind the frontier says.
    step_h_blocks_.fill(column_block{});
    for (int h = 1; h < p_.max_length && c + h <= W && h < static_cast<int>(step_h_blocks_.size()); ++h) {
      step_h_blocks_[static_cast<std::size_t>(h)] = step_h_blocks_[static_cast<std::size_t>(h - 1)];
      step_h_blocks_[static_cast<std::size_t>(h)].merge(column_blocks_[column_block_index(c + h - 1, 1, true)]);
    }
    // A ship cell up-left of (r, c): row r - 1 of column c - 1.
    step_ul_block_ = c > 0 ? column_blocks_[column_block_index(c - 1, 1, false)] : column_block{};
  }
  // Hits at `cell` and after: in lanes for rows r .. r + lane_count - 1, and
  // how many lie below those, with the first of them.
  struct hits_ahead {
    lane_word lanes = 0;
    int beyond = 0, first_beyond = -1;
  };
  [[nodiscard]] hits_ahead hits_ahead_of(int cell) const noexcept {
    hits_ahead h;
    const int W = p_.width, r = cell / W;
    for (std::size_t k = cell > 0 ? static_cast<std::size_t>(first_hit_after_[static_cast<std::size_t>(cell - 1)]) : 0;
         k < hit_cells_.size(); ++k) {
      const int d = hit_row_[k] - r;
      if (d < lane_count) {
        h.lanes |= lane_word{1} << (d * lane_bits + hit_col_[k]);
      } else {
        if (h.beyond++ == 0) h.first_beyond = hit_cells_[k];
      }
    }
    return h;
  }
  // What a state before a cell of `row` (with the blocks of its columns, h
  // and ul merged) leaves its last ship.
  [[nodiscard]] [[gnu::always_inline]] last_ship_view view_of(int row, const column_block& b,
                                                              const hits_ahead& hits) const noexcept {
    last_ship_view v;
    v.blocked = b.blocked;
    if (hits.lanes == 0 && hits.beyond == 0) return v;
    v.must = hits.lanes & ~b.ship;
    v.beyond = hits.beyond;
    if (v.must != 0) {
      const auto low = static_cast<std::uint64_t>(v.must);
      const int bit =
          low != 0 ? std::countr_zero(low) : 64 + std::countr_zero(static_cast<std::uint64_t>(v.must >> 64));
      v.anchor = (row + bit / lane_bits) * p_.width + bit % lane_bits;
    } else if (hits.beyond > 0) {
      v.anchor = hits.first_beyond;
    }
    return v;
  }
  // The blocks of chunks [from, to) of profile slots, `codes` holding chunk
  // `from` in its low bits. Only what the rule and the hits ahead need: reach
  // under the contact rules, ship cells when a hit lies ahead.
  [[nodiscard]] [[gnu::always_inline]] column_block chunk_blocks(Key codes, std::size_t from,
                                                                 std::size_t to) const noexcept {
    const std::size_t values = std::size_t{1} << chunk_bits_;
    const Key chunk_mask = static_cast<Key>(values - 1);
    column_block b;
    for (std::size_t k = from, at = from * values; k < to; ++k, codes >>= chunk_bits_, at += values) {
      const std::size_t e = at + static_cast<std::size_t>(codes & chunk_mask);
      b.blocked |= step_blocked_[e];
      if (step_has_hits_) b.ship |= step_ship_[e];
    }
    return b;
  }
  // The view of a state before the prepared cell: one table entry per chunk
  // from `first_chunk` on, `below` holding the blocks of the chunks before it.
  [[nodiscard]] [[gnu::always_inline]] last_ship_view view_at(Key key, column_block below,
                                                              std::size_t first_chunk) const noexcept {
    column_block b = chunk_blocks(
        key >> (static_cast<std::size_t>(code_shift_) + first_chunk * static_cast<std::size_t>(chunk_bits_)),
        first_chunk, chunks_);
    b.merge(below);
    b.merge(step_h_blocks_[static_cast<std::size_t>(key >> h_shift_) & h_mask_]);
    if (p_.rule == adjacency::no_contact && ((key >> ul_shift_) & 1U) != 0) b.merge(step_ul_block_);
    return view_of(step_row_, b, step_hits_);
  }
  // The same for a state before any cell, column by column (a draw's end).
  [[nodiscard]] last_ship_view view_before(int cell, Key key) const noexcept {
    const int W = p_.width, c = cell % W;
    const unsigned code_mask = (1U << code_bits_) - 1;
    column_block b;
    Key codes = key >> code_shift_;
    for (int slot = 0; slot < W; ++slot, codes >>= code_bits_)
      b.merge(block_of_slot(cell, slot, static_cast<int>(static_cast<unsigned>(codes) & code_mask)));
    const int h = static_cast<int>(key >> h_shift_) & ((1 << h_bits_) - 1);
    for (int j = c; j < c + h; ++j) b.merge(column_blocks_[column_block_index(j, 1, true)]);
    if (p_.rule == adjacency::no_contact && ((key >> ul_shift_) & 1U) != 0 && c > 0)
      b.merge(column_blocks_[column_block_index(c - 1, 1, false)]);
    return view_of(cell / W, b, hits_ahead_of(cell));
  }

  // Adds what the absorbed states of the forward pass cover after their
  // absorption to the occupancy the backward pass found before it.
  void add_tally(std::vector<count_type>& occupancy) const {
    const int W = p_.width, n = p_.cells();
    count_type east = 0;
    std::vector<count_type> down(static_cast<std::size_t>(W), 0);
    for (int i = 0; i < n; ++i) {
      east += tally_east_[static_cast<std::size_t>(i)];
      down[static_cast<std::size_t>(i % W)] += tally_down_[static_cast<std::size_t>(i)];
      auto& o = occupancy[static_cast<std::size_t>(i)];
      o = checked_add(o, east + down[static_cast<std::size_t>(i % W)]);
    }
  }

  // After a pass over folded layers: cells c and W-1-c of a row hold the
  // occupancy of both; the problem is symmetric, so each holds half.
  void split_mirrored_pairs(std::vector<count_type>& occupancy) const {
    const int W = p_.width;
    for (int r = 0; r < p_.height; ++r)
      for (int c = 0; c < W - 1 - c; ++c) {
        count_type& a = occupancy[static_cast<std::size_t>(r * W + c)];
        count_type& b = occupancy[static_cast<std::size_t>(r * W + W - 1 - c)];
        // Each holds at most the total, but the two together may pass 128
        // bits (a weighted total past 2^127): halve without forming the sum.
        if ((a ^ b) % 2 != 0) throw std::logic_error("profile_dp: a mirrored row's occupancy is not symmetric");
        a = b = a / 2 + b / 2 + (a & b & 1);
      }
  }

  // The key bits of profile slot `slot` (slot 0: the code of the cell above
  // the next one).
  [[nodiscard]] Key code_slot_bits(int slot) const noexcept {
    return static_cast<Key>((Key{1} << code_bits_) - 1) << (code_shift_ + slot * code_bits_);
  }

  // Can a count step two cells at a time? The two new codes index the
  // output streams, at most 64 of them (ships of up to 7 cells).
  [[nodiscard]] bool pair_steps() const noexcept { return p_.width >= 2 && 2 * code_bits_ <= 6; }

  // What a step at cell i needs, computed once per cell.
  struct cell_context {
    int i = 0, row = 0, col = 0;
    bool has_left = false, has_up_right = false;
    signed char forced = 0;
    int free_after = 0;                      // cells after this one that are not misses
    int hits_after = 0;                      // hit cells after this one
    int first_hit_after = 0;                 // index in hit_cells_ of the first hit after this cell
    int top_shift = 0;                       // where the new code goes
    Key live_codes = ~Key{0};                // the key bits its successors keep (live_codes_)
    const unsigned char* fitting = nullptr;  // with lanes: lanes_.fitting_row(free_after)
  };
  [[nodiscard]] cell_context context(int i) const noexcept {
    const int W = p_.width, c = i % W;
    cell_context x;
    x.i = i;
    x.row = i / W;
    x.col = c;
    x.has_left = c > 0;
    x.has_up_right = c + 1 < W;
    x.forced = p_.forced[static_cast<std::size_t>(i)];
    x.free_after = free_after_[static_cast<std::size_t>(i)];
    x.hits_after = hits_after_[static_cast<std::size_t>(i)];
    x.first_hit_after = first_hit_after_[static_cast<std::size_t>(i)];
    x.top_shift = code_shift_ + (W - 1) * code_bits_;
    x.live_codes = live_codes_[static_cast<std::size_t>(i)];
    if (lanes_.ready()) x.fitting = lanes_.fitting_row(x.free_after);
    return x;
  }

  // Can the hits after cell x.i still be covered from state s (a state
  // before cell x.i + 1)? Hits on cells the state has already committed (the
  // rest of the current horizontal ship, the rest of every vertical ship
  // running down) are fine; each other one needs an unplaced ship, and hits
  // that pairwise no single ship can reach need distinct ships. A necessary
  // condition only: it prunes states early that would die at a later hit.
  [[nodiscard]] bool hits_coverable(const cell_context& x, Key s, int need) const noexcept {
    const int left = ships_left_[static_cast<std::size_t>(s & count_mask_)];
    // expand() tests this before the call, so it never holds there; without
    // it GCC 12 compiles the pair step into 4-6 % more instructions (RESULTS.md, session 14).
    if (x.hits_after <= need && x.hits_after <= left) return true;
    return hits_left_to_cover(x, s, left, need) <= need;
  }
  // The hits after cell x.i that state s leaves to its `left` unplaced ships
  // (see hits_coverable), or limit + 1 once they pass `limit` or need more
  // ships than `left`.
  [[nodiscard]] int hits_left_to_cover(const cell_context& x, Key s, int left, int limit) const noexcept {
    const int W = p_.width, r = x.row, c = x.col;
    const int h = static_cast<int>(static_cast<unsigned>(s >> h_shift_) & h_mask_);
    const unsigned cmask = code_mask_;
    int uncovered = 0, independent = 0;
    std::array<std::size_t, 8> chosen{};  // indices into hit_cells_
    for (std::size_t k = static_cast<std::size_t>(x.first_hit_after); k < hit_cells_.size(); ++k) {
      const int cell = hit_cells_[k];
      if (cell <= x.i + h) continue;  // the current horizontal ship reaches it
      const int row = hit_row_[k], col = hit_col_[k];
      const int slot = col > c ? col - c - 1 : col - c - 1 + W;
      const int code = static_cast<int>(static_cast<unsigned>(s >> (code_shift_ + slot * code_bits_)) & cmask);
      if (code >= 2) {
        const int top = col <= c ? r + 1 : r;
        if (row >= top && row < top + code - 1) continue;  // a vertical ship runs down over it
      }
      if (++uncovered > limit) return limit + 1;
      bool shared = false;
      for (int m = 0; m < independent && !shared; ++m) {
        const std::size_t other = chosen[static_cast<std::size_t>(m)];
        shared = (hit_row_[other] == row && std::abs(hit_col_[other] - col) < p_.max_length) ||
                 (hit_col_[other] == col && std::abs(hit_row_[other] - row) < p_.max_length);
      }
      if (!shared) {
        if (independent == left) return limit + 1;
        if (independent < static_cast<int>(chosen.size())) chosen[static_cast<std::size_t>(independent++)] = k;
      }
    }
    return uncovered;
  }

  // Calls emit(next state, weight, kind) for every way to fill the cell from
  // state s (always in the same order, which the edge indices rely on).
  // With Lanes s is keyed by its level (see step_lanes): a start takes
  // one ship off it, `lane_types` are the types its lanes hold, and the
  // caller prunes, as that needs the lanes' values.
  template <bool Lanes = false, class Emit>
  [[gnu::always_inline]] inline void expand(const cell_context& x, Key s, Emit&& emit, unsigned lane_types = 0) const {
    const bool touching = p_.rule == adjacency::touching;
    const bool no_contact = p_.rule == adjacency::no_contact;
    const unsigned cmask = code_mask_;
    const unsigned a = static_cast<unsigned>(s >> code_shift_) & cmask;  // code[c]: the cell above
    const unsigned h = static_cast<unsigned>(s >> h_shift_) & h_mask_;
    const Key count_mask = count_mask_;
    // The profile popped (code[c] gone), h = ul = 0, counts kept.
    Key base = ((s >> pop_shift_) << code_shift_) | (s & count_mask);
    const Key occupied_code = touching ? Key{0} : Key{1} << x.top_shift;
    // A state is dead when its unplaced ships no longer fit in the cells
    // left, or when they and the cells already committed below and to the
    // east cannot cover the hits left.
    auto emit_if_room = [&](Key next, std::uint64_t w, int kind) __attribute__((always_inline)) {
      if constexpr (Lanes) {
        emit(next, w, kind);
      } else {
        const int need = cells_needed_[static_cast<std::size_t>(next & count_mask)];
        if (need > x.free_after) return;
        // Both counts below are at most the number of hits ahead: most states
        // pass without the call, which looks at the hits one by one.
        if (x.hits_after > 0 &&
            (x.hits_after > need || x.hits_after > ships_left_[static_cast<std::size_t>(next & count_mask)]) &&
            !hits_coverable(x, next, need))
          return;
        emit(next, w, kind);
      }
    };
    bool blocked = false;  // a neighbour other than the ship itself is a ship cell
    bool diagonal = false;
    if (!touching) {
      blocked = x.has_left && ((static_cast<unsigned>(s >> x.top_shift) & cmask) != 0);
      if (no_contact) {
        const bool up_right = x.has_up_right && (static_cast<unsigned>(s >> pop_shift_) & cmask) != 0;
        diagonal = ((s >> ul_shift_) & 1U) != 0 || up_right;
        // Code[c] becomes the up-left mark of the next cell, which forbids
        // only that cell. With close_rows_ it is left unmarked where the
        // codes above forbid that cell anyway, as they do for the cells
        // close_row() marks: states differing only there merge.
        if (x.has_up_right && a != 0 &&
            !(close_rows_ && (up_right || (x.col + 2 < p_.width &&
                                           (static_cast<unsigned>(s >> (code_shift_ + 2 * code_bits_)) & cmask) != 0))))
          base |= Key{1} << ul_shift_;
      }
      base &= x.live_codes;
    }
    if (a >= 2) {  // a vertical ship runs down into this cell
      // Its diagonal neighbours above are no matter: nothing there may touch
      // it, and where close_row() marks them they forbid only cells beside it.
      if (h > 0 || x.forced < 0 || blocked) return;
      const Key nc = a > 2 ? static_cast<Key>(a - 1) << x.top_shift : occupied_code;
      emit_if_room(base | nc, 1, step_covered);
      return;
    }
    if (h > 0) {  // the current horizontal ship continues (its west neighbour is itself)
      if (x.forced < 0 || diagonal || (!touching && a != 0)) return;
      emit_if_room(base | occupied_code | (static_cast<Key>(h - 1) << h_shift_), 1, step_covered);
      return;
    }
    if (x.forced <= 0) emit_if_room(base, 1, step_water);
    if (x.forced < 0 || blocked || diagonal || (!touching && a != 0)) return;
    // Under the contact rules nothing may start beside a vertical ship
    // running down into the east neighbour (no contact already saw it as
    // the up-right cell).
    if (!touching && x.has_up_right && (static_cast<unsigned>(s >> pop_shift_) & cmask) >= 2) return;
    unsigned avail = Lanes ? lane_types : available_[static_cast<std::size_t>(s & count_mask)];
    const std::size_t cells = static_cast<std::size_t>(p_.cells());
    while (avail != 0) {
      const int t = std::countr_zero(avail);
      avail &= avail - 1;
      const auto& ty = p_.types[static_cast<std::size_t>(t)];
      const Key after = base - (Lanes ? Key{1} : static_cast<Key>(stride_[static_cast<std::size_t>(t)]));
      const std::uint64_t* w = &p_.weight[(static_cast<std::size_t>(t) * cells + static_cast<std::size_t>(x.i)) * 2];
      // The start's weight is 0 unless the ship fits in the row, so slots
      // 1..L-1 are columns of row r-1 to the east; slot L is when c + L < W.
      // Under no edge contact, a vertical ship running down beside the
      // ship's end (slot L) would touch it as well.
      const bool east_end = x.col + ty.length < p_.width;
      if (w[0] != 0 && (s & row_clear_[static_cast<std::size_t>(2 * ty.length + (east_end ? 1 : 0))]) == 0 &&
          !(east_end && p_.rule == adjacency::no_edge &&
            (static_cast<unsigned>(s >> (code_shift_ + ty.length * code_bits_)) & cmask) >= 2))
        emit_if_room(after | occupied_code | (static_cast<Key>(ty.length - 1) << h_shift_), w[0], 2 * t);
      if (w[1] != 0) emit_if_room(after | (static_cast<Key>(ty.length) << x.top_shift), w[1], 2 * t + 1);
    }
  }

  // Calls visit(next, w, kind, w2, kind2) for every path over cells x.i and
  // x2.i = x.i + 1 from state s, in the order of a pair step's edges. The
  // first cell's successors are gathered first, so that the second
  // expansion is compiled once instead of at every place the first one
  // emits (the backward pass with weights and the sampler; the forward
  // pass nests them for speed).
  template <class Visit>
  void expand_pair(const cell_context& x, const cell_context& x2, Key s, Visit&& visit) const {
    struct successor {
      Key key;
      std::uint64_t w;
      int kind;
    };
    std::array<successor, 1 + 2 * max_ships> mids;  // at most one per type and direction, plus water
    std::size_t count = 0;
    expand(x, s, [&](Key mid, std::uint64_t w, int kind) { mids[count++] = {mid, w, kind}; });
    for (std::size_t k = 0; k < count; ++k)
      expand(x2, mids[k].key,
             [&](Key next, std::uint64_t w2, int kind2) { visit(next, mids[k].w, mids[k].kind, w2, kind2); });
  }

  template <class V>
  std::uint32_t step_by(int stride, int i, layer& cur, layer& nxt, bool record_edges) {
    if constexpr (std::is_same_v<V, lane_values>)
      return stride == 2 ? step_lanes<2>(i, cur, nxt, record_edges) : step_lanes<1>(i, cur, nxt, record_edges);
    else
      return stride == 2 ? step<V, 2>(i, cur, nxt, record_edges) : step<V>(i, cur, nxt, record_edges);
  }
  // Frees the rolling buffers of the value types other than V's.
  template <class V>
  void free_other_rolling() {
    const void* const kept = &rolling_of<V>();
    if (kept != static_cast<const void*>(&rolling64_)) rolling64_ = {};
    if (kept != static_cast<const void*>(&rolling128_)) rolling128_ = {};
    if (kept != static_cast<const void*>(&rolling_lanes_)) rolling_lanes_ = {};
  }
  template <class V>
  std::array<std::vector<V>, 2>& rolling_of() {
    if constexpr (std::is_same_v<V, lane_values>)
      return rolling_lanes_;
    else
      return pick<V>(rolling64_, rolling128_);
  }
  template <class V>
  void backward_step_by(int stride, int i, layer& L, const layer& next, const std::vector<V>& next_b, std::vector<V>& b,
                        std::vector<count_type>* occupancy) {
    if constexpr (std::is_same_v<V, lane_values>) {
      // Weights: a template argument, which keeps the unweighted edges free
      // of a multiply.
      const bool weighted = !p_.unit_weights;
      if (stride == 2 && weighted)
        backward_step_lanes<2, true>(i, L, next.end_lanes, next_b, b, occupancy);
      else if (stride == 2)
        backward_step_lanes<2, false>(i, L, next.end_lanes, next_b, b, occupancy);
      else if (weighted)
        backward_step_lanes<1, true>(i, L, next.end_lanes, next_b, b, occupancy);
      else
        backward_step_lanes<1, false>(i, L, next.end_lanes, next_b, b, occupancy);
    } else if (stride == 2) {
      backward_step<V, 2>(i, L, next_b, b, occupancy);
    } else {
      backward_step<V, 1>(i, L, next_b, b, occupancy);
    }
  }

  template <class V>
  struct entry {
    Key key;
    V val;
    std::uint32_t id;
    std::uint32_t low;  // the dense table's index, once step() computed it (it fills the padding)
  };

  // layers_[i] holds the states before cell i. Without keep_layers only the
  // two scratch slots are used, alternately. With it, layers_[first_kept_..full_] are
  // kept whole (states, values and edges) while their bytes stay within a
  // quarter of the memory limit; past that only every checkpoint_stride_-th
  // layer keeps its states and values, and backward() recomputes the layers
  // between two checkpoints when it gets there (one extra forward step per
  // cell, memory bounded by the checkpoints plus one segment). Vectors keep
  // their capacity between calls, so repeated counts reuse memory instead of
  // faulting in fresh pages. first_kept_ is 0 unless a counter's problem
  // reads the same bottom to top (see mirrored_rows()): then the occupancy of
  // the top rows is that of the bottom rows, and the tables start half way.
  // Is layer i in layers_ (kept whole, or a checkpoint)? The last one always is.
  // Where pair_steps() allows, the whole stretch steps two cells at a time
  // (see stride_from), so only every other layer of it exists.
  [[nodiscard]] bool in_layers(int i) const noexcept {
    const int n = p_.cells();
    if (i < first_kept_) return false;
    if (i == n) return true;
    if (i <= full_) return !pair_steps() || (i - first_kept_) % 2 == 0;
    return (i - full_) % checkpoint_stride_ == 0;
  }
  // Cells stepped from layer i towards layer `to` when edges are kept: two
  // when layers are paired and both cells come before `to`. full_ and the
  // checkpoints only ever fall on paired layers.
  [[nodiscard]] int stride_from(int i, int to) const noexcept { return pair_steps() && i + 2 <= to ? 2 : 1; }
  [[nodiscard]] std::vector<int> step_starts(int from, int to) const {
    std::vector<int> starts;
    for (int i = from; i < to; i += stride_from(i, to)) starts.push_back(i);
    return starts;
  }

  void interruption_point() const {
    if (interruption_check_ && *interruption_check_) (*interruption_check_)();
  }

  [[noreturn]] void refuse_memory(keep_tables what) const {
    if (what == keep_tables::for_single_draws)
      throw std::length_error("the sampling tables pass three quarters of the memory limit (" +
                              byte_size_name(memory_limit_) +
                              "), so layouts cannot be drawn one at a time; raise the limit");
    throw std::length_error(
        std::string(what == keep_tables::for_occupancy ? "the occupancy matrix"
                    : what != keep_tables::nothing     ? "exact sampling"
                                                       : "the exact count") +
        " needs more than " + byte_size_name(memory_limit_) + " of memory on this board; " +
        (what == keep_tables::for_occupancy ? "count without it, or raise the limit" : "raise the limit"));
  }

  template <class V>
  count_type forward_as(keep_tables what) {
    const int n = p_.cells();
    const bool keep_layers = what != keep_tables::nothing;
    kept_layers_ = 0;
    completions_kept_ = false;
    full_ = keep_layers ? n : 0;
    first_kept_ = what == keep_tables::for_occupancy && mirrored_ ? p_.width * (p_.height / 2) : 0;
    fold_rows_ = mirrored_columns_ && fold_allowed_;
    checkpoint_stride_ = 0;
    absorbed_total_ = 0;
    tally_ = keep_layers;
    if (tally_) {
      if (last_ship_ready_) {
        // resize and fill with a constant 0, which compiles to a memset (an
        // assign's fill is a scalar loop: 0.08 M instructions on 10x10).
        auto& acc = pick<V>(last_ship_acc64_, last_ship_acc128_);
        acc.resize(last_ship_.accumulator_size());
        std::fill(acc.begin(), acc.end(), 0);
      }
      tally_east_.assign(static_cast<std::size_t>(n + p_.max_length + 1), 0);
      tally_down_.assign(static_cast<std::size_t>((p_.height + p_.max_length + 1) * p_.width), 0);
      if (two_ship_ready_) two_ship_.expect_notes();
    }
    if (keep_layers) layers_.resize(static_cast<std::size_t>(n + 1));
    // What an earlier pass left and this one will not write is freed, not
    // kept: the limit counts what this pass holds. Layers before the first
    // kept one now; those this pass skips as it reaches them (free_skipped).
    auto free_layer = [&](int j) {
      layer& l = layers_[static_cast<std::size_t>(j)];
      if (layer_bytes(l) != 0) l = layer{};
    };
    auto free_skipped = [&](int j) {
      if (keep_layers && j <= n && !in_layers(j)) free_layer(j);
    };
    if (keep_layers) {
      for (int j = 0; j < first_kept_; ++j) free_layer(j);
      free_other_rolling<V>();
    }
    layer& first = keep_layers && in_layers(0) ? layers_[0] : scratch_[0];
    if constexpr (std::is_same_v<V, lane_values>) {
      // Keyed by the ships left, all of them, in the lane of the whole fleet.
      int ships = 0;
      for (const auto& t : p_.types) ships += t.multiplicity;
      first.keys.assign(1, static_cast<Key>(ships));
      f_of<V>(first).assign(1, unit_value<V>(lanes_.lane_of(count_states_ - 1)));
    } else {
      first.keys.assign(1, static_cast<Key>(count_states_ - 1));
      f_of<V>(first).assign(1, 1);
    }
    peak_states_ = 1;
    // The kept layers' bytes; the closed forms' tables count too (closed_form_bytes()).
    std::size_t bytes = 0, peak_past_full = 0, peak_held = 0;
    const std::size_t full_budget = table_budget(memory_limit_, what);
    // The sampler's completions: backward() writes them into each kept
    // layer, one per state and end. The occupancy's rolls them through two
    // buffers instead (rolling_bytes(), below).
    const std::size_t b_bytes = what == keep_tables::for_occupancy ? 0 : sizeof(V);
    // A kept layer counts by capacity, which is what it holds (a vector
    // grown by push_back holds up to twice its size); its edges arrive one
    // step later, when it is the layer stepped from, and count then.
    std::size_t last_kept = 0;  // the last kept layer's bytes as counted
    auto kept_bytes = [&](const layer& l) { return layer_bytes(l) + (l.keys.size() + l.end_keys.size()) * b_bytes; };
    auto count_kept = [&](const layer& l) {
      last_kept = kept_bytes(l);
      bytes += last_kept;
    };
    auto recount_last_kept = [&](const layer& l) {
      const std::size_t now = kept_bytes(l);
      bytes = bytes - last_kept + now;
      last_kept = now;
    };
    // For the segment below: per state kept whole, key, f, b and its
    // first-edge index; an edge, its successor and with lanes the types its
    // path starts.
    const std::size_t whole_bytes = sizeof(Key) + sizeof(V) + b_bytes + sizeof(std::uint32_t);
    const std::size_t edge_bytes =
        sizeof(std::uint32_t) + (std::is_same_v<V, lane_values> ? sizeof(std::uint8_t) : std::size_t{0});
    // The occupancy's backward() rolls completions through two buffers as
    // wide as the widest layer it walks (states and ends: not the top half of
    // a mirrored board), kept from call to call.
    std::size_t widest = 0;
    auto rolling_bytes = [&] {
      if (what != keep_tables::for_occupancy) return std::size_t{0};
      const auto& rolling = rolling_of<V>();
      return std::max(widest * sizeof(V), capacity_bytes(rolling[0])) +
             std::max(widest * sizeof(V), capacity_bytes(rolling[1]));
    };
    // What the call holds once this step is done: the kept layers, the
    // closed forms, the pass's working buffers (all of a count alone's
    // states) and backward()'s rolling completions. The budget for whole
    // layers weighs it, and so does the limit, with the segment below.
    auto held_now = [&] { return bytes + closed_form_bytes() + pass_work_bytes() + rolling_bytes(); };
    // Every step ends here: the memory limit, then the caller's interruption check.
    auto end_step = [&](std::size_t held) {
      // backward() will also hold one recomputed segment whole: at most
      // checkpoint_stride_ layers of the largest size seen past full_, with
      // about 1.5 edges per state (we allow 2; paired layers are half as many,
      // with about 2 paths per state).
      const std::size_t segment =
          static_cast<std::size_t>(checkpoint_stride_) * peak_past_full * (whole_bytes + 2 * edge_bytes);
      if (held + segment > memory_limit_) refuse_memory(what);
      interruption_point();
    };
    for (int i = 0, stride = 1; i < n; i += stride) {
      free_skipped(i + 1);
      free_skipped(i + 2);
      const bool whole = keep_layers && i >= first_kept_ && i < full_;
      stride = whole ? stride_from(i, n) : 1;
      layer& cur = keep_layers && in_layers(i) ? layers_[static_cast<std::size_t>(i)]
                                               : scratch_[static_cast<std::size_t>(i % 2)];
      const bool stored = keep_layers && in_layers(i + stride);
      layer& nxt =
          stored ? layers_[static_cast<std::size_t>(i + stride)] : scratch_[static_cast<std::size_t>((i + 1) % 2)];
      // Without edges (a count alone, the top half of a mirrored problem,
      // between checkpoints) step two cells at a time unless the layer in
      // between is kept.
      // On an odd-width board a pair step can jump over a row boundary,
      // where a folding pass merges mirror images: a count (or the top half)
      // then steps one cell there. Checkpointed stretches keep their pairs,
      // as backward() recomputes them that way.
      const bool boundary_next = fold_rows_ && (i + 1) % p_.width == 0 && (!keep_layers || i < first_kept_);
      if (!whole && !stored && i + 1 < n && pair_steps() && !boundary_next) {
        // Layer i + 2 is kept (the first kept one, or a checkpoint), or lands
        // in the other scratch slot, and swapping the slots puts it where
        // scratch_[(i + 2) % 2] is expected.
        const bool into_kept = keep_layers && in_layers(i + 2);
        layer& dest = into_kept ? layers_[static_cast<std::size_t>(i + 2)] : nxt;
        into_kept_layer_ = into_kept;
        step_by<V>(2, i, cur, dest, false);
        const std::size_t built = dest.keys.size(), ends = dest.end_keys.size();  // before the swap below moves them
        if (!into_kept) std::swap(scratch_[0], scratch_[1]);
        peak_states_ = std::max(peak_states_, built);
        if (i + 2 >= first_kept_) widest = std::max(widest, built + ends);
        if (into_kept && i + 2 == first_kept_) count_kept(dest);
        if (keep_layers && i >= full_) {
          peak_past_full = std::max(peak_past_full, built + ends);
          if (into_kept) count_kept(dest);
        }
        end_step(held_now());
        stride = 2;
        continue;
      }
      into_kept_layer_ = stored;
      step_by<V>(stride, i, cur, nxt, whole);
      peak_states_ = std::max(peak_states_, nxt.keys.size());
      if (i + stride >= first_kept_) widest = std::max(widest, nxt.keys.size() + nxt.end_keys.size());
      if (!keep_layers || i + 1 < first_kept_) {
        end_step(held_now());
        continue;
      }
      if (i + 1 == first_kept_) {  // the first kept layer, whole
        count_kept(nxt);
        end_step(held_now());
        continue;
      }
      if (whole) {
        recount_last_kept(cur);
        count_kept(nxt);
        const std::size_t held = held_now();
        peak_held = std::max(peak_held, held);
        if (held > full_budget && i + stride < n) {
          if (what == keep_tables::for_single_draws) refuse_memory(what);
          // From here on keep checkpoints only, about sqrt(cells left) apart.
          full_ = i + stride;
          checkpoint_stride_ = std::max(1, static_cast<int>(std::sqrt(static_cast<double>(n - full_))));
          if (pair_steps()) checkpoint_stride_ += checkpoint_stride_ % 2;  // checkpoints on paired layers
        }
        end_step(held);
        continue;
      }
      peak_past_full = std::max(peak_past_full, nxt.keys.size() + nxt.end_keys.size());
      if (stored) count_kept(nxt);
      end_step(held_now());
    }
    layer& last = keep_layers ? layers_[static_cast<std::size_t>(n)] : scratch_[static_cast<std::size_t>(n % 2)];
    // Every state reaching the end has every ship placed, and was absorbed.
    count_type total = absorbed_total_;
    for (const auto& v : f_of<V>(last)) total = checked_add(total, value_total(v));
    tally_ = false;  // backward() recomputes stretches: their absorptions are tallied already
    if (keep_layers) kept_layers_ = n + 1;
    kept_for_ = what;
    widest_walked_ = widest;
    // A stretch is recomputed in checkpoint_stride_ - 1 layers at most.
    if (!keep_layers || full_ >= n)
      segment_ = {};
    else if (segment_.size() > static_cast<std::size_t>(checkpoint_stride_))
      segment_.resize(static_cast<std::size_t>(checkpoint_stride_));
    // The peak, not the end: buffers can move between the terms.
    table_bytes_ = keep_layers ? std::max(peak_held, held_now()) : 0;
    return total;
  }

  // One cell: expands the states of `cur` (before cell i) into `nxt`, sorted
  // and merged; with record_edges it also fills cur.first_edge and cur.dst.
  // Returns the number of edges. Deterministic: backward() relies on a
  // recomputed layer being identical to the first one.
  // Stride 2 steps over cells i and i + 1 at once: each state's successors'
  // successors are merged directly, so the layer in between is never sorted
  // or stored, and an edge is a path over both cells. The streams are then
  // indexed by the two new codes on top of the key (see pair_steps()).
  template <class V, int Stride = 1>
  std::uint32_t step(int i, layer& cur, layer& nxt, bool record_edges) {
    static_assert(Stride == 1 || Stride == 2);
    const int n = p_.cells();
    const cell_context ctx = context(i);
    const cell_context ctx2 = context(i + Stride - 1);
    const bool last = i + Stride - 1 == n - 1;
    const std::size_t codes =
        Stride == 1 ? static_cast<std::size_t>(p_.max_length + 1) : std::size_t{1} << (2 * code_bits_);
    stream_keys_.resize(codes);
    // Kept between calls, like the layers: a fresh vector would grow (and
    // fault in pages) again on every call.
    std::vector<std::vector<V>>& stream_f = pick<V>(stream_f64_, stream_f128_);
    stream_f.resize(codes);
    std::vector<entry<V>>& batch = pick<V>(batch64_, batch128_);
    const int q_shift = code_shift_ + Stride * code_bits_;  // Q: the profile above the codes consumed
    const int top_shift = code_shift_ + (p_.width - Stride) * code_bits_;
    const Key count_mask = static_cast<Key>((Key{1} << count_bits_) - 1);
    // The dense per-chunk table, when the low part of a key is small.
    const int low_bits = Stride * code_bits_ + code_shift_;
    // A pair step's table is one code wider; 2^15 entries still sit in L2.
    const bool dense = low_bits <= dense_table_bits_ + (Stride - 1) * code_bits_;
    const Key low_mask = static_cast<Key>((Key{1} << code_shift_) - 1);
    std::vector<V>& acc = pick<V>(acc64_, acc128_);
    if (dense) {
      acc.resize(std::size_t{1} << low_bits);
      index_of_.resize(std::size_t{1} << low_bits);
      clear_bitmap(low_bits);
    }
    std::vector<std::uint64_t>& occupied = occupied_;
    std::vector<std::uint64_t>& summary = summary_;
    std::vector<std::uint32_t>& index_of = index_of_;
    // Raw pointers and local counts: the appends below could alias a
    // vector's own fields, so the compiler would reload them every time.
    const Key* const keys = cur.keys.data();
    const std::size_t key_count = cur.keys.size();
    const V* const f = f_of<V>(cur).data();
    // A state has at most one successor per type and direction, plus water.
    const std::size_t max_successors =
        Stride == 1 ? 1 + 2 * p_.types.size() : (1 + 2 * p_.types.size()) * (1 + 2 * p_.types.size());
    if (record_edges && cur.first_edge.size() < key_count + 1) cur.first_edge.resize(key_count + 1);
    std::uint32_t* const first_edge = cur.first_edge.data();
    // Each stream is written through a plain index into vectors kept at
    // their capacity (cheaper than push_back's two reloads per append).
    std::array<std::size_t, 64> fill{};
    if (codes > fill.size()) throw std::length_error("profile_dp: ships longer than 62 cells");
    prepare_streams(stream_f, codes);
    std::uint32_t edges = 0;
    // Absorbed successors (see tally_absorbed): their values summed, and
    // when tallied, by the codes of each chunk of profile slots and by h.
    V absorbed_sum = 0;
    running_tally<V> tally(*this, pick<V>(by_code64_, by_code128_), Stride, tally_);
    // States with one ship left are absorbed too, with their completions in
    // closed form, unless the tables do not serve this board. Only pair
    // steps do it (those make nearly every layer; the code would otherwise be
    // compiled twice more per value width): a single step leaves such a
    // state in its layer, and the next pair step absorbs its successors.
    const int next = i + Stride;
    const bool ends_here = Stride == 2 && last_ship_ready_ && !last;
    // Ends are kept with the layer they belong to whenever its edges are
    // recorded or it is kept (forward_as sets into_kept_layer_).
    const bool keep_ends = record_edges || (tally_ && into_kept_layer_);
    nxt.end_keys.clear();
    nxt.end_completions.clear();
    if (ends_here) prepare_column_blocks(next);
    std::vector<V>& last_ship_acc = pick<V>(last_ship_acc64_, last_ship_acc128_);
    Key q = 0;  // the chunk of states being expanded: see the loop below
    successor_views view_of_successor(*this, tally.first_new_chunk);
    // A successor with every ship placed: summed, and tallied for the occupancy.
    auto absorb = [&](Key key, V value) __attribute__((always_inline)) {
      absorbed_sum = value_add(absorbed_sum, value);
      if (tally_) tally.add(key, value);
    };
    // Appends one successor state to the stream of its new code; returns its index there.
    auto push_state = [&](Key key, V value) __attribute__((always_inline))->std::uint32_t {
      if ((key & count_mask) == 0) {
        absorb(key, value);
        return absorbed;
      }
      // After the last cell only states with every ship placed count.
      if (last) return dropped;
      if constexpr (Stride == 2)
        if (ends_here && ships_left_[static_cast<std::size_t>(key & count_mask)] == 1) {
          const std::size_t t = last_type_[static_cast<std::size_t>(key & count_mask)];
          const last_ship_view view = view_of_successor(key);
          // The occupancy's accumulator takes plain adds: every entry is at
          // most the total, and a pass whose total passes 64 bits is redone
          // in 128 (forward()), so a wrapped 64-bit entry is never read.
          V* const end_acc = last_ship_acc.data();
          const std::uint64_t completions =
              tally_
                  ? last_ship_.prepared_completions(t, step_row_, view, [&](std::size_t at) { end_acc[at] += value; })
                  : last_ship_.prepared_completions(t, step_row_, view, [](std::size_t) {});
          if (completions == 0) return dropped;  // (whatever it added to the occupancy is multiplied by 0)
          const V layouts = value_mul<V>(value, completions);
          absorbed_sum = value_add(absorbed_sum, layouts);
          if (tally_) tally.add(key, layouts);
          if (!keep_ends) return absorbed;
          nxt.end_keys.push_back(key);
          nxt.end_completions.push_back(completions);
          return static_cast<std::uint32_t>(nxt.end_keys.size() - 1) | end_tag;
        }
      return append_to_stream(fill, stream_f, static_cast<std::size_t>(key >> top_shift), key, value);
    };
    // Touching allowed, a pair step places the last two ships side by side
    // on many paths (1.5 M distinct successors with every ship placed a
    // call on the empty 10x10 board: RESULTS.md, session 14). Under the
    // contact rules two ships never start in neighbouring cells, so such
    // paths are rare (from a state with one ship left that no closed form
    // took), and the test in emit() would cost more than it saves.
    const bool absorb_paths_early = p_.rule == adjacency::touching;
    edge_writer<false> edge_out(cur, edge_stream_, codes, top_shift);
    for (std::size_t s = 0; s < key_count;) {
      // One chunk: the states sharing Q. Their successors all share Q too, so
      // ordering the chunk's successors among themselves puts them in layer
      // order. On the empty 10x10 board two chunks in three have a single
      // successor; the others have about 16.
      q = keys[s] >> q_shift;
      view_of_successor.start_chunk(q);
      std::size_t pending = 0;
      for (; s < key_count && (keys[s] >> q_shift) == q; ++s) {
        if (pending + max_successors > batch.size()) batch.resize(2 * (pending + max_successors));
        if (record_edges) {
          first_edge[s] = edges;
          edge_out.reserve(edges + max_successors);
        }
        const V fs = f[s];
        entry<V>* const out = batch.data();
        // A path that places the last ship ends the layouts it extends (see
        // tally_absorbed): summed here, it skips the merge below (push_state
        // would sum it just the same).
        auto emit = [&](Key succ, V value, std::uint32_t id) __attribute__((always_inline)) {
          if (absorb_paths_early && (succ & count_mask) == 0) {
            absorb(succ, value);
            if (record_edges) edge_out.record_absorbed(id & index_mask, id & flags_mask);
            return;
          }
          entry<V>& e = out[pending++];  // (low: only the dense path sets and reads it)
          e.key = succ;
          e.val = value;
          e.id = id;
        };
        if constexpr (Stride == 1) {
          expand(
              ctx, keys[s], [&](Key succ, std::uint64_t w, int kind) __attribute__((always_inline)) {
                emit(succ, value_mul<V>(fs, w), edges++ | (kind != step_water ? covered_flag : 0));
              });
        } else {
          expand(
              ctx, keys[s], [&](Key mid, std::uint64_t w1, int kind1) __attribute__((always_inline)) {
                const V v1 = value_mul<V>(fs, w1);
                expand(
                    ctx2, mid, [&](Key succ, std::uint64_t w2, int kind2) __attribute__((always_inline)) {
                      emit(succ, value_mul<V>(v1, w2),
                           edges++ | (kind1 != step_water ? covered_flag : 0) |
                               (kind2 != step_water ? second_covered_flag : 0));
                    });
              });
        }
      }
      entry<V>* const b = batch.data();
      if (dense && pending > 8) {
        // Many successors (a chunk of states with a free cell): sum them in
        // a small dense table indexed by the low part of the key (new code,
        // h, ul, counts), read back in order through its occupancy bitmap.
        auto low_of = [&](Key key) __attribute__((always_inline)) {
          return static_cast<std::uint32_t>(((key >> top_shift) << code_shift_) | (key & low_mask));
        };
        for (std::size_t j = 0; j < pending; ++j) {
          const std::uint32_t low = low_of(b[j].key);
          b[j].low = low;
          if (mark_low(occupied, summary, low))
            acc[low] = b[j].val;
          else
            acc[low] = value_add(acc[low], b[j].val);
        }
        const Key q_part = q << code_shift_;
        drain_marked(
            occupied, summary, [&](std::uint32_t low) __attribute__((always_inline)) {
              const Key key =
                  (static_cast<Key>(low >> code_shift_) << top_shift) | q_part | (static_cast<Key>(low) & low_mask);
              index_of[low] = push_state(key, acc[low]);
            });
        if (record_edges)
          for (std::size_t j = 0; j < pending; ++j) edge_out.record(b[j].id, b[j].key, index_of[b[j].low]);
        if (tally_) tally.flush(q);
        continue;
      }
      sort_by_key(b, pending);
      for (std::size_t j = 0; j < pending;) {
        const Key key = b[j].key;
        const std::size_t from = j;
        V sum = b[j].val;
        for (++j; j < pending && b[j].key == key; ++j) sum = value_add(sum, b[j].val);
        const std::uint32_t at = push_state(key, sum);
        if (record_edges)
          for (std::size_t e = from; e < j; ++e) edge_out.record(b[e].id, key, at);
      }
      if (tally_) tally.flush(q);
    }
    if (dense) bitmap_clear_ = true;                  // every mark drained
    if (record_edges) first_edge[key_count] = edges;  // the vectors keep their size: see edge_writer
    absorbed_total_ = checked_add(absorbed_total_, static_cast<count_type>(absorbed_sum));
    if (tally_) tally_absorbed(i + Stride, tally.by_code, tally.by_h);
    number_edges(nxt, fill, codes, edges, record_edges ? edge_out.dst : nullptr, edge_out.stream_of);
    join_streams(nxt, stream_f, fill, codes);
    // Every path (forward, recomputed segments) steps onto the same layers,
    // so a recomputed layer folds exactly as the first one did.
    if (fold_rows_ && (i + Stride) % p_.width == 0 && i + Stride < n)
      fold_mirror_images<V>(nxt, cur, record_edges, edges);
    return edges;
  }

  // The pieces of a step's bookkeeping that step() and step_lanes() share.
  //
  // The tallies of absorbed successors (tally_absorbed): by the codes of
  // each chunk of profile slots and by h, `value` times for the cells an
  // absorbed state's running ships still cover. Every successor of a chunk
  // of states shares Q, the profile slots below the new codes, so the
  // chunks of slots within Q are summed once per chunk of states (flush):
  // consecutive adds to one entry would wait on each other.
  template <class V>
  struct running_tally {
    running_tally(const profile_dp& dp, std::vector<V>& by_code_table, int stride, bool on)
        : by_code(by_code_table),
          first_new_chunk(static_cast<std::size_t>((dp.p_.width - stride) / (dp.chunk_bits_ / dp.code_bits_))),
          chunks(dp.chunks_),
          chunk_bits(static_cast<std::size_t>(dp.chunk_bits_)),
          new_codes_shift(static_cast<std::size_t>(dp.code_shift_) + first_new_chunk * chunk_bits),
          h_shift(dp.h_shift_),
          h_mask((std::size_t{1} << dp.h_bits_) - 1) {
      if (on) by_code.assign(chunks << chunk_bits, 0);
      table = by_code.data();
    }
    [[gnu::always_inline]] void add(Key key, V value) {
      by_h[static_cast<std::size_t>(key >> h_shift) & h_mask] += value;
      q_tally += value;
      const Key chunk_mask = static_cast<Key>((Key{1} << chunk_bits) - 1);
      Key codes = key >> new_codes_shift;
      V* at = table + (first_new_chunk << chunk_bits);
      for (std::size_t k = first_new_chunk; k < chunks; ++k, codes >>= chunk_bits, at += std::size_t{1} << chunk_bits)
        at[static_cast<std::size_t>(codes & chunk_mask)] += value;
    }
    void flush(Key q) {
      if (q_tally == 0) return;
      const Key chunk_mask = static_cast<Key>((Key{1} << chunk_bits) - 1);
      V* at = table;
      for (std::size_t k = 0; k < first_new_chunk; ++k, q >>= chunk_bits, at += std::size_t{1} << chunk_bits)
        at[static_cast<std::size_t>(q & chunk_mask)] += q_tally;
      q_tally = 0;
    }
    std::vector<V>& by_code;
    V* table = nullptr;  // by_code's entries (its size is fixed for the step)
    std::array<V, 64> by_h{};
    V q_tally = 0;
    const std::size_t first_new_chunk, chunks, chunk_bits, new_codes_shift;
    const int h_shift;
    const std::size_t h_mask;
  };
  // The closed form's view of the successors of a chunk of states (last_ship_view):
  // Q's chunks of slots are shared by the whole chunk, so their blocks are
  // merged once, when a successor first needs its view.
  struct successor_views {
    successor_views(const profile_dp& dp_, std::size_t first_new_chunk_) : dp(dp_), first_new_chunk(first_new_chunk_) {}
    void start_chunk(Key chunk_q) noexcept {
      q = chunk_q;
      ready = false;
    }
    [[nodiscard]] [[gnu::always_inline]] last_ship_view operator()(Key key) {
      if (!ready) {
        q_blocks = dp.chunk_blocks(q, 0, first_new_chunk);
        ready = true;
      }
      return dp.view_at(key, q_blocks, first_new_chunk);
    }
    const profile_dp& dp;
    const std::size_t first_new_chunk;
    Key q = 0;
    column_block q_blocks;
    bool ready = false;
  };
  // Where a step writes each edge: its successor (dst), its stream and,
  // with lanes, the types its path starts (starts_of). The vectors grow a
  // state at a time, a little ahead of need: resize() writes every new
  // entry, and doubling would touch (and count against the memory limit)
  // pages the layer never uses. A layer's edges are kept between calls;
  // the stream tags are shared by every layer. A step does not shrink the
  // vectors to its edges (first_edge marks where they end): the next call
  // would zero the regrown entries again.
  template <bool WithStarts>
  struct edge_writer {
    edge_writer(layer& cur_, std::vector<edge_byte>& streams_, std::size_t codes_, int top_shift_)
        : cur(cur_), streams(streams_), codes(codes_), top_shift(top_shift_) {
      point();
    }
    [[gnu::always_inline]] void reserve(std::size_t need) {
      if (need <= room) [[likely]]
        return;
      constexpr std::size_t slack = 4096;
      if (need > cur.dst.size()) cur.dst.resize(need + slack);
      if (need > streams.size()) streams.resize(need + slack);
      if (WithStarts && need > cur.edge_starts.size()) cur.edge_starts.resize(need + slack);
      point();
    }
    // Edge `id` (with its flags) leads to `at`, the successor's index in
    // its stream, an end's | end_tag, absorbed or dropped. Ends come after
    // every stream: a stream of their own, numbered `codes`; an edge to no
    // state is in none (codes + 1).
    [[gnu::always_inline]] void record(std::uint32_t id, Key key, std::uint32_t at) {
      const bool end = at < absorbed && (at & end_tag) != 0;
      dst[id & index_mask] = (end ? at & ~end_tag : at) | (id & flags_mask);
      stream_of[id & index_mask] = static_cast<edge_byte>(at >= absorbed ? codes + 1
                                                          : end          ? codes
                                                                         : static_cast<std::size_t>(key >> top_shift));
    }
    // Edge `index` leads to a successor with every ship placed (absorbed).
    [[gnu::always_inline]] void record_absorbed(std::uint32_t index, std::uint32_t flags) {
      dst[index] = absorbed | flags;
      stream_of[index] = static_cast<edge_byte>(codes + 1);
    }
    [[gnu::always_inline]] void point() {
      dst = cur.dst.data();
      stream_of = streams.data();
      room = std::min(cur.dst.size(), streams.size());
      if constexpr (WithStarts) {
        starts_of = cur.edge_starts.data();
        room = std::min(room, cur.edge_starts.size());
      }
    }
    layer& cur;
    std::vector<edge_byte>& streams;
    const std::size_t codes;
    const int top_shift;
    std::uint32_t* dst = nullptr;
    edge_byte* stream_of = nullptr;
    edge_byte* starts_of = nullptr;
    std::size_t room = 0;
  };
  // Appends a successor to stream st (its new code); returns its index there.
  template <class V>
  [[gnu::always_inline]] std::uint32_t append_to_stream(std::array<std::size_t, 64>& fill,
                                                        std::vector<std::vector<V>>& stream_values, std::size_t st,
                                                        Key key, const V& value) {
    const std::size_t at = fill[st]++;
    if (at == stream_keys_[st].size()) [[unlikely]] {
      stream_keys_[st].resize(2 * at);
      stream_values[st].resize(2 * at);
    }
    stream_keys_[st][at] = key;
    stream_values[st][at] = value;
    return static_cast<std::uint32_t>(at);
  }
  // The dense table's merge:
  // its occupancy bitmap for 2^low_bits entries, all clear. A step drains
  // every mark it makes (drain_marked), so the bitmap is cleared whole only
  // when its size changes or a step did not end (it threw): once a call
  // instead of once a step.
  void clear_bitmap(int low_bits) {
    const std::size_t words = std::max<std::size_t>(1, (std::size_t{1} << low_bits) / 64);
    if (!bitmap_clear_ || occupied_.size() != words) {
      occupied_.assign(words, 0);
      summary_.assign((words + 63) / 64, 0);
    }
    bitmap_clear_ = false;  // until the step's states are all drained
  }
  // Marks entry `low` in the occupancy bitmap; true when it was
  // not marked yet. (The bitmaps come in as references: member accesses
  // would be reloaded after every store through a value pointer.)
  [[gnu::always_inline]] static bool mark_low(std::vector<std::uint64_t>& occupied, std::vector<std::uint64_t>& summary,
                                              std::uint32_t low) {
    const std::uint64_t bit = std::uint64_t{1} << (low & 63);
    std::uint64_t& word = occupied[low >> 6];
    if (word & bit) return false;
    word |= bit;
    summary[low >> 12] |= std::uint64_t{1} << ((low >> 6) & 63);
    return true;
  }
  // Calls visit(low) for every marked entry in increasing order, clearing the marks.
  template <class Visit>
  [[gnu::always_inline]] static void drain_marked(std::vector<std::uint64_t>& occupied,
                                                  std::vector<std::uint64_t>& summary, Visit&& visit) {
    for (std::size_t si = 0; si < summary.size(); ++si)
      while (summary[si] != 0) {
        const std::size_t wi = si * 64 + static_cast<std::size_t>(std::countr_zero(summary[si]));
        summary[si] &= summary[si] - 1;
        std::uint64_t bits = occupied[wi];
        occupied[wi] = 0;
        while (bits != 0) {
          const auto low = static_cast<std::uint32_t>(wi * 64 + static_cast<std::size_t>(std::countr_zero(bits)));
          bits &= bits - 1;
          visit(low);
        }
      }
  }
  // A chunk's successors in key order. Few successors: an insertion sort
  // beats the table's bookkeeping.
  template <class Entry>
  [[gnu::always_inline]] static void sort_by_key(Entry* b, std::size_t n) {
    if (n > 16) {
      std::sort(b, b + n, [](const auto& x, const auto& y) { return x.key < y.key; });
      return;
    }
    for (std::size_t j = 1; j < n; ++j) {
      const Entry e = b[j];
      std::size_t k = j;
      for (; k > 0 && b[k - 1].key > e.key; --k) b[k] = b[k - 1];
      b[k] = e;
    }
  }
  // The streams, in order of their new code, are the next layer in key
  // order (join_streams), its ends after them. Checks the layer's size, and
  // with `dst` (the step's edges) makes each edge's index within its stream
  // one within the layer: the stream's offset, 0 for edges to no state.
  static void number_edges(const layer& nxt, const std::array<std::size_t, 64>& fill, std::size_t codes,
                           std::uint32_t edges, std::uint32_t* dst, const edge_byte* stream_of) {
    std::array<std::uint32_t, 64 + 2> shift{};  // the streams, ends, no_stream
    std::size_t states = 0;
    for (std::size_t k = 0; k < codes; ++k) {
      shift[k] = static_cast<std::uint32_t>(states);
      states += fill[k];
    }
    shift[codes] = static_cast<std::uint32_t>(states);
    if (states + nxt.end_keys.size() >= end_tag || edges >= absorbed)
      throw std::length_error(
          "the exact counter's pass on this board reaches 2^28 states (or 2^29 edges) in one "
          "layer, more than it can index");
    if (dst != nullptr)
      for (std::uint32_t e = 0; e < edges; ++e) dst[e] += shift[static_cast<std::size_t>(stream_of[e])];
  }
  // Every stream holds at least 64 entries, keys and values alike (they
  // keep their capacity between calls).
  template <class V>
  void prepare_streams(std::vector<std::vector<V>>& stream_values, std::size_t codes) {
    for (std::size_t k = 0; k < codes; ++k) {
      if (stream_keys_[k].size() < 64) stream_keys_[k].resize(64);
      stream_values[k].resize(stream_keys_[k].size());
    }
  }
  // The streams, in order of their new code, make the next layer.
  template <class V>
  void join_streams(layer& nxt, const std::vector<std::vector<V>>& stream_values,
                    const std::array<std::size_t, 64>& fill, std::size_t codes) {
    nxt.keys.clear();
    std::vector<V>& values = f_of<V>(nxt);
    values.clear();
    for (std::size_t k = 0; k < codes; ++k) {
      const auto n_k = static_cast<std::ptrdiff_t>(fill[k]);
      nxt.keys.insert(nxt.keys.end(), stream_keys_[k].begin(), stream_keys_[k].begin() + n_k);
      values.insert(values.end(), stream_values[k].begin(), stream_values[k].begin() + n_k);
    }
  }

  // step() with lanes (see unplaced_lanes.hpp): the same expansion, pruning
  // and merge, with a vector of lane values per key instead of one value per
  // state; a start multiplies the lanes by its weight (1 without weights).
  // An edge also records the types its path starts and their directions
  // (edge_starts), so that backward_step_lanes() maps the lanes back and
  // finds the starts' weights; an end keeps the completions of each of its
  // lanes.
  template <int Stride>
  std::uint32_t step_lanes(int i, layer& cur, layer& nxt, bool record_edges) {
    static_assert(Stride == 1 || Stride == 2);
    const int n = p_.cells();
    const cell_context ctx = context(i);
    const cell_context ctx2 = context(i + Stride - 1);
    const bool last = i + Stride - 1 == n - 1;
    const std::size_t codes =
        Stride == 1 ? static_cast<std::size_t>(p_.max_length + 1) : std::size_t{1} << (2 * code_bits_);
    stream_keys_.resize(codes);
    stream_lanes_.resize(codes);
    const int q_shift = code_shift_ + Stride * code_bits_;
    const int top_shift = code_shift_ + (p_.width - Stride) * code_bits_;
    const Key count_mask = static_cast<Key>((Key{1} << count_bits_) - 1);
    const int low_bits = Stride * code_bits_ + code_shift_;
    const bool dense = low_bits <= dense_table_bits_ + (Stride - 1) * code_bits_;
    const Key low_mask = static_cast<Key>((Key{1} << code_shift_) - 1);
    auto low_of = [&](Key key) __attribute__((always_inline)) {
      return static_cast<std::uint32_t>(((key >> top_shift) << code_shift_) | (key & low_mask));
    };
    if (dense) {
      index_of_.resize(std::size_t{1} << low_bits);
      clear_bitmap(low_bits);
    }
    const Key* const keys = cur.keys.data();
    const std::size_t key_count = cur.keys.size();
    const lane_values* const f = cur.f_lanes.data();
    const std::size_t max_successors =
        Stride == 1 ? 1 + 2 * p_.types.size() : (1 + 2 * p_.types.size()) * (1 + 2 * p_.types.size());
    if (record_edges && cur.first_edge.size() < key_count + 1) cur.first_edge.resize(key_count + 1);
    std::uint32_t* const first_edge = cur.first_edge.data();
    std::array<std::size_t, 64> fill{};
    if (codes > fill.size()) throw std::length_error("profile_dp: ships longer than 62 cells");
    prepare_streams(stream_lanes_, codes);
    lane_mids_.resize(1 + 2 * p_.types.size());
    std::uint32_t edges = 0;
    std::uint64_t absorbed_sum = 0;  // plain adds: see unplaced_lanes.hpp
    running_tally<std::uint64_t> tally(*this, by_code64_, Stride, tally_);
    const bool ends_here = Stride == 2 && last_ship_ready_ && !last;
    const bool keep_ends = record_edges || (tally_ && into_kept_layer_);
    nxt.end_keys.clear();
    nxt.end_lanes.clear();
    if (ends_here) prepare_column_blocks(i + Stride);
    const bool two_here =  // after prepare_column_blocks sets step_has_hits_
        ends_here && two_ship_ready_ && (two_ship_hits_allowed_ || !step_has_hits_);
    std::uint64_t* const end_acc = last_ship_acc64_.data();
    Key q = 0;
    successor_views view_of_successor(*this, tally.first_new_chunk);
    // The lanes of successor `next` (a state before cell x.i + 1) that can
    // still complete, as emit_if_room in expand() decides for one state; the
    // others are cleared. Returns them as a mask.
    auto prune = [&](const cell_context& x, Key next, lane_values& v) __attribute__((always_inline)) {
      const auto level = static_cast<std::size_t>(next & count_mask);
      const auto live = static_cast<unsigned>(v.mask);
      unsigned keep = live & x.fitting[level];
      if (x.hits_after > 0 && keep != 0) {
        int fewest = x.hits_after + 1;  // the fewest cells a kept lane needs, up to that
        for (unsigned m = keep; m != 0; m &= m - 1)
          fewest = std::min(fewest, lanes_.cells_needed(level, static_cast<unsigned>(std::countr_zero(m))));
        if (x.hits_after > fewest || x.hits_after > static_cast<int>(level)) {
          const int uncovered = hits_left_to_cover(x, next, static_cast<int>(level), x.hits_after);
          if (uncovered > x.hits_after) keep = 0;  // more ships than are left
          for (unsigned m = keep; m != 0; m &= m - 1) {
            const auto l = static_cast<unsigned>(std::countr_zero(m));
            if (lanes_.cells_needed(level, l) < uncovered) keep &= ~(1U << l);
          }
        }
      }
      if (keep != live) v.keep_only(keep);
      return keep;
    };
    // A successor with every ship placed: one lane.
    auto absorb = [&](Key key, std::uint64_t value) __attribute__((always_inline)) {
      absorbed_sum += value;
      if (tally_) tally.add(key, value);
    };
    // An end's layouts (its value times its completions, over its lanes)
    // join the total and the tally; the end itself is kept only where
    // backward() reads the next layer's ends.
    auto close_end = [&](Key key, std::uint64_t layouts, const lane_values& completions) __attribute__((always_inline))
                         ->std::uint32_t {
      if (layouts == 0) return dropped;
      absorbed_sum += layouts;
      if (tally_) tally.add(key, layouts);
      if (!keep_ends) return absorbed;
      nxt.end_keys.push_back(key);
      nxt.end_lanes.push_back(completions);
      return static_cast<std::uint32_t>(nxt.end_keys.size() - 1) | end_tag;
    };
    // A successor with two ships left, absorbed with its completions in
    // closed form (two_ship.hpp). Per lane, with a and b its two types:
    // - no hit ahead that a running ship does not cover: N_a N_b - O ordered
    //   pairs of disjoint open placements ((N_a^2 - O) / 2 when a = b). For
    //   the occupancy each lane notes value x N_b in the rows a's
    //   placements may take (the last ship's accumulator spreads them, as
    //   for an end with one ship), and overlap<true> notes the derivatives
    //   of O for two_ship_.finish();
    // - such a hit ahead: one of the two ships covers the first of them,
    //   the anchor (through_anchor below).
    // Generic, so that only the pair step instantiates it, and out of line:
    // push_state is inlined twice, and this is long and seldom called.
    auto push_two_ship_end = [&](Key key, const lane_values& v, const auto& view) __attribute__((noinline))
                                 ->std::uint32_t {
      two_ship_tables::skyline sky;
      two_ship_.prepare(sky, std::bit_cast<two_ship_tables::blocked_rows>(view.blocked), step_row_,
                        (i + Stride) % p_.width);
      const bool anchored = view.anchor >= 0;
      if (anchored) {
        ++two_ship_hit_states_;
        two_ship_.prepare_open(sky);
      } else {
        two_ship_.prepare_rows(sky);
      }
      open_placement_walk walk;
      auto open_placements = [&](std::size_t t) { return walk.open(last_ship_, t, step_row_, view.blocked); };
      using candidate = last_ship_tables::candidate;
      // An open placement P through the anchor, and what it leaves to the
      // other ship: the hits in the lanes (rest) and below them
      // (rest_beyond) that P does not cover and the first of them (next, -1
      // when none). Where P has cells below the lanes (P.below), the lanes
      // do not show a meeting. The same for every lane: listed once per type.
      struct through_placement {
        const candidate* P;
        lane_word rest;
        int rest_beyond, next;
      };
      std::array<std::array<through_placement, 2 * lane_count>, max_lanes> through_of;
      std::array<int, max_lanes> through_count{};
      unsigned through_listed = 0;
      auto open_through = [&](std::size_t t) {
        if (((through_listed >> t) & 1U) == 0) {
          through_listed |= 1U << t;
          const int W = p_.width, Lt = p_.types[t].length;
          const auto first_hit = static_cast<std::size_t>(first_hit_after_[static_cast<std::size_t>(i + Stride - 1)]);
          int listed = 0;
          for (const candidate& P : last_ship_.prepared_through_list(t, view.anchor)) {
            if ((P.cells & view.blocked) != 0) continue;
            through_placement& e = through_of[t][static_cast<std::size_t>(listed++)];
            e.P = &P;
            e.rest = view.must & ~P.cells;
            e.rest_beyond = view.beyond - P.beyond;
            e.next = -1;
            if (e.rest != 0) {
              const auto low = static_cast<std::uint64_t>(e.rest);
              const int bit =
                  low != 0 ? std::countr_zero(low) : 64 + std::countr_zero(static_cast<std::uint64_t>(e.rest >> 64));
              e.next = (step_row_ + bit / lane_bits) * W + bit % lane_bits;
            } else if (e.rest_beyond != 0) {
              // Some hit below the lanes is left: the first that P misses.
              for (std::size_t k = first_hit; k < hit_cells_.size(); ++k) {
                const int y = hit_row_[k], x = hit_col_[k];
                const bool covered = P.dir == 0 ? y == P.row && x >= P.col && x < P.col + Lt
                                                : x == P.col && y >= P.row && y < P.row + Lt;
                if (y >= step_row_ + lane_count && !covered) {
                  e.next = hit_cells_[k];
                  break;
                }
              }
            }
          }
          through_count[t] = listed;
        }
        return std::span<const through_placement>(through_of[t].data(), static_cast<std::size_t>(through_count[t]));
      };
      // With an anchor, the completions are the sum over the open
      // placements P through it, of either type t (the other u), of the
      // placements Q of type u that complete them. When P leaves hits
      // uncovered, Q is one of the placements through the next of them,
      // tested one by one (disjoint from P, covering the rest); otherwise
      // any open Q disjoint from P will do: N_u less the open placements
      // overlapping P, from two_ship.hpp's tables. Each layout counts once
      // (by the ship on the anchor), so two ships of one type need no
      // halving. For the occupancy, P's cells and each tested Q's take the
      // value times their partners through the last ship's accumulator,
      // the rows of the open Q take it times the number of such P, and
      // overlapping<true> notes the overlapping Q to subtract.
      auto through_anchor = [&](std::size_t a, std::size_t b, std::uint64_t value) {
        // Whether placements p and q (of lengths Lp, Lq) share a cell.
        auto meet = [](const candidate& p, int Lp, const candidate& other, int Lq) {
          if (p.dir == other.dir)
            return p.dir == 0 ? p.row == other.row && p.col < other.col + Lq && other.col < p.col + Lp
                              : p.col == other.col && p.row < other.row + Lq && other.row < p.row + Lp;
          const candidate &e = p.dir == 0 ? p : other, &s = p.dir == 0 ? other : p;  // east, south
          const int Le = p.dir == 0 ? Lp : Lq, Ls = p.dir == 0 ? Lq : Lp;
          return s.col >= e.col && s.col < e.col + Le && e.row >= s.row && e.row < s.row + Ls;
        };
        std::uint64_t c = 0;
        for (int side = 0; side < (a == b ? 1 : 2); ++side) {
          const std::size_t t = side == 0 ? a : b, u = side == 0 ? b : a;
          const int Lt = p_.types[t].length, Lu = p_.types[u].length;
          for (const through_placement& e : open_through(t)) {
            const candidate& P = *e.P;
            std::uint64_t partners = 0;
            if (e.next >= 0) {
              const lane_word taken = view.blocked | P.cells;
              for (const candidate& Q : last_ship_.prepared_through_list(u, e.next)) {
                if ((Q.cells & taken) != 0 || (e.rest & ~Q.cells) != 0 || Q.beyond != e.rest_beyond) continue;
                if (P.below && meet(P, Lt, Q, Lu)) continue;
                partners += Q.weight;
                if (tally_) end_acc[Q.entry] += value * P.weight;
              }
            } else {
              const std::size_t id = last_ship_.through_index(P), ids = last_ship_.through_count();
              const std::uint64_t overlaps =
                  tally_ ? two_ship_.overlapping_through<true>(u, id, ids, P.row, P.col, P.dir, Lt, sky,
                                                               2 * value * P.weight)
                         : two_ship_.overlapping_through<false>(u, id, ids, P.row, P.col, P.dir, Lt, sky);
              partners = open_placements(u) - overlaps;
              if (tally_) walk.note_of[u] += value * P.weight;
            }
            c += P.weight * partners;
            if (tally_ && partners != 0) end_acc[P.entry] += value * partners;
          }
        }
        return c;
      };
      lane_values completions;
      std::uint64_t layouts = 0;
      for (unsigned m = static_cast<unsigned>(v.mask); m != 0; m &= m - 1) {
        const auto l = static_cast<unsigned>(std::countr_zero(m));
        const unsigned types = lanes_.lane_types(2, l);
        const auto a = static_cast<std::size_t>(std::countr_zero(types));
        const auto b = static_cast<std::size_t>(std::bit_width(types) - 1);  // a again for two ships of one type
        const std::uint64_t value = v.v[l];
        std::uint64_t c;
        if (anchored) {
          c = through_anchor(a, b, value);
        } else {
          const std::uint64_t na = open_placements(a), nb = open_placements(b);
          std::uint64_t overlaps;
          if (tally_) {
            walk.note_of[a] += value * nb;
            if (b != a) walk.note_of[b] += value * na;
            // Ordered pairs count twice when a != b: finish() halves every note.
            overlaps = two_ship_.overlap<true>(a, b, sky, a == b ? value : 2 * value);
          } else {
            overlaps = two_ship_.overlap<false>(a, b, sky);
          }
          c = a == b ? (na * na - overlaps) / 2 : na * nb - overlaps;
        }
        completions.v[l] = c;
        if (c != 0) completions.mask |= std::uint64_t{1} << l;
        layouts += value * c;
      }
      if (tally_) walk.spread(last_ship_, end_acc);
      return close_end(key, layouts, completions);
    };
    // Appends one successor to the stream of its new code; returns its index
    // there (or absorbed, dropped, or its place among the ends | end_tag).
    auto push_state = [&](Key key, const lane_values& v) __attribute__((always_inline))->std::uint32_t {
      const auto level = static_cast<std::size_t>(key & count_mask);
      if (level == 0) {
        absorb(key, v.v[0]);
        return absorbed;
      }
      if (last) return dropped;
      if constexpr (Stride == 2)
        if (ends_here && level == 1) {
          const last_ship_view view = view_of_successor(key);
          const auto live = static_cast<unsigned>(v.mask);
          if (!keep_ends && !tally_) {
            absorbed_sum +=
                last_ship_.prepared_lane_completions(live, lanes_.last_types(), v.v.data(), step_row_, view);
            return absorbed;
          }
          // Each lane's completions, and for the occupancy its value noted
          // in the rows its ship may take.
          lane_values completions;
          std::uint64_t layouts = 0;
          auto add_lane = [&](std::size_t l, std::uint64_t c) __attribute__((always_inline)) {
            completions.v[l] = c;
            if (c != 0) completions.mask |= std::uint64_t{1} << l;
            layouts += v.v[l] * c;
          };
          if (view.anchor < 0) {
            // Every lane is one type: the skyline's rows are walked once
            // for all of them.
            std::array<std::size_t, lane_count> rows;
            int row_count = 0;
            const int whole = last_ship_.open_rows(step_row_, view.blocked, rows, row_count);
            for (unsigned m = live; m != 0; m &= m - 1) {
              const auto l = static_cast<std::size_t>(std::countr_zero(m));
              const std::size_t t = lanes_.last_types()[l];
              const std::uint64_t value = v.v[l];
              add_lane(l, tally_ ? last_ship_.open_weight(t, rows, row_count, whole,
                                                          [&](std::size_t at) { end_acc[at] += value; })
                                 : last_ship_.open_weight(t, rows, row_count, whole, [](std::size_t) {}));
            }
          } else {
            for (unsigned m = live; m != 0; m &= m - 1) {
              const auto l = static_cast<std::size_t>(std::countr_zero(m));
              const std::size_t t = lanes_.last_types()[l];
              const std::uint64_t value = v.v[l];
              add_lane(l, tally_ ? last_ship_.prepared_completions(t, step_row_, view,
                                                                   [&](std::size_t at) { end_acc[at] += value; })
                                 : last_ship_.prepared_completions(t, step_row_, view, [](std::size_t) {}));
            }
          }
          return close_end(key, layouts, completions);
        }
      if constexpr (Stride == 2)
        if (two_here && level == 2) {
          ++two_ship_states_;
          return push_two_ship_end(key, v, view_of_successor(key));
        }
      return append_to_stream(fill, stream_lanes_, static_cast<std::size_t>(key >> top_shift), key, v);
    };
    const bool absorb_paths_early = p_.rule == adjacency::touching;
    const bool weighted = !p_.unit_weights;
    // What an edge records of its path: with weights, the starts'
    // directions too (unplaced_lanes::edge_code).
    auto starts_code = [&](int kind1, int kind2) __attribute__((always_inline)) {
      return weighted ? unplaced_lanes::edge_code(kind1, kind2) : unplaced_lanes::path_code(kind1, kind2);
    };
    edge_writer<true> edge_out(cur, edge_stream_, codes, top_shift);
    for (std::size_t s = 0; s < key_count;) {
      // One chunk of states sharing Q, as in step().
      q = keys[s] >> q_shift;
      view_of_successor.start_chunk(q);
      std::size_t pending = 0;
      for (; s < key_count && (keys[s] >> q_shift) == q; ++s) {
        if (pending + max_successors > lane_batch_.size()) {
          lane_batch_.resize(2 * (pending + max_successors));
          lane_vals_.resize(lane_batch_.size());
        }
        if (record_edges) {
          first_edge[s] = edges;
          edge_out.reserve(edges + max_successors);
        }
        const lane_values& fs = f[s];
        const auto level = static_cast<std::size_t>(keys[s] & count_mask);
        lane_entry* const out = lane_batch_.data();
        lane_values* const out_values = lane_vals_.data();
        // The successor `next` of a value `from` (at `from_level`) by a step
        // of `kind`, into `to`; false when no lane survives pruning. With
        // weights, the caller then multiplies it by the step's (w: 1 unless
        // it starts a ship).
        auto successor = [&](const cell_context& x, Key next, const lane_values& from, std::size_t from_level, int kind,
                             lane_values& to) __attribute__((always_inline)) {
          if (kind >= 0)
            lanes_.start(from, from_level, static_cast<std::size_t>(kind / 2), to);
          else
            to = from;
          return prune(x, next, to) != 0;
        };
        // The successor is written in place (the next free batch entry); an
        // edge is numbered and, with its starts, recorded for it.
        auto emit = [&](Key next, std::uint32_t flags, unsigned starts) __attribute__((always_inline)) {
          const std::uint32_t id = edges++;
          if (record_edges) edge_out.starts_of[id] = static_cast<edge_byte>(starts);
          if (absorb_paths_early && (next & count_mask) == 0) {
            absorb(next, out_values[pending].v[0]);
            if (record_edges) edge_out.record_absorbed(id, flags);
            return;
          }
          out[pending] = {next, static_cast<std::uint32_t>(pending), id | flags};
          ++pending;
        };
        if constexpr (Stride == 1) {
          expand<true>(
              ctx, keys[s],
              [&](Key next, std::uint64_t w, int kind) __attribute__((always_inline)) {
                if (successor(ctx, next, fs, level, kind, out_values[pending])) {
                  if (weighted && w != 1) out_values[pending].scale(w);
                  emit(next, kind != step_water ? covered_flag : 0, starts_code(kind, step_water));
                }
              },
              lanes_.available(level, static_cast<unsigned>(fs.mask)));
        } else {
          // The first cell's successors are gathered before the second
          // expansion, which is then compiled once instead of at every
          // place the first one emits (as in expand_pair()): nested, they
          // made a translation unit that counts and samples compile about
          // 1.3 times as long; gathered, the matrix takes 1-3.5 % more
          // instructions (RESULTS.md, session 17).
          lane_mid* const mids = lane_mids_.data();  // (a member: no zeroing a state)
          std::size_t mid_count = 0;
          expand<true>(
              ctx, keys[s],
              [&](Key mid, std::uint64_t w1, int kind1) __attribute__((always_inline)) {
                lane_mid& m = mids[mid_count];
                if (successor(ctx, mid, fs, level, kind1, m.values)) {
                  if (weighted && w1 != 1) m.values.scale(w1);
                  m.key = mid;
                  m.kind = kind1;
                  ++mid_count;
                }
              },
              lanes_.available(level, static_cast<unsigned>(fs.mask)));
          for (std::size_t k = 0; k < mid_count; ++k) {
            const lane_mid& m = mids[k];
            const auto mid_level = static_cast<std::size_t>(m.key & count_mask);
            const std::uint32_t flags1 = m.kind != step_water ? covered_flag : 0;
            expand<true>(
                ctx2, m.key,
                [&](Key next, std::uint64_t w2, int kind2) __attribute__((always_inline)) {
                  if (successor(ctx2, next, m.values, mid_level, kind2, out_values[pending])) {
                    if (weighted && w2 != 1) out_values[pending].scale(w2);
                    emit(next, flags1 | (kind2 != step_water ? second_covered_flag : 0), starts_code(m.kind, kind2));
                  }
                },
                lanes_.available(mid_level, static_cast<unsigned>(m.values.mask)));
          }
        }
      }
      lane_entry* const b = lane_batch_.data();
      lane_values* const vals = lane_vals_.data();
      if (dense && pending > 8) {
        // As in step(): summed by the low part of the key, each into the
        // values of its first successor, read back in order. Once summed, an
        // entry's `at` holds its low part, for recording its edge below.
        for (std::size_t j = 0; j < pending; ++j) {
          const std::uint32_t low = low_of(b[j].key);
          if (mark_low(occupied_, summary_, low))
            index_of_[low] = b[j].at;
          else
            vals[index_of_[low]] += vals[b[j].at];
          b[j].at = low;
        }
        const Key q_part = q << code_shift_;
        drain_marked(
            occupied_, summary_, [&](std::uint32_t low) __attribute__((always_inline)) {
              const Key key =
                  (static_cast<Key>(low >> code_shift_) << top_shift) | q_part | (static_cast<Key>(low) & low_mask);
              index_of_[low] = push_state(key, vals[index_of_[low]]);
            });
        if (record_edges)
          for (std::size_t j = 0; j < pending; ++j) edge_out.record(b[j].id, b[j].key, index_of_[b[j].at]);
        if (tally_) tally.flush(q);
        continue;
      }
      sort_by_key(b, pending);
      for (std::size_t j = 0; j < pending;) {
        const Key key = b[j].key;
        const std::size_t from = j;
        lane_values& sum = vals[b[j].at];
        for (++j; j < pending && b[j].key == key; ++j) sum += vals[b[j].at];
        const std::uint32_t at = push_state(key, sum);
        if (record_edges)
          for (std::size_t e = from; e < j; ++e) edge_out.record(b[e].id, key, at);
      }
      if (tally_) tally.flush(q);
    }
    if (dense) bitmap_clear_ = true;                  // every mark drained
    if (record_edges) first_edge[key_count] = edges;  // the vectors keep their size: see edge_writer
    absorbed_total_ = checked_add(absorbed_total_, static_cast<count_type>(absorbed_sum));
    if (tally_) tally_absorbed(i + Stride, tally.by_code, tally.by_h);
    number_edges(nxt, fill, codes, edges, record_edges ? edge_out.dst : nullptr, edge_out.stream_of);
    join_streams(nxt, stream_lanes_, fill, codes);
    if (close_rows_ && i + Stride < n) {
      // At each row boundary, and once in the row: merging at every step
      // would keep fewer states still, but costs more than they do.
      const int c = (i + Stride) % p_.width, mid = p_.width / 2 + 1;
      if (c == 0 || (c >= mid && c - Stride < mid))
        merge_closed_rows(nxt, record_edges ? cur.dst.data() : nullptr, edges, c);
    }
    if (fold_rows_ && (i + Stride) % p_.width == 0 && i + Stride < n)
      fold_mirror_images<lane_values>(nxt, cur, record_edges, edges);
    return edges;
  }

  // Under no contact the codes of row r - 1 matter to the cells of row r
  // only through the cells they forbid there: those next to a ship cell
  // (its code nonzero), diagonals included, as a set D. States with the same
  // D and the same vertical ships running on have the same completions,
  // however their ship cells lie: a horizontal ship (1 1 1) and two ship
  // cells with water between them (1 0 1) forbid the same five cells.
  // close_row() gives a key the most ship cells with its D (a code 1 on
  // every cell whose three cells below lie in D: off the board counts as
  // in it), at a row boundary for the whole row above, and in the row for
  // the cells of row r before the last (D only grows as the row goes on).
  // Then merge_closed_rows() merges the keys made equal (and those
  // live_codes_ left apart), sorts the layer again and renumbers the edges
  // into it. After 10 random shots under Audinot's rules the pass keeps a
  // quarter fewer keys and takes 13 % fewer instructions; merging at every
  // step keeps fewer keys still but costs more than they do (RESULTS.md,
  // session 34).

  // Which of the profile's codes close_row() reads and marks before a cell
  // in column c, as the low bit of each slot's field (from code_shift_).
  // The profile holds row r - 1 in slots 0 .. W - c - 1 (columns c .. W - 1)
  // and row r in slots W - c .. W - 1 (columns 0 .. c - 1). At a row
  // boundary (c = 0) the whole row above closes; in a row (c >= 2), the
  // cells of row r but the last, the next cell's west neighbour, which must
  // stay as it is.
  struct closing_masks {
    Key region = 0;    // the row's slots
    Key closable = 0;  // those close_row() may mark
    Key outside = 0;   // the other slots and the one past the profile: they count as forbidden
    Key first = 0;     // slot 0 when the row starts there (its west neighbour is off the board)
  };
  [[nodiscard]] closing_masks closing_at(int c) const noexcept {
    const int W = p_.width;
    auto slots = [&](int from, int to) {  // the low bits of slots from .. to
      Key m = 0;
      for (int slot = from; slot <= to; ++slot) m |= Key{1} << (slot * code_bits_);
      return m;
    };
    closing_masks m;
    if (c == 0) {
      m.region = m.closable = slots(0, W - 1);
      m.first = 1;
    } else {
      m.region = slots(W - c, W - 1);
      m.closable = slots(W - c, W - 2);
    }
    m.outside = slots(0, W) & ~m.region;
    return m;
  }
  [[nodiscard]] Key close_row(Key key, const closing_masks& m) const noexcept {
    const Key codes = key >> code_shift_;
    Key ships = codes;
    for (int k = 1; k < code_bits_; ++k) ships |= codes >> k;
    ships &= m.region;
    const Key b = static_cast<Key>(code_bits_);
    const Key forbidden = ships | ships << b | ships >> b | m.outside;
    const Key closed = forbidden & (forbidden << b | m.first) & (forbidden >> b) & m.closable & ~ships;
    return key | closed << code_shift_;
  }
  // At a layer before a cell in column c (0, or at least 2).
  void merge_closed_rows(layer& nxt, std::uint32_t* dst, std::uint32_t edges, int c) {
    const std::size_t n = nxt.keys.size();
    const closing_masks masks = closing_at(c);
    // The keys left as they are, in order, and the others (made equal to
    // another, or out of order), sorted and merged into them.
    ordered_keys_.clear();
    moved_keys_.clear();
    for (std::size_t k = 0; k < n; ++k) {
      const Key key = nxt.keys[k];
      const Key closed = close_row(key, masks);
      if (closed == key && (ordered_keys_.empty() || key > ordered_keys_.back().first))
        ordered_keys_.push_back({key, static_cast<std::uint32_t>(k)});
      else
        moved_keys_.push_back({closed, static_cast<std::uint32_t>(k)});
    }
    if (moved_keys_.empty()) return;
    std::sort(moved_keys_.begin(), moved_keys_.end());
    closed_index_.resize(n);
    closed_layer_keys_.clear();
    closed_layer_values_.clear();
    auto take = [&](const std::pair<Key, std::uint32_t>& e) {
      if (closed_layer_keys_.empty() || closed_layer_keys_.back() != e.first) {
        closed_layer_keys_.push_back(e.first);
        closed_layer_values_.push_back(nxt.f_lanes[e.second]);
      } else {
        closed_layer_values_.back() += nxt.f_lanes[e.second];
      }
      closed_index_[e.second] = static_cast<std::uint32_t>(closed_layer_keys_.size() - 1);
    };
    std::size_t a = 0, m = 0;
    while (a < ordered_keys_.size() || m < moved_keys_.size())
      take(m == moved_keys_.size() || (a < ordered_keys_.size() && ordered_keys_[a] < moved_keys_[m])
               ? ordered_keys_[a++]
               : moved_keys_[m++]);
    const auto kept = static_cast<std::uint32_t>(closed_layer_keys_.size());
    nxt.keys.swap(closed_layer_keys_);
    nxt.f_lanes.swap(closed_layer_values_);
    if (dst == nullptr) return;
    // The states' indices map through closed_index_; the ends follow them.
    for (std::uint32_t e = 0; e < edges; ++e) {
      const std::uint32_t k = dst[e] & index_mask;
      if (k >= absorbed) continue;
      const std::uint32_t to = k < n ? closed_index_[k] : k - static_cast<std::uint32_t>(n) + kept;
      dst[e] = to | (dst[e] & flags_mask);
    }
  }

  profile_problem p_;
  std::vector<unsigned> stride_;
  unsigned count_states_ = 1;
  int count_bits_ = 1, ul_shift_ = 0, h_shift_ = 0, h_bits_ = 1, code_shift_ = 0, code_bits_ = 1, key_bits_ = 1;
  // The same fields' masks, and where the profile starts once code[c] is
  // popped: expand() reads them for every state.
  unsigned code_mask_ = 1, h_mask_ = 1;
  Key count_mask_ = 1;
  int pop_shift_ = 1;
  std::vector<unsigned> available_;
  std::vector<int> cells_needed_;
  std::vector<int> free_after_, hits_after_, first_hit_after_;  // per cell, about the cells after it
  std::vector<int> ships_left_;                                 // per count state: ships still unplaced
  std::vector<int> hit_cells_;                                  // in scan order
  std::vector<int> hit_row_, hit_col_;                          // of each hit cell
  std::vector<Key> live_codes_;  // per cell: the key bits its successors keep (see reset())
  std::vector<Key> row_clear_;   // [2 * length + (end has a cell above-right)]: see reset()
  count_type labelled_factor_ = 1;
  std::vector<layer> layers_;
  int kept_layers_ = 0;            // layers valid for backward() and sample()
  int full_ = 0;                   // layers_[first_kept_, full_) are kept whole (with edges)
  int first_kept_ = 0;             // layers before it are not kept (see in_layers)
  bool mirrored_ = false;          // mirrored_rows() of the problem
  bool mirrored_columns_ = false;  // mirrored_columns() of the problem
  bool fold_rows_ = false;         // the last forward pass folded row boundaries onto mirror orbits
  bool fold_allowed_ = true;
  bool code_clearing_ = true;  // see set_code_clearing()
  bool row_closing_ = true;    // see set_row_closing()
  bool close_rows_ = false;    // this problem's states are merged by the cells they forbid (see reset())
  std::vector<std::pair<Key, std::uint32_t>> ordered_keys_, moved_keys_;  // merge_closed_rows()'s scratch
  std::vector<std::uint32_t> closed_index_;
  std::vector<Key> closed_layer_keys_;
  std::vector<lane_values> closed_layer_values_;
  std::vector<std::uint32_t> fold_slots_, fold_index_;
  std::vector<Key> mirror_table_;
  std::size_t chunks_ = 0;  // of the profile's codes, chunk_bits_ bits each (see reset())
  int chunk_bits_ = 1;
  int checkpoint_stride_ = 0;  // past full_, every this many layers is a checkpoint
  std::array<layer, 2> scratch_;
  std::vector<layer> segment_;  // a recomputed stretch between two checkpoints
  std::vector<std::uint64_t> acc64_, occupied_, summary_;
  bool bitmap_clear_ = false;  // whether occupied_ and summary_ hold no mark: clear_bitmap()
  std::vector<count_type> acc128_;
  std::array<std::vector<std::uint64_t>, 2> rolling64_;  // completions of two layers, when not kept
  std::array<std::vector<count_type>, 2> rolling128_;
  bool completions_kept_ = false;  // the last backward() kept every layer's completions
  int dense_table_bits_ = 14;      // 16 Ki entries: the table stays in L1 and L2
  std::vector<std::uint32_t> index_of_;
  std::vector<std::vector<Key>> stream_keys_;
  std::vector<std::vector<std::uint64_t>> stream_f64_;
  std::vector<std::vector<count_type>> stream_f128_;
  std::vector<entry<std::uint64_t>> batch64_;
  std::vector<entry<count_type>> batch128_;
  std::vector<edge_byte> edge_stream_;
  std::size_t peak_states_ = 0;
  count_type absorbed_total_ = 0;  // of the forward pass so far (see tally_absorbed)
  bool tally_ = false;             // step() tallies the cells absorbed states still cover
  bool into_kept_layer_ = false;   // forward_as's step writes a kept layer
  std::vector<std::uint64_t> by_code64_;
  std::vector<count_type> by_code128_;
  // Differences along the scan (east) and down each column (down) of what
  // the absorbed states' running ships still cover (see add_tally).
  std::vector<count_type> tally_east_, tally_down_;
  // States with one ship left (see last_ship.hpp and push_state in step()).
  bool last_ship_allowed_ = true;
  bool last_ship_ready_ = false;  // the tables serve this problem
  // States with two ships left (see two_ship.hpp and step_lanes).
  bool two_ship_allowed_ = true;
  bool two_ship_hits_allowed_ = true;  // with hits ahead too (tests, benchmarks)
  bool two_ship_ready_ = false;        // the tables serve this problem
  std::size_t two_ship_states_ = 0;
  std::size_t two_ship_hit_states_ = 0;
  two_ship_tables two_ship_;
  last_ship_tables last_ship_;
  std::vector<unsigned char> last_type_;     // per count state with one ship left: its type
  std::vector<column_block> column_blocks_;  // see column_block_index()
  // Per chunk of profile slots and its codes, for one cell: in column_tables_.
  const lane_word *step_blocked_ = nullptr, *step_ship_ = nullptr;
  std::vector<lane_word> column_tables_;            // per frontier column: blocked, ship
  std::vector<unsigned char> column_tables_ready_;  // per frontier column
  std::array<int, 3> column_tables_key_{};          // what they were built for: see reset()
  std::array<column_block, 16> step_h_blocks_{};    // the rest of the current horizontal ship, by h
  column_block step_ul_block_{};                    // the cell up-left, under no contact
  hits_ahead step_hits_{};
  int step_row_ = 0;
  bool step_has_hits_ = false;                  // step_hits_ holds any hit (chunk_blocks() then needs the ship lanes)
  std::vector<std::uint64_t> last_ship_acc64_;  // for the occupancy: see last_ship_tables::prepared_completions
  std::vector<count_type> last_ship_acc128_;
  bool wide_ = false;  // the last forward pass needed 128-bit values
  std::size_t memory_limit_ = default_memory_limit;
  const std::function<void()>* interruption_check_ = nullptr;
  std::size_t table_bytes_ = 0;                  // see table_bytes()
  keep_tables kept_for_ = keep_tables::nothing;  // the last forward()'s, for backward()'s refusal
  std::size_t widest_walked_ = 0;                // states and ends of the widest layer backward() walks
  // A count with lanes (step_lanes, backward_step_lanes).
  unplaced_lanes lanes_;
  bool lanes_allowed_ = true;
  struct lane_entry {
    Key key;
    std::uint32_t at;  // its values in lane_vals_ (the dense merge then reuses it)
    std::uint32_t id;  // its edge, with the flags of the cells it covers
  };
  bool lanes_pass_ = false;  // the last forward() took the lanes
  std::array<std::vector<lane_values>, 2> rolling_lanes_;
  struct lane_mid {  // a pair step's state after its first cell
    Key key;
    int kind;
    lane_values values;
  };
  std::vector<lane_mid> lane_mids_;  // at most one per type and direction, plus water
  std::vector<lane_entry> lane_batch_;
  std::vector<lane_values> lane_vals_;
  std::vector<std::vector<lane_values>> stream_lanes_;
};

// Out of the class for the same reason as the passes below: about 12 KB of
// code per key that extern_passes.hpp lets a program compile once.
template <class Key>
void profile_dp<Key>::reset(profile_problem p) {
  p_ = std::move(p);
  kept_layers_ = 0;
  completions_kept_ = false;
  two_ship_states_ = 0;
  two_ship_hit_states_ = 0;
  stride_.clear();
  unsigned radix = 1;
  for (const auto& t : p_.types) {
    stride_.push_back(radix);
    radix *= static_cast<unsigned>(t.multiplicity + 1);
  }
  count_states_ = radix;
  count_bits_ = field_bits(radix - 1);
  ul_shift_ = count_bits_;
  h_shift_ = ul_shift_ + 1;
  h_bits_ = field_bits(static_cast<unsigned>(p_.max_length - 1));
  code_shift_ = h_shift_ + h_bits_;
  code_bits_ = field_bits(static_cast<unsigned>(p_.max_length));
  key_bits_ = code_shift_ + p_.width * code_bits_;
  if (key_bits_ > static_cast<int>(8 * sizeof(Key))) throw std::logic_error("profile_dp: key too narrow");
  code_mask_ = (1U << code_bits_) - 1;
  h_mask_ = (1U << h_bits_) - 1;
  count_mask_ = static_cast<Key>((Key{1} << count_bits_) - 1);
  pop_shift_ = code_shift_ + code_bits_;
  // Per count state: which types still have ships to place, and how many cells they need.
  available_.assign(radix, 0);
  cells_needed_.assign(radix, 0);
  for (unsigned idx = 0; idx < radix; ++idx)
    for (std::size_t t = 0; t < p_.types.size(); ++t) {
      const unsigned k = (idx / stride_[t]) % static_cast<unsigned>(p_.types[t].multiplicity + 1);
      if (k > 0) available_[idx] |= 1U << t;
      cells_needed_[idx] += static_cast<int>(k) * p_.types[t].length;
    }
  const int n = p_.cells();
  free_after_.assign(static_cast<std::size_t>(n), 0);
  hits_after_.assign(static_cast<std::size_t>(n), 0);
  for (int i = n - 1; i-- > 0;) {
    const signed char next = p_.forced[static_cast<std::size_t>(i + 1)];
    free_after_[static_cast<std::size_t>(i)] = free_after_[static_cast<std::size_t>(i + 1)] + (next >= 0 ? 1 : 0);
    hits_after_[static_cast<std::size_t>(i)] = hits_after_[static_cast<std::size_t>(i + 1)] + (next > 0 ? 1 : 0);
  }
  ships_left_.assign(radix, 0);
  for (unsigned idx = 0; idx < radix; ++idx)
    for (std::size_t t = 0; t < p_.types.size(); ++t)
      ships_left_[idx] += static_cast<int>((idx / stride_[t]) % static_cast<unsigned>(p_.types[t].multiplicity + 1));
  hit_cells_.clear();
  first_hit_after_.assign(static_cast<std::size_t>(n), 0);
  hit_row_.clear();
  hit_col_.clear();
  for (int i = 0; i < n; ++i)
    if (p_.forced[static_cast<std::size_t>(i)] > 0) {
      hit_cells_.push_back(i);
      hit_row_.push_back(i / p_.width);
      hit_col_.push_back(i % p_.width);
    }
  for (int i = 0; i < n; ++i)
    first_hit_after_[static_cast<std::size_t>(i)] =
        static_cast<int>(std::upper_bound(hit_cells_.begin(), hit_cells_.end(), i) - hit_cells_.begin());
  // Columns a horizontal ship of length L starting here will cross: their
  // codes (the cells above, row r-1) sit in slots 1..L-1 of the profile and
  // must all be 0, or the ship runs into a vertical ship (any rule) or
  // touches a ship cell above it (contact rules). Under no contact the
  // cell above-right of its end (slot L) must be empty too, when it exists.
  // Checked at the start, so doomed states die at once instead of L-1
  // cells later.
  row_clear_.assign(static_cast<std::size_t>(2 * (p_.max_length + 1)), 0);
  for (int len = 1; len <= p_.max_length; ++len)
    for (int diagonal = 0; diagonal < 2; ++diagonal) {
      Key m = 0;
      const int last = std::min(p_.width - 1, len - 1 + (p_.rule == adjacency::no_contact ? diagonal : 0));
      for (int slot = 1; slot <= last; ++slot) m |= code_slot_bits(slot);
      row_clear_[static_cast<std::size_t>(2 * len + diagonal)] = m;
    }
  // Under the contact rules a ship cell's code (1) says only that the cells
  // it touches in the next row may not hold a ship. Where no placement can
  // cover any of those (misses, cells boxed in by misses or sunk
  // predicates, off the board) it says nothing, once the cell after it has
  // read it as its west neighbour: the step at cell i clears the code of
  // cell i - 1 then (no vertical ship runs on into such a cell, so the code
  // is 0 or 1), and states differing only there merge. Under no contact
  // the up-left mark likewise says nothing when no placement covers cell
  // i + 1. After 10 random shots this takes about 4 % of the instructions
  // off under no edge and 1 % under no contact (RESULTS.md, "Session 31").
  live_codes_.assign(static_cast<std::size_t>(n), ~Key{0});
  close_rows_ = row_closing_ && p_.rule == adjacency::no_contact && p_.width >= 2;
  if (code_clearing_ && p_.rule != adjacency::touching && p_.width >= 2) {
    // Whether some placement may cover a cell (not a miss, nor boxed in
    // by misses, sunk predicates and the board's edges). A hit and the
    // cells touching it count as coverable whatever the weights say: no
    // placement touches a hit it does not cover (make_profile_problem), so
    // many cells there have none. Clearing the codes above them too lets
    // more doomed states live on some boards (the code-clearing test counts
    // states kept) and costs the benchmark's games after 10 shots 0.2-0.3 %
    // more instructions under the contact rules (RESULTS.md, "Session 41").
    std::vector<char> coverable(static_cast<std::size_t>(n), 0);
    for (int s = 0; s < n; ++s) {
      if (p_.forced[static_cast<std::size_t>(s)] <= 0) continue;
      const int r = s / p_.width, c = s % p_.width;
      for (int dr = -1; dr <= 1; ++dr)
        for (int dc = -1; dc <= 1; ++dc)
          if (r + dr >= 0 && r + dr < p_.height && c + dc >= 0 && c + dc < p_.width)
            coverable[static_cast<std::size_t>(s + dr * p_.width + dc)] = 1;
    }
    for (std::size_t t = 0; t < p_.types.size(); ++t) {
      const int L = p_.types[t].length;
      for (int s = 0; s < n; ++s)
        for (int dir = 0; dir < (L > 1 ? 2 : 1); ++dir)
          if (p_.start_weight(static_cast<int>(t), s, dir) != 0)
            for (int k = 0; k < L; ++k) coverable[static_cast<std::size_t>(s + k * (dir == 0 ? 1 : p_.width))] = 1;
    }
    for (int i = 1; i < n; ++i) {
      const int j = i - 1, below = j + p_.width, c = j % p_.width;
      auto quiet = [&](int dc) {
        return c + dc < 0 || c + dc >= p_.width || below + dc >= n || !coverable[static_cast<std::size_t>(below + dc)];
      };
      const bool stale = p_.rule == adjacency::no_edge ? quiet(0) : quiet(-1) && quiet(0) && quiet(1);
      if (stale) live_codes_[static_cast<std::size_t>(i)] &= ~code_slot_bits(p_.width - 2);
      if (p_.rule == adjacency::no_contact && i + 1 < n && !coverable[static_cast<std::size_t>(i + 1)])
        live_codes_[static_cast<std::size_t>(i)] &= ~(Key{1} << ul_shift_);
    }
  }
  mirrored_ = mirrored_rows();
  mirrored_columns_ = mirrored_columns();
  // The profile is read in chunks of `per` codes (at most 8 bits): slots
  // k*per .. k*per + per - 1 form chunk k. mirror_table_[k][v] is where
  // the codes v of chunk k go when a row boundary's profile is read right
  // to left; step() also sums absorbed values per chunk value.
  {
    const int per = std::max(1, 8 / code_bits_);
    chunk_bits_ = per * code_bits_;
    chunks_ = static_cast<std::size_t>((p_.width + per - 1) / per);
    column_tables_.resize(static_cast<std::size_t>(p_.width) * 2 * (chunks_ << chunk_bits_));
    // They depend on the width, the rule and the codes' width only, so a
    // call like the last (the same game one shot on) keeps them.
    const std::array<int, 3> column_key{p_.width, static_cast<int>(p_.rule), code_bits_};
    if (column_key != column_tables_key_) {
      column_tables_key_ = column_key;
      column_tables_ready_.assign(static_cast<std::size_t>(p_.width), 0);
    }
    const std::size_t values = std::size_t{1} << chunk_bits_;
    mirror_table_.assign(mirrored_columns_ ? chunks_ * values : 0, 0);
    for (std::size_t k = 0; k < (mirrored_columns_ ? chunks_ : 0); ++k)
      for (std::size_t v = 0; v < values; ++v) {
        Key m = 0;
        for (int j = 0; j < per; ++j) {
          const int slot = static_cast<int>(k) * per + j;
          const auto code = static_cast<Key>((v >> (j * code_bits_)) & ((1U << code_bits_) - 1));
          if (slot < p_.width) m |= code << (code_shift_ + (p_.width - 1 - slot) * code_bits_);
        }
        mirror_table_[k * values + v] = m;
      }
  }
  // States with one ship left (see last_ship.hpp): its type per count
  // state, and what each column blocks for it, per profile code and side
  // of the frontier.
  last_ship_ready_ = last_ship_allowed_ && last_ship_.build(p_);
  last_type_.assign(radix, 0);
  for (unsigned idx = 0; idx < radix; ++idx)
    for (std::size_t t = 0; t < p_.types.size(); ++t)
      if ((idx / stride_[t]) % static_cast<unsigned>(p_.types[t].multiplicity + 1) != 0)
        last_type_[idx] = static_cast<unsigned char>(t);
  column_blocks_.assign(static_cast<std::size_t>(p_.width) << (code_bits_ + 1), column_block{});
  for (int j = 0; j < p_.width; ++j)
    for (int code = 0; code < (1 << code_bits_); ++code)
      for (int behind = 0; behind < 2; ++behind)
        column_blocks_[column_block_index(j, code, behind != 0)] = block_of_column(p_.rule, code, behind != 0, j);
  // A count may key states by their number of unplaced ships and carry a
  // lane per set of them (see unplaced_lanes.hpp), where every value fits
  // 64 bits with plain adds and multiplies: a bound on the values below
  // 2^64, with or without weights.
  two_ship_ready_ = false;
  if constexpr (sizeof(Key) != 8) {
    lanes_.clear();
  } else {
    std::vector<int> lengths, multiplicity;
    for (const auto& t : p_.types) {
      lengths.push_back(t.length);
      multiplicity.push_back(t.multiplicity);
    }
    const count_type bound = weighted_value_bound(p_);
    if (bound >> 64 == 0)
      lanes_.build(lengths, multiplicity, n);
    else
      lanes_.clear();
    // States with two ships left, in the lanes' pass: its plain 64-bit
    // arithmetic may wrap in between but not in the end, except where
    // two_ship.hpp halves (at most four times the bound: see there).
    two_ship_ready_ =
        two_ship_allowed_ && last_ship_ready_ && lanes_.ready() && bound >> 62 == 0 && two_ship_.build(p_);
  }
  labelled_factor_ = 1;
  for (const auto& t : p_.types)
    for (int k = 2; k <= t.multiplicity; ++k)
      labelled_factor_ = checked_mul(labelled_factor_, static_cast<count_type>(k));
}

// Defined out of the class, so not inline: a program can compile them once
// (<battleship/count/extern_passes.hpp>).
template <class Key>
template <value_passes Passes>
count_type profile_dp<Key>::forward(keep_tables what) {
  lanes_pass_ = false;
  if constexpr (sizeof(Key) == 8)
    if ((what == keep_tables::nothing || what == keep_tables::for_occupancy) && counts_with_lanes()) {
      wide_ = false;
      lanes_pass_ = true;
      return forward_as<lane_values>(what);
    }
  if constexpr (Passes == value_passes::lanes_only) {
    throw std::logic_error("profile_dp: the lanes do not take this problem, past what the caller promised");
  } else {
    try {
      wide_ = false;
      const count_type total = forward_as<std::uint64_t>(what);
      // Completions are at most the total: 64 bits hold them if they hold it.
      if (what == keep_tables::nothing || (total >> 64) == 0) return total;
    } catch (const narrow_overflow&) {
    }
    if constexpr (Passes == value_passes::up_to_64_bits)
      throw std::logic_error("profile_dp: a value passed 64 bits, past the bound the caller promised");
    wide_ = true;
    return forward_as<count_type>(what);
  }
}

template <class Key>
template <value_passes Passes>
void profile_dp<Key>::backward(std::vector<count_type>* occupancy, bool keep_completions) {
  if (kept_layers_ != p_.cells() + 1) throw std::logic_error("profile_dp: forward() with layers kept first");
  if constexpr (sizeof(Key) == 8)
    if (lanes_pass_) {
      if (keep_completions) throw std::logic_error("profile_dp: the lanes keep no completions for sampling");
      return backward_as<lane_values>(occupancy, false);
    }
  if constexpr (Passes == value_passes::lanes_only) {
    throw std::logic_error("profile_dp: the forward pass took no lanes, past what the caller promised");
  } else {
    if constexpr (Passes == value_passes::up_to_128_bits)
      if (wide_) return backward_as<count_type>(occupancy, keep_completions);
    backward_as<std::uint64_t>(occupancy, keep_completions);
  }
}

template <class Key>
template <class V>
void profile_dp<Key>::step_segment(int from, int to, const std::vector<int>& starts) {
  for (int i : starts) {
    const int stride = stride_from(i, to);
    step_by<V>(stride, i, segment_layer(from, to, i), segment_layer(from, to, i + stride), true);
    interruption_point();  // a recomputed stretch is a few steps of the forward pass
  }
}

template <class Key>
template <class V>
void profile_dp<Key>::backward_segment(int from, int to, const std::vector<int>& starts) {
  for (auto it = starts.rbegin(); it != starts.rend() && *it != from; ++it) {
    const int stride = stride_from(*it, to);
    layer& L = segment_layer(from, to, *it);
    layer& next = segment_layer(from, to, *it + stride);
    backward_step_by<V>(stride, *it, L, next, b_of<V>(next), b_of<V>(L), nullptr);
  }
}

}  // namespace battleship::detail
