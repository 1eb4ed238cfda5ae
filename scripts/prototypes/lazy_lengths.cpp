// A measurement prototype, not part of the library and not built by CMake:
// would the broken-profile DP visit fewer states if a ship's length were
// decided where it ends instead of where it starts
// (docs/results/30-exact-counting.md, "Session 18")?
//
// The library decides a ship's type when it starts: a column's code is the
// cells its vertical ship still has to cover, h those of the horizontal one,
// and the type leaves the unplaced ships at once, so a free cell branches
// into water and a start of every type and direction. Decided lazily, a
// code would count the cells covered so far, a free cell would branch into
// water, "a ship starts here" per direction, and a running ship into "goes
// on" or "ends here" (taking a type of that length), so fewer branches per
// cell. Both automata below count the same layouts (touching allowed, empty
// board, hash maps, no pruning by room, which the library has and both lack);
// the lazy one drops a state as soon as its running ships cannot take
// distinct unplaced types at least as long as what each covers (without
// that it visits 14x the eager states on 6x6). "Lane keys" count the keys
// (profile, h, ships left) that the library's lanes keep (unplaced_lanes.hpp).
//
//   g++ -std=c++20 -O2 scripts/prototypes/lazy_lengths.cpp -o /tmp/lazy_lengths
//   /tmp/lazy_lengths 10 10     # W H; 10x10 took 601 s and 275 MB here
//
// Result (10x10, 5-4-3-3-2, both 15,046,987,768 unlabelled layouts): lazily
// decided lengths visit 3.1x the keys, 3.1x the lane keys and 3.2x the
// transitions. Fewer branches per cell do not make up for the states that
// keep every future length open.

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>
#include <unordered_map>
#include <unordered_set>

namespace {

__extension__ using wide = unsigned __int128;  // partial layouts can pass 64 bits on large boards

int W = 10, H = 10;
constexpr int max_length = 5;
constexpr std::array<int, max_length + 1> fleet = {0, 0, 1, 2, 1, 1};  // ships of each length: 5-4-3-3-2

// A column's code, h and the ships left of each length, 3 bits a code.
struct state {
  std::array<int, 16> code{};
  int h = 0;
  std::array<int, max_length + 1> left{};
};
std::uint64_t encode(const state& s) {
  std::uint64_t k = 0;
  for (int c = 0; c < W; ++c) k = k << 3 | static_cast<std::uint64_t>(s.code[static_cast<std::size_t>(c)]);
  k = k << 3 | static_cast<std::uint64_t>(s.h);
  for (int l = 2; l <= max_length; ++l) k = k << 2 | static_cast<std::uint64_t>(s.left[static_cast<std::size_t>(l)]);
  return k;
}
state decode(std::uint64_t k) {
  state s;
  for (int l = max_length; l >= 2; --l, k >>= 2) s.left[static_cast<std::size_t>(l)] = static_cast<int>(k & 3);
  s.h = static_cast<int>(k & 7);
  k >>= 3;
  for (int c = W - 1; c >= 0; --c, k >>= 3) s.code[static_cast<std::size_t>(c)] = static_cast<int>(k & 7);
  return s;
}
// The key the lanes would keep: the profile and h, with the number of ships left.
std::uint64_t lane_key(std::uint64_t k) {
  const state s = decode(k);
  std::uint64_t level = 0;
  for (int l = 2; l <= max_length; ++l) level += static_cast<std::uint64_t>(s.left[static_cast<std::size_t>(l)]);
  return (k >> 8) << 4 | level;
}
bool all_placed(const state& s) {
  if (s.h != 0) return false;
  for (int c = 0; c < W; ++c)
    if (s.code[static_cast<std::size_t>(c)] != 0) return false;
  for (int l = 2; l <= max_length; ++l)
    if (s.left[static_cast<std::size_t>(l)] != 0) return false;
  return true;
}

using emit_fn = std::function<void(const state&)>;
using step_fn = void (*)(state, int, int, const emit_fn&);

void run(const char* name, step_fn step) {
  std::unordered_map<std::uint64_t, wide> cur, nxt;
  state start;
  for (int l = 2; l <= max_length; ++l) start.left[static_cast<std::size_t>(l)] = fleet[static_cast<std::size_t>(l)];
  cur[encode(start)] = 1;
  std::uint64_t keys = 0, lane_keys = 0, transitions = 0, lane_transitions = 0;
  for (int r = 0; r < H; ++r)
    for (int c = 0; c < W; ++c) {
      nxt.clear();
      std::unordered_set<std::uint64_t> lanes, lane_edges;
      for (const auto& [k, value] : cur) {
        ++keys;
        const std::uint64_t from = lane_key(k);
        lanes.insert(from);
        step(decode(k), r, c, [&, value = value](const state& t) {
          const std::uint64_t to = encode(t);
          nxt[to] += value;
          ++transitions;
          lane_edges.insert(from * 1000003 ^ lane_key(to));
        });
      }
      lane_keys += lanes.size();
      lane_transitions += lane_edges.size();
      std::swap(cur, nxt);
    }
  wide total = 0;
  for (const auto& [k, value] : cur)
    if (all_placed(decode(k))) total += value;
  std::printf("%-6s layouts %llu  keys %llu  lane keys %llu  transitions %llu  lane transitions %llu\n", name,
              static_cast<unsigned long long>(total), static_cast<unsigned long long>(keys),
              static_cast<unsigned long long>(lane_keys), static_cast<unsigned long long>(transitions),
              static_cast<unsigned long long>(lane_transitions));
}

// Eager: codes and h are the cells still to cover; a start takes its type.
void eager_step(state s, int r, int c, const emit_fn& emit) {
  const auto col = static_cast<std::size_t>(c);
  auto done = [&](const state& t) {
    if (c == W - 1 && t.h != 0) return;  // a horizontal ship past the edge
    emit(t);
  };
  if (s.code[col] > 0) {
    if (s.h > 0) return;  // two ships on one cell
    --s.code[col];
    done(s);
    return;
  }
  if (s.h > 0) {
    --s.h;
    done(s);
    return;
  }
  done(s);  // water
  for (int L = 2; L <= max_length; ++L) {
    if (s.left[static_cast<std::size_t>(L)] == 0) continue;
    state t = s;
    --t.left[static_cast<std::size_t>(L)];
    if (c + L <= W) {
      state u = t;
      u.h = L - 1;
      done(u);
    }
    if (r + L <= H) {
      t.code[col] = L - 1;
      done(t);
    }
  }
}

// Takes a ship of length k out of the ships left; false if there is none.
bool take(state& t, int k) {
  if (t.left[static_cast<std::size_t>(k)] == 0) return false;
  --t.left[static_cast<std::size_t>(k)];
  return true;
}
// Lazy: codes and h are the cells covered so far; a ship takes its type where it ends.
void lazy_step(state s, int r, int c, const emit_fn& emit) {
  const auto col = static_cast<std::size_t>(c);
  auto done = [&](state t) {
    if (c == W - 1 && t.h > 0) {  // the row ends: so does its horizontal ship
      if (!take(t, t.h)) return;
      t.h = 0;
    }
    if (r == H - 1 && t.code[col] > 0) {  // the board ends: so does this column's ship
      if (!take(t, t.code[col])) return;
      t.code[col] = 0;
    }
    // The running ships must still fit distinct ships left, each at least as long.
    std::array<int, 17> running{};
    std::size_t n = 0;
    for (int x = 0; x < W; ++x)
      if (t.code[static_cast<std::size_t>(x)] > 0) running[n++] = t.code[static_cast<std::size_t>(x)];
    if (t.h > 0) running[n++] = t.h;
    std::sort(running.begin(), running.begin() + static_cast<std::ptrdiff_t>(n), std::greater<>());
    std::array<int, 8> lengths{};
    std::size_t m = 0;
    for (int l = max_length; l >= 2; --l)
      for (int j = 0; j < t.left[static_cast<std::size_t>(l)]; ++j) lengths[m++] = l;
    if (n > m) return;
    for (std::size_t j = 0; j < n; ++j)
      if (running[j] > lengths[j]) return;
    emit(t);
  };
  auto free_cell = [&](state t) {  // no vertical ship goes on into this cell
    if (t.h > 0) {
      if (t.h < max_length) {
        state u = t;
        ++u.h;
        done(u);
      }
      if (!take(t, t.h)) return;
      t.h = 0;
    }
    done(t);  // water
    if (c + 1 < W) {
      state u = t;
      u.h = 1;
      done(u);
    }
    if (r + 1 < H) {
      state u = t;
      u.code[col] = 1;
      done(u);
    }
  };
  if (s.code[col] > 0) {
    if (s.code[col] < max_length) {  // goes on: a horizontal ship must end first
      state u = s;
      bool ok = true;
      if (u.h > 0) {
        ok = take(u, u.h);
        u.h = 0;
      }
      if (ok) {
        ++u.code[col];
        done(u);
      }
    }
    if (!take(s, s.code[col])) return;  // or ends above this cell
    s.code[col] = 0;
  }
  free_cell(s);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 2) {
    W = std::stoi(argv[1]);
    H = std::stoi(argv[2]);
  }
  if (W < 2 || W > 16 || H < 2 || H > 16) {
    std::fprintf(stderr, "lazy_lengths [W H] (2..16 each)\n");
    return 2;
  }
  run("eager", eager_step);
  run("lazy", lazy_step);
}
