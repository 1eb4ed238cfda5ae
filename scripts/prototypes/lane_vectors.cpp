// A measurement prototype, not part of the library and not built by CMake:
// would the exact counter gain from keying its states by (profile, ships
// left) and carrying, per key, one value for each set of unplaced ships of
// that size (a short vector of "lanes") instead of one state per set?
// (docs/results/30-exact-counting.md, "Session 16".)
//
// Two toy broken-profile counters share all their code but the state: one
// value per (profile, h, unplaced counts), as the library keys states, or
// a vector of lanes per (profile, h, ships left). Both step one cell at a
// time, merge successors in the same open-addressing table, prune by cells
// needed, and absorb states with every ship placed (one completion if the
// ships still running cover the hits ahead, none otherwise);
// neither has the library's closed form for the last ship, its pair steps,
// sorted streams or mirror folds. So only their ratio means anything. Touching
// rule, hit/miss, classic fleet on 10x10; the counts are checked against
// exact_counter.
//
//   g++ -std=c++20 -O3 -DNDEBUG -Iinclude scripts/prototypes/lane_vectors.cpp -o /tmp/lane_vectors
//   /tmp/lane_vectors 3     # rounds; prints per-board keys and times of both

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <vector>

#include <battleship/count/exact_counter.hpp>
#include <battleship/solver.hpp>

#include "measure.hpp"

using namespace battleship;

namespace {

constexpr int W = 10, H = 10, N = W * H;
constexpr std::array<int, 4> lengths{5, 4, 3, 2};  // types
constexpr std::array<int, 4> multiplicity{1, 1, 2, 1};
constexpr int max_lanes = 8;

struct tables {
  int count_states = 1;
  std::array<int, 4> stride{};
  std::vector<int> left, cells_needed;                   // per count state
  std::vector<int> lane_of;                              // per count state: its lane within its level
  std::array<std::array<int, max_lanes>, 6> state_of{};  // per level and lane: the count state
  std::array<int, 6> lanes{};                            // lanes per level
  // perm[level][t][lane'] = the lane of level `level` that starting type t
  // takes to lane' of level - 1, or -1.
  std::array<std::array<std::array<int, max_lanes>, 4>, 6> perm{};

  tables() {
    for (int t = 0; t < 4; ++t) {
      stride[static_cast<std::size_t>(t)] = count_states;
      count_states *= multiplicity[static_cast<std::size_t>(t)] + 1;
    }
    left.assign(static_cast<std::size_t>(count_states), 0);
    cells_needed.assign(static_cast<std::size_t>(count_states), 0);
    lane_of.assign(static_cast<std::size_t>(count_states), 0);
    for (int s = 0; s < count_states; ++s) {
      for (int t = 0; t < 4; ++t) {
        const int k = of(s, t);
        left[static_cast<std::size_t>(s)] += k;
        cells_needed[static_cast<std::size_t>(s)] += k * lengths[static_cast<std::size_t>(t)];
      }
      const int l = left[static_cast<std::size_t>(s)];
      const int lane = lanes[static_cast<std::size_t>(l)]++;
      if (lane >= max_lanes) throw std::logic_error("too many lanes");
      lane_of[static_cast<std::size_t>(s)] = lane;
      state_of[static_cast<std::size_t>(l)][static_cast<std::size_t>(lane)] = s;
    }
    for (auto& level : perm)
      for (auto& t : level) t.fill(-1);
    for (int s = 0; s < count_states; ++s)
      for (int t = 0; t < 4; ++t)
        if (of(s, t) > 0) {
          const int l = left[static_cast<std::size_t>(s)];
          const int to = s - stride[static_cast<std::size_t>(t)];
          perm[static_cast<std::size_t>(l)][static_cast<std::size_t>(t)]
              [static_cast<std::size_t>(lane_of[static_cast<std::size_t>(to)])] = lane_of[static_cast<std::size_t>(s)];
        }
  }
  [[nodiscard]] int of(int s, int t) const {
    return s / stride[static_cast<std::size_t>(t)] % (multiplicity[static_cast<std::size_t>(t)] + 1);
  }
};
const tables T;

// Open addressing, keys 64-bit (all ones = empty), payload index.
struct table {
  std::vector<std::uint64_t> keys;
  std::vector<std::uint32_t> slot;
  std::uint64_t mask = 0;
  std::uint32_t size = 0;
  void reset(std::size_t expected) {
    std::size_t cap = 1024;
    while (cap < 2 * expected) cap *= 2;
    keys.assign(cap, ~std::uint64_t{0});
    slot.resize(cap);
    mask = cap - 1;
    size = 0;
  }
  // Returns the payload index and whether it is new.
  std::pair<std::uint32_t, bool> find_or_add(std::uint64_t k) {
    std::uint64_t h = (k * 0x9E3779B97F4A7C15ULL) >> 20;
    for (;; ++h) {
      const std::uint64_t i = h & mask;
      if (keys[i] == k) return {slot[i], false};
      if (keys[i] == ~std::uint64_t{0}) {
        keys[i] = k;
        slot[i] = size;
        return {size++, true};
      }
    }
  }
};

struct board {
  std::array<signed char, N> forced{};  // -1 miss, 1 hit, 0 unknown
  std::vector<int> hits;
  std::array<std::array<std::array<bool, 2>, N>, 4> valid{};
  std::array<int, N + 1> free_after{}, hits_after{};
};

board make_board(const observation<park_rules::board_type>& obs) {
  board b;
  for (int c = 0; c < N; ++c)
    b.forced[static_cast<std::size_t>(c)] = obs.hits().test(static_cast<std::size_t>(c))     ? 1
                                            : obs.misses().test(static_cast<std::size_t>(c)) ? -1
                                                                                             : 0;
  for (int c = 0; c < N; ++c)
    if (b.forced[static_cast<std::size_t>(c)] > 0) b.hits.push_back(c);
  for (int t = 0; t < 4; ++t)
    for (int c = 0; c < N; ++c)
      for (int d = 0; d < 2; ++d) {
        const int L = lengths[static_cast<std::size_t>(t)], r = c / W, col = c % W;
        bool ok = d == 0 ? col + L <= W : r + L <= H;
        for (int k = 0; ok && k < L; ++k) ok = b.forced[static_cast<std::size_t>(c + k * (d == 0 ? 1 : W))] >= 0;
        b.valid[static_cast<std::size_t>(t)][static_cast<std::size_t>(c)][static_cast<std::size_t>(d)] = ok;
      }
  for (int i = N; i-- > 0;) {
    b.free_after[static_cast<std::size_t>(i)] =
        b.free_after[static_cast<std::size_t>(i + 1)] + (b.forced[static_cast<std::size_t>(i)] >= 0 ? 1 : 0);
    b.hits_after[static_cast<std::size_t>(i)] =
        b.hits_after[static_cast<std::size_t>(i + 1)] + (b.forced[static_cast<std::size_t>(i)] > 0 ? 1 : 0);
  }
  return b;
}

// Key: codes (3 bits a column, column 0 lowest), h (3 bits), then the
// count state (scalar) or the number of ships left (lanes).
constexpr int h_shift = 3 * W, tail_shift = h_shift + 3;

// Before cell `next`: do the ships still running (key's codes and h) cover
// every hit from `next` on?
bool running_cover_hits(const board& b, std::uint64_t key, int next) {
  const int r = next / W, c = next % W;
  const int h = static_cast<int>((key >> h_shift) & 7);
  for (const int q : b.hits) {
    if (q < next) continue;
    const int hr = q / W, hc = q % W;
    if (hr == r && hc >= c && hc < c + h) continue;
    const int code = static_cast<int>((key >> (3 * hc)) & 7);
    const int first = hc < c ? r + 1 : r;  // the next cell of column hc to be visited
    if (hr >= first && hr < first + code) continue;
    return false;
  }
  return true;
}

struct scalar_policy {
  static constexpr bool lanes = false;
};
struct lane_policy {
  static constexpr bool lanes = true;
};

template <class Policy>
struct counter {
  static constexpr int width = Policy::lanes ? max_lanes : 1;
  using value = std::array<std::uint64_t, width>;
  table map[2];
  std::vector<std::uint64_t> keys[2];
  std::vector<value> values[2];
  std::uint64_t keys_seen = 0;
  std::array<std::uint64_t, 6> keys_by_level{};  // keys visited, by ships left

  void add(int to, std::uint64_t key, const value& v) {
    auto [i, fresh] = map[to].find_or_add(key);
    if (fresh) {
      keys[to].push_back(key);
      values[to].push_back(v);
    } else {
      auto& dst = values[to][i];
      for (int j = 0; j < width; ++j) dst[static_cast<std::size_t>(j)] += v[static_cast<std::size_t>(j)];
    }
  }

  std::uint64_t run(const board& b) {
    std::uint64_t absorbed = 0;
    int cur = 0;
    const int full = T.count_states - 1;
    map[0].reset(1);
    keys[0].clear();
    values[0].clear();
    value one{};
    if constexpr (Policy::lanes) {
      one[static_cast<std::size_t>(T.lane_of[static_cast<std::size_t>(full)])] = 1;
      add(0, std::uint64_t{5} << tail_shift, one);
    } else {
      one[0] = 1;
      add(0, static_cast<std::uint64_t>(full) << tail_shift, one);
    }
    for (int i = 0; i < N; ++i) {
      const int nxt = 1 - cur, c = i % W;
      map[nxt].reset(keys[cur].size() * 2);
      keys[nxt].clear();
      values[nxt].clear();
      keys_seen += keys[cur].size();
      for (const std::uint64_t k : keys[cur]) {
        const int tail = static_cast<int>(k >> tail_shift);
        ++keys_by_level[static_cast<std::size_t>(Policy::lanes ? tail : T.left[static_cast<std::size_t>(tail)])];
      }
      const signed char f = b.forced[static_cast<std::size_t>(i)];
      const int free_left = b.free_after[static_cast<std::size_t>(i)];
      const bool hits_ahead = b.hits_after[static_cast<std::size_t>(i + 1)] > 0;
      for (std::size_t s = 0; s < keys[cur].size(); ++s) {
        const std::uint64_t k = keys[cur][s];
        const value v = values[cur][s];
        const int code = static_cast<int>((k >> (3 * c)) & 7), h = static_cast<int>((k >> h_shift) & 7);
        const int tail = static_cast<int>(k >> tail_shift);
        const std::uint64_t base = k & ~(std::uint64_t{7} << (3 * c)) & ~(std::uint64_t{7} << h_shift);
        auto emit = [&](std::uint64_t key, const value& val) {
          // Every ship placed: one completion if the running ships cover
          // every hit ahead, none otherwise.
          const int t = static_cast<int>(key >> tail_shift);
          if (Policy::lanes ? t == 0 : T.left[static_cast<std::size_t>(t)] == 0) {
            if (hits_ahead && !running_cover_hits(b, key, i + 1)) return;
            absorbed += val[0];
            return;
          }
          add(nxt, key, val);
        };
        if (code > 0 && h > 0) continue;
        if (code > 0 || h > 0) {  // covered by a running ship
          if (f < 0) continue;
          std::uint64_t key = base;
          if (code > 0) key |= static_cast<std::uint64_t>(code - 1) << (3 * c);
          if (h > 0) key |= static_cast<std::uint64_t>(h - 1) << h_shift;
          emit(key, v);
          continue;
        }
        if (f <= 0) emit(base, v);  // water
        if (f < 0) continue;
        // Start a ship of type t, east (d = 0) or south (d = 1).
        for (int t = 0; t < 4; ++t)
          for (int d = 0; d < 2; ++d) {
            if (!b.valid[static_cast<std::size_t>(t)][static_cast<std::size_t>(i)][static_cast<std::size_t>(d)])
              continue;
            const int L = lengths[static_cast<std::size_t>(t)];
            if (d == 0) {  // no vertical ship may run into the cells it covers
              bool blocked = false;
              for (int j = c + 1; j < c + L; ++j) blocked = blocked || ((k >> (3 * j)) & 7) != 0;
              if (blocked) continue;
            }
            const std::uint64_t key_profile = base | (d == 0 ? static_cast<std::uint64_t>(L - 1) << h_shift
                                                             : static_cast<std::uint64_t>(L - 1) << (3 * c));
            const std::uint64_t profile_only = key_profile & ((std::uint64_t{1} << tail_shift) - 1);
            if constexpr (Policy::lanes) {
              const int level = tail;
              value out{};
              bool any = false;
              const auto& perm = T.perm[static_cast<std::size_t>(level)][static_cast<std::size_t>(t)];
              for (int j = 0; j < max_lanes; ++j) {
                const int from = perm[static_cast<std::size_t>(j)];
                if (from < 0) continue;
                const int to_state = T.state_of[static_cast<std::size_t>(level - 1)][static_cast<std::size_t>(j)];
                if (T.cells_needed[static_cast<std::size_t>(to_state)] + L > free_left) continue;
                out[static_cast<std::size_t>(j)] = v[static_cast<std::size_t>(from)];
                any = any || out[static_cast<std::size_t>(j)] != 0;
              }
              if (any) emit(profile_only | static_cast<std::uint64_t>(level - 1) << tail_shift, out);
            } else {
              if (T.of(tail, t) == 0) continue;
              const int to_state = tail - T.stride[static_cast<std::size_t>(t)];
              if (T.cells_needed[static_cast<std::size_t>(to_state)] + L > free_left) continue;
              emit(profile_only | static_cast<std::uint64_t>(to_state) << tail_shift, v);
            }
          }
      }
      cur = nxt;
    }
    std::uint64_t total = absorbed;
    for (std::size_t s = 0; s < keys[cur].size(); ++s) {
      const std::uint64_t k = keys[cur][s];
      if ((k & ((std::uint64_t{1} << tail_shift) - 1)) != 0) continue;  // a ship still running
      const int tail = static_cast<int>(k >> tail_shift);
      if (Policy::lanes ? tail == 0 : T.left[static_cast<std::size_t>(tail)] == 0) total += values[cur][s][0];
    }
    return total;
  }
};

template <class C>
std::vector<std::uint64_t> count_all(C& c, const std::vector<board>& boards) {
  std::vector<std::uint64_t> out;
  for (const auto& b : boards) out.push_back(c.run(b));
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  const int rounds = argc > 1 ? std::atoi(argv[1]) : 3;
  const park_rules rules{};
  exact_counter<park_rules> library{rules};
  for (const bool shots : {false, true}) {
    const auto games = prototypes::boards(rules, shots);
    std::vector<board> boards;
    for (const auto& g : games) boards.push_back(make_board(g));
    counter<scalar_policy> scalar;
    counter<lane_policy> lanes;
    std::vector<std::uint64_t> a, b;
    double best_a = 1e30, best_b = 1e30;
    for (int r = 0; r < rounds; ++r) {  // alternating, on a noisy host
      best_a = std::min(best_a, prototypes::best_ms(1, [&] { a = count_all(scalar, boards); }));
      best_b = std::min(best_b, prototypes::best_ms(1, [&] { b = count_all(lanes, boards); }));
    }
    for (std::size_t g = 0; g < games.size(); ++g) {
      const auto expected = library.count(games[g], false).unlabelled;
      if (a[g] != expected || b[g] != expected) {
        std::printf("board %zu: scalar %llu, lanes %llu, library %llu\n", g, static_cast<unsigned long long>(a[g]),
                    static_cast<unsigned long long>(b[g]), static_cast<unsigned long long>(expected));
        return 1;
      }
    }
    std::printf(
        "%s: keys visited %llu (one per count state) vs %llu (lanes), %.2fx; best of %d: %.2f vs %.2f ms per "
        "board, lanes %.2fx faster\n",
        shots ? "32 games after 10 shots" : "empty board",
        static_cast<unsigned long long>(scalar.keys_seen / static_cast<unsigned>(rounds)),
        static_cast<unsigned long long>(lanes.keys_seen / static_cast<unsigned>(rounds)),
        static_cast<double>(scalar.keys_seen) / static_cast<double>(lanes.keys_seen), rounds,
        best_a / static_cast<double>(boards.size()), best_b / static_cast<double>(boards.size()), best_a / best_b);
    for (int l = 0; l <= 5; ++l)
      std::printf("  %d ships left: %llu vs %llu keys, %.2fx\n", l,
                  static_cast<unsigned long long>(scalar.keys_by_level[static_cast<std::size_t>(l)] /
                                                  static_cast<unsigned>(rounds)),
                  static_cast<unsigned long long>(lanes.keys_by_level[static_cast<std::size_t>(l)] /
                                                  static_cast<unsigned>(rounds)),
                  static_cast<double>(scalar.keys_by_level[static_cast<std::size_t>(l)]) /
                      static_cast<double>(lanes.keys_by_level[static_cast<std::size_t>(l)]));
  }
}
