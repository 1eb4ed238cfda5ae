#pragma once
// memoized<S>: a policy that remembers the shots another policy chose, keyed
// by what the attacker knew, in a decision_cache that threads can share.
//
// Every game of a deterministic policy starts from the same empty board, and
// the first shots are mostly misses, so the first ten or so positions repeat
// from game to game. For exact-posterior play those are also the expensive
// ones (the first shot costs about 0.4 s, the twentieth a few milliseconds):
// an "opening book" filled as games are played makes a simulation of 10,000
// games about an order of magnitude cheaper, and an embedded AI can ship a
// book filled in advance. The choices are the wrapped policy's own, so the
// games are identical with or without the cache.
//
// The wrapped policy must be a pure function of the observation's hits,
// misses and sunk announcements (the ship, the cell and the hits at that
// time): no state kept between shots (a policy with on_result is rejected
// at compile time) and no random tie-breaking. density_greedy with
// tie_break::lowest_cell over exact_density qualifies; hunt/target (keeps a
// stack) and Monte Carlo models (draw samples) do not.
//
// Only positions with at most max_shots shots are cached: deeper positions
// rarely repeat. The cache is safe to use from many threads at once; two
// threads meeting the same new position both compute it, and the first
// answer stays (they are equal).

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <stdexcept>
#include <unordered_map>
#include <utility>
#include <vector>

#include <battleship/core/observation.hpp>
#include <battleship/strategy/strategy.hpp>

namespace battleship {

template <class Board>
class decision_cache {
 public:
  explicit decision_cache(int max_shots = 24) : max_shots_(max_shots) {
    if (max_shots < 0) throw std::invalid_argument("decision_cache: max_shots cannot be negative");
  }

  [[nodiscard]] int max_shots() const noexcept { return max_shots_; }
  [[nodiscard]] bool covers(const observation<Board>& seen) const noexcept { return seen.shot_count() <= max_shots_; }

  [[nodiscard]] std::optional<int> find(const observation<Board>& seen) const {
    const key k = key_of(seen);
    std::shared_lock lock(mutex_);
    const auto it = table_.find(k);
    if (it == table_.end()) {
      ++misses_;
      return std::nullopt;
    }
    ++hits_;
    return it->second;
  }
  // Records `cell` as the choice at `seen` (no-op beyond max_shots).
  void insert(const observation<Board>& seen, int cell) {
    if (!covers(seen)) return;
    key k = key_of(seen);
    std::unique_lock lock(mutex_);
    table_.try_emplace(std::move(k), cell);
  }

  [[nodiscard]] std::size_t size() const {
    std::shared_lock lock(mutex_);
    return table_.size();
  }
  // Lookups answered from the cache, and lookups that were not.
  [[nodiscard]] std::uint64_t hits() const noexcept { return hits_.load(); }
  [[nodiscard]] std::uint64_t misses() const noexcept { return misses_.load(); }
  void clear() {
    std::unique_lock lock(mutex_);
    table_.clear();
  }

 private:
  // Everything a pure policy may depend on: which cells were hit and missed,
  // and each sunk announcement with the hits known when it was made.
  struct key {
    Board hits, misses;
    std::vector<std::pair<int, int>> sunk;  // (ship, cell), sorted by ship
    std::vector<Board> sunk_hits;           // hits when each of them sank, same order
    friend bool operator==(const key&, const key&) = default;
  };
  struct key_hash {
    std::size_t operator()(const key& k) const noexcept {
      std::uint64_t h = k.hits.hash() * 0x9e3779b97f4a7c15ULL ^ k.misses.hash();
      for (const auto& [ship, cell] : k.sunk)
        h = (h ^ static_cast<std::uint64_t>(ship * 1024 + cell)) * 0xbf58476d1ce4e5b9ULL;
      return static_cast<std::size_t>(h ^ (h >> 31));
    }
  };
  [[nodiscard]] static key key_of(const observation<Board>& seen) {
    key k{seen.hits(), seen.misses(), {}, {}};
    auto events = seen.sunk_events();
    std::sort(events.begin(), events.end(), [](const auto& a, const auto& b) { return a.ship < b.ship; });
    for (const auto& e : events) {
      k.sunk.emplace_back(e.ship, e.cell);
      k.sunk_hits.push_back(e.hits_then);
    }
    return k;
  }

  int max_shots_;
  mutable std::shared_mutex mutex_;
  std::unordered_map<key, int, key_hash> table_;
  mutable std::atomic<std::uint64_t> hits_{0}, misses_{0};
};

// A policy told outcomes (on_result) keeps state between shots: its choice is
// not a function of the observation, so it cannot be memoized.
template <class S>
concept MemoizablePolicy = Strategy<S> && !detail::observes_outcomes<S>;

template <MemoizablePolicy S>
class memoized {
 public:
  using board_type = typename S::board_type;
  using cache_type = decision_cache<board_type>;

  memoized(S policy, std::shared_ptr<cache_type> cache) : policy_(std::move(policy)), cache_(std::move(cache)) {
    if (!cache_) throw std::invalid_argument("memoized: no cache");
  }

  [[nodiscard]] int next_shot(const observation<board_type>& seen) {
    if (!cache_->covers(seen)) return policy_.next_shot(seen);
    if (const auto cell = cache_->find(seen)) return *cell;
    const int cell = policy_.next_shot(seen);
    cache_->insert(seen, cell);
    return cell;
  }
  void new_game() { start_new_game(policy_); }
  void seed(std::uint64_t s) { seed_strategy(policy_, s); }

  [[nodiscard]] S& policy() noexcept { return policy_; }
  [[nodiscard]] const std::shared_ptr<cache_type>& cache() const noexcept { return cache_; }

 private:
  S policy_;
  std::shared_ptr<cache_type> cache_;
};

}  // namespace battleship
