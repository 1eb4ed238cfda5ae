#pragma once
// exact_sampler: layouts drawn exactly uniformly from those agreeing with an
// observation (or, with weights, with probability proportional to the
// product of placement weights), straight from the exact counter's tables.
//
// Construction runs the forward and backward passes once and keeps the
// tables; each draw then walks the cells in scan order (two at a time where
// the programme can) choosing every step with probability (ways through that
// step) / (ways from here), so no draw is ever rejected. Interchangeable
// ships (one type in the counter) are dealt their placements by a uniform
// random permutation, which turns the uniform type-level layout into a
// uniform labelled one.
//
// Memory: every layer is kept while the tables (and the pass's working
// buffers) fit in three quarters of the memory limit (default 8 GiB; a quarter for sampler_draws::batches_only):
// for 5-4-3-3-2 under the touching rule about 60 MiB on a 10x10 board,
// 0.42 GiB on 14x14 and 0.94 GiB on 16x16 (max RSS). Past that the
// rest of the tables are kept as checkpoints only (checkpointed()): then
// draws come in batches, draw(rng, count), each batch recomputing the
// stretches between checkpoints once (about one more forward pass, however
// many layouts it draws), and a single draw with operator() throws
// std::logic_error. draw() works on every board: 1000 layouts of an empty
// 16x16 board take about 1.5 s and 0.94 GiB, tables included, with every
// layer kept or with sampler_draws::batches_only (what monte_carlo_density
// uses).

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <random>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include <battleship/core/layout.hpp>
#include <battleship/core/observation.hpp>
#include <battleship/core/placement.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/count/count_result.hpp>
#include <battleship/count/detail/checked_arithmetic.hpp>
#include <battleship/count/detail/profile_dp.hpp>
#include <battleship/count/detail/profile_problem.hpp>
#include <battleship/count/exact_counter.hpp>
#include <battleship/detail/random.hpp>

namespace battleship {

// How a sampler will be used. batches_only promises draw() alone (never
// operator()), so the tables may checkpoint past a quarter of the memory
// limit instead of three quarters: less memory on boards whose tables pass
// a quarter of it. (An empty 16x16 board's no longer do: 1000 layouts take
// about 1.5 s and 0.94 GiB either way; see docs/RESULTS.md.)
// one_at_a_time_only promises operator() alone (never draw()): the
// constructor then refuses with std::length_error as soon as the tables pass
// three quarters of the limit, instead of finishing a pass whose checkpoints
// no single draw could use.
enum class sampler_draws { one_at_a_time, batches_only, one_at_a_time_only };

template <Ruleset R>
class exact_sampler {
 public:
  using board_type = typename R::board_type;
  static constexpr std::size_t default_memory_limit = detail::default_memory_limit;

  // Throws inconsistent_observation when no layout agrees with `obs` (or
  // when the weights leave none with a weight above 0).
  exact_sampler(const R& rules, const observation<board_type>& obs) : exact_sampler(rules, obs, unit_weight{}) {}

  template <PlacementWeight Weight>
  exact_sampler(const R& rules, const observation<board_type>& obs, Weight&& weight)
      : exact_sampler(rules, obs, std::forward<Weight>(weight), default_memory_limit) {}

  // With a memory limit in bytes for what the sampler's passes hold
  // (std::length_error when even the checkpoints pass it; a batch's draws
  // come on top), how it will draw, and an interruption check (see
  // set_interruption_check), which the constructor's passes call too: one
  // that throws stops the construction (the passes take 3.4 s on an empty
  // 16x16 board).
  template <PlacementWeight Weight>
  exact_sampler(const R& rules, const observation<board_type>& obs, Weight&& weight, std::size_t memory_limit,
                sampler_draws use = sampler_draws::one_at_a_time, std::function<void()> interruption_check = {})
      : rules_(rules),
        engine_(make_engine(detail::make_profile_problem(rules, obs, weight))),
        interruption_check_(std::move(interruption_check)) {
    std::visit(
        [&](auto& dp) {
          dp.set_memory_limit(memory_limit);
          const checking_passes<std::remove_cvref_t<decltype(dp)>> checking(dp, interruption_check_);
          const count_type types =
              dp.forward(use == sampler_draws::batches_only         ? detail::keep_tables::for_batches
                         : use == sampler_draws::one_at_a_time_only ? detail::keep_tables::for_single_draws
                                                                    : detail::keep_tables::for_sampling);
          if (types == 0) throw no_layout_agrees(obs, detail::weighs_placements<Weight>);
          labelled_ = detail::checked_mul(types, dp.labelled_factor());
          dp.backward(nullptr, true);
        },
        engine_);
  }

  // A check that draw() calls after each step of a batch, when it has moved
  // every draw one step on (and after each step of a stretch it recomputes
  // from a checkpoint), on the calling thread, as
  // exact_counter::set_interruption_check's: one that throws stops the
  // batch, its exception reaches the caller, and the generator has moved
  // on; the sampler draws as before next time. A batch of 100,000 empty
  // 16x16 layouts takes about 2.3 s, a step of it about 20 ms. operator()
  // draws one layout in microseconds and does not call it. `f` must not
  // call draw() or set_interruption_check() on its sampler (std::logic_error).
  void set_interruption_check(std::function<void()> f) {
    const detail::running_flag holding{drawing_, "exact_sampler", "set_interruption_check", "a batch of draws"};
    interruption_check_ = std::move(f);
  }

  // One layout; the caller's generator is the only source of randomness.
  // Throws std::logic_error when checkpointed(): draw in batches then.
  template <std::uniform_random_bit_generator Rng>
  [[nodiscard]] layout operator()(Rng& rng) const {
    return std::visit(
        [&](const auto& dp) {
          if (dp.checkpointed())
            throw std::logic_error("exact_sampler: this board's tables are checkpointed; draw in batches with draw()");
          std::vector<std::vector<placement>> by_type(dp.problem().types.size());
          dp.sample(rng, [&](int cell, int type, int dir) { add_ship(dp.problem(), by_type, cell, type, dir); });
          return deal(dp.problem(), by_type, rng);
        },
        engine_);
  }

  // `count` layouts, independent and each distributed as operator()'s. The
  // same generator state gives the same layouts whether or not the tables
  // are checkpointed (whatever the memory limit), though not the layouts
  // `count` calls of operator() would give.
  template <std::uniform_random_bit_generator Rng>
  [[nodiscard]] std::vector<layout> draw(Rng& rng, std::size_t count) {
    const detail::running_flag drawing{drawing_, "exact_sampler", "draw", "a batch of draws"};
    std::vector<layout> out;
    out.reserve(count);
    std::visit(
        [&](auto& dp) {
          const checking_passes<std::remove_cvref_t<decltype(dp)>> checking(dp, interruption_check_);
          const auto& p = dp.problem();
          std::vector<std::vector<std::vector<placement>>> by_type(count,
                                                                   std::vector<std::vector<placement>>(p.types.size()));
          dp.sample_batch(rng, count, [&](std::size_t d, int cell, int type, int dir) {
            add_ship(p, by_type[d], cell, type, dir);
          });
          for (auto& ships : by_type) out.push_back(deal(p, ships, rng));
        },
        engine_);
    return out;
  }

  // Are the tables kept as checkpoints past some layer (operator() refuses)?
  [[nodiscard]] bool checkpointed() const noexcept {
    return std::visit([](const auto& dp) { return dp.checkpointed(); }, engine_);
  }

  // The number of labelled layouts (weighted sum with weights) being sampled from.
  [[nodiscard]] count_type layout_count() const noexcept { return labelled_; }
  [[nodiscard]] const R& rules() const noexcept { return rules_; }

 private:
  // Only the 64-bit key's programme when these rules never need more (see
  // may_need_wide_key).
  static constexpr bool wide = detail::may_need_wide_key<R>();
  using engine_type =
      std::conditional_t<wide, std::variant<detail::profile_dp<std::uint64_t>, detail::profile_dp<detail::wide_key>>,
                         std::variant<detail::profile_dp<std::uint64_t>>>;
  static engine_type make_engine(detail::profile_problem p) {
    [[maybe_unused]] const bool takes_wide =
        detail::takes_wide_key<wide>(detail::profile_dp<std::uint64_t>::bits_needed(p), "exact sampler");
    if constexpr (wide)
      if (takes_wide) return engine_type(std::in_place_index<1>, std::move(p));
    return engine_type(std::in_place_index<0>, std::move(p));
  }

  // Points the passes at the check for a scope (the sampler may have moved
  // since the last), and clears the pointer however the scope ends.
  template <class Dp>
  struct checking_passes {
    Dp& dp;
    checking_passes(Dp& d, const std::function<void()>& check) : dp(d) { dp.set_interruption_check(&check); }
    checking_passes(const checking_passes&) = delete;
    checking_passes& operator=(const checking_passes&) = delete;
    ~checking_passes() { dp.set_interruption_check(nullptr); }
  };

  static void add_ship(const detail::profile_problem& p, std::vector<std::vector<placement>>& by_type, int cell,
                       int type, int dir) {
    by_type[static_cast<std::size_t>(type)].push_back(
        p.original_placement(cell, dir, p.types[static_cast<std::size_t>(type)].length));
  }
  // The layout: each type's placements dealt to its ships in random order.
  template <class Rng>
  layout deal(const detail::profile_problem& p, std::vector<std::vector<placement>>& by_type, Rng& rng) const {
    std::array<placement, max_ships> where{};
    for (std::size_t t = 0; t < p.types.size(); ++t) {
      auto& list = by_type[t];
      for (std::size_t k = list.size(); k > 1; --k)  // Fisher-Yates
        std::swap(list[k - 1], list[static_cast<std::size_t>(detail::uniform_below(rng, k))]);
      for (std::size_t k = 0; k < list.size(); ++k) where[static_cast<std::size_t>(p.types[t].ships[k])] = list[k];
    }
    layout l;
    for (int i = 0; i < rules_.ship_count(); ++i) l.push_back(where[static_cast<std::size_t>(i)]);
    return l;
  }

  R rules_;
  engine_type engine_;
  std::function<void()> interruption_check_;
  detail::run_state drawing_;
  count_type labelled_ = 0;
};

}  // namespace battleship
