// A measurement prototype, not part of the library and not built by CMake:
// how many states a two-ended row scan keeps when it stores one state per
// mirror orbit, against the library's scan (docs/results/30-exact-counting.md,
// "Session 6"). Empty 10x10 board, fleet 5-4-3-3-2, touching allowed, plain
// hash maps, no pruning beyond checking a horizontal ship's span when it
// starts (as the library does). All three scans must print the same count.
//
//   g++ -std=c++20 -O2 scripts/prototypes/two_ended_scan.cpp -o /tmp/two_ended_scan && /tmp/two_ended_scan
//
// The two-ended scan: step k of row r takes columns a = k and b = W-1-k.
// A horizontal ship belongs to the end that reaches it first (left when its
// columns x..y have x + y <= W-1), so every ship it claims lies between a
// and b. The scan commutes with the left-right mirror, so a state and its
// mirror image have the same future, and each layer keeps the smaller key
// of the two, with the orbit's summed value: for every successor t of a kept
// state s, F(orbit of t) += F(orbit of s). A claim covering the whole inner
// range is stored on the left, so that its two spellings merge. Even widths
// only: an odd board's middle column is not handled.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <unordered_map>
#include <vector>
using u64 = std::uint64_t;
using u128 = unsigned __int128;
constexpr int W = 10, H = 10;
static_assert(W % 2 == 0, "the two-ended scan here has no middle column");
const std::vector<int> len = {5, 4, 3, 2};
const std::vector<int> mult = {1, 1, 2, 1};
int T = 4;
std::vector<u64> stride;
u64 full_fleet = 0;
// key: codes 3 bits x W at bit 0.., then hl 3 bits, hr 3 bits, fleet 5 bits
int code_of(u64 k, int j) { return (k >> (3 * j)) & 7; }
u64 set_code(u64 k, int j, int v) { return (k & ~(u64{7} << (3 * j))) | (u64(v) << (3 * j)); }
constexpr int HL = 3 * W, HR = 3 * W + 3, FL = 3 * W + 6;
int hl_of(u64 k) { return (k >> HL) & 7; }
int hr_of(u64 k) { return (k >> HR) & 7; }
u64 fleet_of(u64 k) { return k >> FL; }
u64 make(u64 codes, int hl, int hr, u64 fleet) { return codes | (u64(hl) << HL) | (u64(hr) << HR) | (fleet << FL); }
u64 codes_of(u64 k) { return k & ((u64{1} << (3 * W)) - 1); }
int count_t(u64 fleet, int t) { return (fleet / stride[t]) % (mult[t] + 1); }

using Layer = std::unordered_map<u64, u128>;

// Standard scan: h in the hl field.
void standard() {
  Layer cur{{make(0, 0, 0, full_fleet), 1}};
  double total_states = 0, even_states = 0;
  size_t peak = 0;
  for (int r = 0; r < H; ++r)
    for (int c = 0; c < W; ++c) {
      Layer nxt;
      for (auto [k, v] : cur) {
        int code = code_of(k, c), h = hl_of(k);
        u64 fleet = fleet_of(k);
        if (code > 0 && h > 0) continue;
        if (code > 0 || h > 0) {
          u64 nk = set_code(codes_of(k), c, code > 0 ? code - 1 : 0);
          nxt[make(nk, h > 0 ? h - 1 : 0, 0, fleet)] += v;
          continue;
        }
        nxt[make(codes_of(k), 0, 0, fleet)] += v;  // water
        for (int t = 0; t < T; ++t) {
          if (count_t(fleet, t) == 0) continue;
          int L = len[t];
          u64 nf = fleet - stride[t];
          if (c + L - 1 <= W - 1) {
            bool ok = true;
            for (int j = c + 1; j <= c + L - 1; ++j) ok = ok && code_of(k, j) == 0;
            if (ok) nxt[make(codes_of(k), L - 1, 0, nf)] += v;
          }
          if (r + L - 1 <= H - 1) nxt[make(set_code(codes_of(k), c, L - 1), 0, 0, nf)] += v;
        }
      }
      cur.swap(nxt);
      total_states += cur.size();
      if (c % 2 == 1) even_states += cur.size();
      peak = std::max(peak, cur.size());
    }
  u128 n = cur[make(0, 0, 0, 0)];
  std::printf("standard: count %llu, states over all layers %.0f, over every other layer %.0f, peak %zu\n",
              (unsigned long long)n, total_states, even_states, peak);
}

// Two-ended: step k of row r takes a = k, b = W-1-k. hl: cells claimed by
// the left-owned horizontal ship from column a on; hr: from column b down.
// Codes: cells still to cover in the column from its next unprocessed cell.
int inner_after(int k) { return W - 2 * (k + 1); }  // inner range length after step k
u64 normalise(u64 key, int inner) {
  // a claim covering the whole inner range is stored as hl
  if (hr_of(key) == inner && inner > 0 && hl_of(key) == 0) key = make(codes_of(key), inner, 0, fleet_of(key));
  return key;
}
u64 mirror(u64 key, int inner) {
  u64 c = 0;
  for (int j = 0; j < W; ++j) c = set_code(c, W - 1 - j, code_of(key, j));
  return normalise(make(c, hr_of(key), hl_of(key), fleet_of(key)), inner);
}
void two_ended(bool canonical) {
  Layer cur{{make(0, 0, 0, full_fleet), 1}};
  double total_states = 0;
  size_t peak = 0;
  for (int r = 0; r < H; ++r)
    for (int k = 0; k < W / 2; ++k) {
      const int a = k, b = W - 1 - k, inner = inner_after(k);
      Layer nxt;
      auto put = [&](u64 key, u128 v) {
        key = normalise(key, inner);
        if (canonical) key = std::min(key, mirror(key, inner));
        nxt[key] += v;
      };
      for (auto [key, v] : cur) {
        const u64 fleet0 = fleet_of(key);
        const int hl0 = hl_of(key), hr0 = hr_of(key);
        // Left cell a. Right ship covers b .. b-hr0+1.
        struct mid {
          u64 codes;
          int hl;
          u64 fleet;
        };  // hl: cells claimed from a+1 on
        std::vector<mid> mids;
        {
          const int ca = code_of(key, a);
          const bool by_hr = hr0 >= b - a + 1;
          const int claims = (ca > 0) + (hl0 > 0) + by_hr;
          if (claims > 1) continue;
          if (claims == 1) {
            mids.push_back({set_code(codes_of(key), a, ca > 0 ? ca - 1 : 0), hl0 > 0 ? hl0 - 1 : 0, fleet0});
          } else {
            mids.push_back({codes_of(key), 0, fleet0});
            for (int t = 0; t < T; ++t) {
              if (count_t(fleet0, t) == 0) continue;
              const int L = len[t];
              const u64 nf = fleet0 - stride[t];
              const int y = a + L - 1;
              if (y <= W - 1 && a + y <= W - 1) {  // left owns it; cells a+1..y are inner or b
                bool ok = true;
                for (int j = a + 1; j <= y; ++j) ok = ok && code_of(key, j) == 0 && !(hr0 > 0 && j >= b - hr0 + 1);
                if (ok) mids.push_back({codes_of(key), L - 1, nf});
              }
              if (r + L - 1 <= H - 1) mids.push_back({set_code(codes_of(key), a, L - 1), 0, nf});
            }
          }
        }
        for (const mid& m : mids) {
          // Right cell b. Left ship now covers a+1 .. a+m.hl.
          const int cb = code_of(m.codes, b);
          const bool by_hl = a + m.hl >= b;
          const int claims = (cb > 0) + (hr0 > 0) + by_hl;
          if (claims > 1) continue;
          auto finish = [&](u64 codes, int hl_from_a1, int hr_from_b1, u64 fleet) {
            // clamp claims to the inner range [a+1, b-1]
            const int hl = std::min(hl_from_a1, inner), hr = std::min(hr_from_b1, inner);
            put(make(codes, hl, hr, fleet), v);
          };
          if (claims == 1) {
            finish(set_code(m.codes, b, cb > 0 ? cb - 1 : 0), m.hl, hr0 > 0 ? hr0 - 1 : 0, m.fleet);
            continue;
          }
          finish(m.codes, m.hl, 0, m.fleet);  // water
          for (int t = 0; t < T; ++t) {
            if (count_t(m.fleet, t) == 0) continue;
            const int L = len[t];
            const u64 nf = m.fleet - stride[t];
            const int x = b - L + 1;
            if (x >= 0 && x + b > W - 1) {  // right owns it: cells x..b-1 are inner
              bool ok = true;
              for (int j = x; j <= b - 1; ++j) ok = ok && code_of(m.codes, j) == 0 && !(j <= a + m.hl);
              if (ok) finish(m.codes, m.hl, L - 1, nf);
            }
            if (r + L - 1 <= H - 1) finish(set_code(m.codes, b, L - 1), m.hl, 0, nf);
          }
        }
      }
      cur.swap(nxt);
      total_states += cur.size();
      peak = std::max(peak, cur.size());
    }
  u128 n = 0;
  for (auto [key, v] : cur)
    if (key == make(0, 0, 0, 0)) n += v;
  std::printf("two-ended%s: count %llu, states over all steps %.0f, peak %zu\n", canonical ? " (mirror orbits)" : "",
              (unsigned long long)n, total_states, peak);
}

int main() {
  u64 s = 1;
  for (int t = 0; t < T; ++t) {
    stride.push_back(s);
    full_fleet += s * mult[t];
    s *= mult[t] + 1;
  }
  standard();
  two_ended(false);
  two_ended(true);
}
