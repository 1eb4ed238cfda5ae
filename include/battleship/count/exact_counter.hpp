#pragma once
// exact_count: the number of layouts agreeing with an observation, and how
// many of them cover each cell, by a dynamic programme over the cells in scan
// order (a "broken profile"; see count/detail/profile_dp.hpp) instead of
// enumerating layouts. Same result and conventions as enumerate_bitset:
// labelled counts (every ship distinct), unlabelled = labelled /
// unlabelled_divisor(rules, obs), occupancy = labelled layouts covering each
// cell. Any grid up to the bitboard's capacity, any fleet, every adjacency
// rule and both feedback models; counts are exact and overflow throws
// std::overflow_error rather than wrapping.
//
// Extension point — per-placement weights. count(obs, weight) takes a
// callable `weight(int ship, const placement& p) -> std::uint64_t` and
// returns the weighted sums: every layout contributes the product of its
// ships' weights (0 forbids a placement) to `labelled` and to the occupancy
// of the cells it covers, so occupancy[c] / labelled is the exact posterior
// probability of c under the prior "P(layout) proportional to the product of
// weights" (e.g. a prior that humans favour edges: edge_prior.hpp). Placements the
// observation rules out are excluded before `weight` is asked. `unlabelled`
// is labelled / unlabelled_divisor, meaningful when equal-length ships get
// equal weights. Equal-length ships whose weights (and admissibility) agree
// on every placement are merged into one type and counted once, which is
// what makes the common case fast. A weighted count takes the same fast
// passes as an unweighted one (lanes, ships left in closed form) while its
// values fit 64 bits: while the product over the ships of 1 + the total
// weight of their placements stays below 2^64 (a prior of small integers
// on the classic fleet and 10x10 board is far below). Past that it runs
// the pass with one value per state, about twice as long.
//
// Memory: a count alone keeps two layers of states. The occupancy matrix
// keeps every layer while the tables fit in a quarter of the memory limit
// (set_memory_limit, default 8 GiB); past that it keeps checkpoints about
// sqrt(cells) layers apart and recomputes between them on the way back, so
// boards such as 16x16 get their matrix in bounded memory for about one more
// forward pass (peak_states()/kept_states() report the sizes). The limit
// counts everything the call holds, checked after each cell: the kept
// layers (by capacity), the tables that count the last ships in closed form
// (for the matrix: 3.5 MiB on 10x10 under the touching rule, 0.6 MiB under
// the contact rules, 64 MiB on 16x16), the pass's working buffers (its two
// rolling layers, which hold all of a count alone's states, and the step's
// streams) and, for the matrix, what the backward pass adds (the
// completions it rolls through two buffers, and the stretch it recomputes
// between checkpoints, which the forward pass estimates and the backward
// pass checks when it has it, refusing a limit there if need be). The
// estimate mostly errs high: the 16x16 matrix needs a 352 MiB limit and
// peaks at 248 MiB resident.
//
// Rules whose grid and fleet are fixed at compile time and whose widest
// state fits 64 bits (the classic fleet on any grid up to 16x16)
// compile only the 64-bit key's programme; others (dynamic_rules) also get
// the 128-bit one, which boards up to 16 columns with long ships may need.
// Likewise an unweighted count on such rules compiles only 64-bit values
// when no value can pass them (may_need_wide_values: the classic fleet on
// any grid up to 16x16); a weighted count always compiles both widths. And
// when the feedback announces no sunk ship either, and the fleet's sets of
// unplaced ships fit the lanes (may_need_scalar_values: park_rules,
// audinot_rules), an unweighted count compiles only the lanes' passes.
//
// An observation made under other rules (another cell or ship count, or a
// sunk announcement under rules whose feedback never makes one) throws
// invalid_observation, here and in exact_sampler (make_profile_problem calls
// require_observation_of).

#include <atomic>
#include <concepts>
#include <cstdint>
#include <functional>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include <battleship/core/observation.hpp>
#include <battleship/core/placement.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/count/count_result.hpp>
#include <battleship/count/detail/checked_arithmetic.hpp>
#include <battleship/count/detail/profile_dp.hpp>
#include <battleship/count/detail/profile_problem.hpp>

namespace battleship {

// The default weight: every admissible placement counts once.
struct unit_weight {
  constexpr std::uint64_t operator()(int, const placement&) const noexcept { return 1; }
};

namespace detail {
// Whether a count takes placement weights (then a count of 0 may be their
// doing, which the errors say).
template <class Weight>
inline constexpr bool weighs_placements = !std::is_same_v<std::remove_cvref_t<Weight>, unit_weight>;
}  // namespace detail

namespace detail {
// A floating-point weight, or a class whose conversion gives one (its 1.5
// would be truncated as a double's).
template <class T>
concept class_converting_to_floating_point = std::is_class_v<std::remove_cvref_t<T>> && requires(T t) {
  requires std::floating_point<decltype(+t)>;
};
template <class T>
concept floating_weight = std::floating_point<std::remove_cvref_t<T>> || class_converting_to_floating_point<T>;
}  // namespace detail

// The weight is a whole number: a floating-point one (1.5, 0.5) would be
// truncated to 1 or 0 without a word, so it does not compile; one that
// std::uint64_t cannot hold (negative, or a 128-bit one past 2^64 - 1)
// throws std::invalid_argument rather than wrap or lose its high bits.
template <class F>
concept PlacementWeight = requires(F& f, int ship, const placement& p) {
  { f(ship, p) } -> std::convertible_to<std::uint64_t>;
  requires !detail::floating_weight<decltype(f(ship, p))>;
};

namespace detail {
// Whether a count's (or a batch of draws') passes are running, so that a
// call into their owner from the run's own interruption check, or from
// another thread while it runs, is refused. A copy (of a counter, made
// inside its check, say) is not running.
struct run_state {
  std::atomic<bool> on{false};
  run_state() = default;
  run_state(const run_state&) noexcept {}
  run_state& operator=(const run_state&) noexcept { return *this; }
};
// Sets it for a run (or for a call that changes what a run reads: release,
// set_interruption_check), and clears it however that ends; one that finds
// it set, by another thread or by the run's own interruption check, is
// refused with std::logic_error.
struct running_flag {
  run_state& state;
  running_flag(run_state& s, const char* owner, const char* what, const char* during) : state(s) {
    if (state.on.exchange(true))
      throw std::logic_error(std::string(owner) + ": " + what + " called during " + during +
                             " (from its interruption check, or from another thread: each thread needs its own), "
                             "which would pull the tables from under the pass");
  }
  running_flag(const running_flag&) = delete;
  running_flag& operator=(const running_flag&) = delete;
  ~running_flag() { state.on.store(false); }
};

// Keeps a profile_dp over each key width and hands f the narrowest that holds
// the problem, reusing its buffers from one call to the next. Without Wide
// (see may_need_wide_key) only the 64-bit key is instantiated.
template <bool Wide>
class profile_dp_pool {
 public:
  std::size_t memory_limit = default_memory_limit;
  std::function<void()> interruption_check;  // see exact_counter::set_interruption_check

  // A call refused for memory (std::length_error, or std::bad_alloc from
  // the allocator) frees every table: they can be most of the limit, and
  // the caller, told to count without the matrix or to raise the limit,
  // should not go on holding them. The buffers an earlier, larger count
  // left (kept for speed) weigh against the limit too, so a call refused
  // while it held any runs once more from nothing: a limit a fresh counter
  // takes is taken after any earlier count (a count alone after the
  // matrix of the empty 10x10 board was refused under 4.3 MB).
  template <class MakeProblem, class F>
  decltype(auto) run(MakeProblem&& make_problem, F&& f) {
    const running_flag running = hold("count");
    const bool held_earlier_tables = held_bytes() != 0;
    try {
      return attempt(make_problem(), f);
    } catch (const std::length_error&) {
      if (!held_earlier_tables) throw;
    }
    return attempt(make_problem(), f);
  }
  // Frees every table; the next run builds them afresh. The limit and the
  // interruption check stay.
  void release() {
    const running_flag holding = hold("release");
    free_tables();
  }
  // An interruption check that calls back into its own counter would reset
  // or free the tables of the pass that called it (or, replacing itself,
  // destroy the function running), and so would another thread: count,
  // release and set_interruption_check each hold the flag while they run,
  // and refuse each other (std::logic_error).
  [[nodiscard]] running_flag hold(const char* what) { return running_flag{running_, "exact counter", what, "a count"}; }
  // Bytes the tables kept between runs hold (the passes' buffers, layers and
  // closed forms; not the few tables each problem's constructor builds).
  [[nodiscard]] std::size_t held_bytes() const noexcept {
    std::size_t bytes = narrow_ ? narrow_->held_bytes() : 0;
    if constexpr (Wide)
      if (wide_) bytes += wide_->held_bytes();
    return bytes;
  }

 private:
  template <class Key>
  profile_dp<Key>& get(std::optional<profile_dp<Key>>& slot, profile_problem p) {
    if (slot)
      slot->reset(std::move(p));
    else
      slot.emplace(std::move(p));
    slot->set_memory_limit(memory_limit);
    slot->set_interruption_check(&interruption_check);  // refreshed each run: the pool may have moved
    return *slot;
  }
  void free_tables() noexcept {
    narrow_.reset();
    if constexpr (Wide) wide_.reset();
  }
  template <class F>
  decltype(auto) attempt(profile_problem p, F& f) {
    [[maybe_unused]] const bool takes_wide =
        takes_wide_key<Wide>(profile_dp<std::uint64_t>::bits_needed(p), "exact counter");
    try {
      if constexpr (Wide)
        if (takes_wide) return f(get(wide_, std::move(p)));
      return f(get(narrow_, std::move(p)));
    } catch (const std::length_error&) {
      free_tables();
      throw;
    } catch (const std::bad_alloc&) {
      free_tables();
      throw;
    }
  }
  run_state running_;
  std::optional<profile_dp<std::uint64_t>> narrow_;
  [[no_unique_address]] std::conditional_t<Wide, std::optional<profile_dp<wide_key>>, std::monostate> wide_;
};
}  // namespace detail

template <Ruleset R>
class exact_counter {
 public:
  using board_type = typename R::board_type;

  explicit exact_counter(const R& rules) : rules_(rules) {}

  // The flag takes a bool and nothing else: a weight of the wrong shape (say
  // a lambda of the placement alone) would otherwise convert to `true`
  // through its function pointer and count unweighted without a word.
  template <std::same_as<bool> Flag = bool>
  [[nodiscard]] count_result count(const observation<board_type>& obs, Flag with_occupancy = true) {
    return count_as<detail::value_passes_for<R>()>(obs, unit_weight{}, with_occupancy);
  }

  template <PlacementWeight Weight>
  [[nodiscard]] count_result count(const observation<board_type>& obs, Weight&& weight, bool with_occupancy = true) {
    return count_as<detail::value_passes::up_to_128_bits>(obs, weight, with_occupancy);
  }

  static constexpr std::size_t default_memory_limit = detail::default_memory_limit;
  // Bytes a count may hold (default 8 GiB; see "Memory" above): the
  // matrix keeps every layer while they and the rest fit in a quarter of
  // it, then checkpoints; count() throws std::length_error when even those
  // do not fit, from the forward pass or, for a stretch it recomputes, the
  // backward one.
  void set_memory_limit(std::size_t bytes) noexcept { pool_.memory_limit = bytes; }

  // Frees the tables kept from one count to the next. They keep the size
  // of the largest count so far (after the benchmark's 32 games under the
  // no-edge rule, about 80 MB), which a long-lived counter, say an AI
  // opponent between games, may not want to hold. The next count() builds
  // them again, at the cost of its first allocations; the memory limit,
  // the interruption check, peak_states() and kept_states() stay.
  void release() { pool_.release(); }
  // A check the count calls after each step of its passes, on the calling
  // thread: once per step, a pair of cells where ships are at most 7 long
  // (the empty 10x10 board: 50 calls for the count, 75 with the matrix, at
  // most 1.7 ms apart; 16x16 under the no-edge rule: up to 0.11 s apart),
  // else one cell. A check that throws stops the count
  // between steps; its exception reaches the caller of count(), and the
  // counter stays fit for the next count. For a time budget, a
  // std::stop_token, or progress:
  //   counter.set_interruption_check([token] { if (token.stop_requested()) throw move_cancelled{}; });
  // An empty function (the default) checks nothing. The check must not
  // call back into this counter (count, release, set_interruption_check):
  // those throw std::logic_error during a count.
  void set_interruption_check(std::function<void()> check) {
    const auto holding = pool_.hold("set_interruption_check");
    pool_.interruption_check = std::move(check);
  }
  // Bytes those tables hold now, by capacity: what release() would free
  // (0 after it, and after a count refused for memory, which frees them).
  [[nodiscard]] std::size_t held_bytes() const noexcept { return pool_.held_bytes(); }

  [[nodiscard]] const R& rules() const noexcept { return rules_; }
  // States in the largest layer of the last count, and states kept for its occupancy.
  [[nodiscard]] std::size_t peak_states() const noexcept { return peak_states_; }
  [[nodiscard]] std::size_t kept_states() const noexcept { return kept_states_; }

 private:
  // Passes: the value passes the counts may need (all of them, with weights).
  template <detail::value_passes Passes, class Weight>
  [[nodiscard]] count_result count_as(const observation<board_type>& obs, Weight&& weight, bool with_occupancy) {
    const auto g = rules_.geometry();
    const auto make_problem = [&] { return detail::make_profile_problem(rules_, obs, weight); };
    return pool_.run(make_problem, [&](auto& dp) {
      count_result result;
      const count_type types = dp.template forward<Passes>(with_occupancy ? detail::keep_tables::for_occupancy
                                                                          : detail::keep_tables::nothing);
      result.labelled = detail::checked_mul(types, dp.labelled_factor());
      result.labelled_per_unlabelled = unlabelled_divisor(rules_, obs);
      result.unlabelled = result.labelled / result.labelled_per_unlabelled;
      result.weighted = detail::weighs_placements<Weight>;
      peak_states_ = dp.peak_states();
      kept_states_ = with_occupancy ? dp.kept_states() : 0;
      if (with_occupancy) {
        result.occupancy.assign(static_cast<std::size_t>(g.cell_count()), 0);
        if (types != 0) {
          std::vector<count_type> scanned;
          dp.template backward<Passes>(&scanned);
          for (int s = 0; s < g.cell_count(); ++s)
            result.occupancy[static_cast<std::size_t>(dp.problem().original_cell(s))] =
                detail::checked_mul(scanned[static_cast<std::size_t>(s)], dp.labelled_factor());
        }
      }
      return result;
    });
  }

  R rules_;
  detail::profile_dp_pool<detail::may_need_wide_key<R>()> pool_;
  std::size_t peak_states_ = 0, kept_states_ = 0;
};

template <Ruleset R, std::same_as<bool> Flag = bool>
[[nodiscard]] count_result exact_count(const R& rules, const observation<typename R::board_type>& obs,
                                       Flag with_occupancy = true) {
  return exact_counter<R>(rules).count(obs, with_occupancy);
}

// The weighted count in one call (see exact_counter::count).
template <Ruleset R, PlacementWeight Weight>
[[nodiscard]] count_result exact_count(const R& rules, const observation<typename R::board_type>& obs, Weight&& weight,
                                       bool with_occupancy = true) {
  return exact_counter<R>(rules).count(obs, std::forward<Weight>(weight), with_occupancy);
}

template <Ruleset R, std::same_as<bool> Flag = bool>
[[nodiscard]] count_result exact_count(const R& rules, Flag with_occupancy = true) {
  return exact_count(rules, observation<typename R::board_type>(rules), with_occupancy);
}

}  // namespace battleship
