// A measurement prototype, not part of the library and not built by CMake:
// how many states a two-ended row scan keeps when it stores one state per
// mirror orbit, against the library's scan (docs/results/30-exact-counting.md,
// "Session 6"). Empty W x H board, fleet 5-4-3-3-2, plain hash maps, no
// pruning beyond the checks a ship's placement makes against the cells
// already decided (as the library does at a ship's start). All four scans
// must print the same count.
// Session 8 added the last three runs: the folded library scan when states
// leave the layers early (see `absorb`), with the states visited by ships
// left to place.
//
//   g++ -std=c++20 -O2 scripts/prototypes/two_ended_scan.cpp -o /tmp/two_ended_scan
//   /tmp/two_ended_scan 0    # 0 touching allowed, 1 no edge contact, 2 no contact
//
// The two-ended scan: step k of row r takes column a = k, then b = W-1-k.
// A horizontal ship belongs to the end that reaches it first (left when its
// columns x..y have x + y <= W-1), so all its cells lie between a and b, and
// it is placed whole, with its contact checks, by that end. The scan
// commutes with the left-right mirror, so a state and its mirror image have
// the same future, and each layer keeps the smaller key of the two, with the
// orbit's summed value: for every successor t of a kept state s,
// F(orbit of t) += F(orbit of s). A claim covering the whole inner range is
// stored on the left, so that its two spellings merge. Even widths only: an
// odd board's middle column is not handled.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <unordered_map>
#include <vector>
using u64 = std::uint64_t;
using u128 = unsigned __int128;
constexpr int W = 10, H = 10;
static_assert(W % 2 == 0, "the two-ended scan here has no middle column");
enum rule_kind { touching, no_edge, no_contact };
rule_kind rule = touching;
const std::vector<int> len = {5, 4, 3, 2};
const std::vector<int> mult = {1, 1, 2, 1};
const int T = 4;
std::vector<u64> stride;
u64 full_fleet = 0;

// Codes as in the library: 0 empty (or, when touching, a ship cell with
// nothing running down), 1 a ship cell with nothing running down, m + 1 a
// vertical ship with m cells still to place below the cell the code is for.
int code_of(u64 k, int j) { return (k >> (3 * j)) & 7; }
u64 set_code(u64 k, int j, int v) { return (k & ~(u64{7} << (3 * j))) | (u64(v) << (3 * j)); }
constexpr int HL = 3 * W, HR = HL + 3, UL = HR + 3, UR = UL + 1, FL = UR + 1;
int hl_of(u64 k) { return (k >> HL) & 7; }
int hr_of(u64 k) { return (k >> HR) & 7; }
int ul_of(u64 k) { return (k >> UL) & 1; }
int ur_of(u64 k) { return (k >> UR) & 1; }
u64 fleet_of(u64 k) { return k >> FL; }
u64 codes_of(u64 k) { return k & ((u64{1} << (3 * W)) - 1); }
u64 make(u64 codes, int hl, int hr, int ul, int ur, u64 fleet) {
  return codes | (u64(hl) << HL) | (u64(hr) << HR) | (u64(ul) << UL) | (u64(ur) << UR) | (fleet << FL);
}
int count_t(u64 fleet, int t) { return (fleet / stride[t]) % (mult[t] + 1); }
// The code a cell leaves when it is a ship cell: m cells still to place below.
int ship_code(int below) { return below > 0 ? below + 1 : (rule == touching ? 0 : 1); }
int dec(int code) { return ship_code(code - 2); }  // a vertical ship runs through
bool contact() { return rule != touching; }
bool diagonals() { return rule == no_contact; }

using Layer = std::unordered_map<u64, u128>;

// A state before the first cell of a row, read right to left (h and ul are 0 there).
u64 mirror_row(u64 key) {
  u64 c = 0;
  for (int j = 0; j < W; ++j) c = set_code(c, W - 1 - j, code_of(key, j));
  return make(c, 0, 0, 0, 0, fleet_of(key));
}
int ships_left(u64 fleet) {
  int left = 0;
  for (int t = 0; t < T; ++t) left += count_t(fleet, t);
  return left;
}
// What leaves the layers before the end (session 8): nothing; successors
// with every ship placed (the library absorbs these: they have exactly one
// completion); those and, at every row boundary, states with one ship left;
// those and every successor with one ship left. The last two are what a
// closed-form completion for one ship left would save: they print the
// states left and how many such states would need evaluating, not a count.
enum class absorb { nothing, placed, one_left_at_rows, one_left_everywhere };

// The library's scan; with `fold`, each row boundary keeps the smaller of a
// state and its mirror image, values summed (what the library does since
// session 7, see profile_dp's fold_mirror_images).
void standard(bool fold, absorb mode = absorb::nothing) {
  Layer cur{{make(0, 0, 0, 0, 0, full_fleet), 1}};
  double total = 0, even = 0, evaluated = 0;
  std::vector<double> by_left(T + 2, 0);  // states visited, by ships left
  u128 placed = 0;                        // layouts absorbed with every ship placed
  size_t peak = 0;
  for (int r = 0; r < H; ++r)
    for (int c = 0; c < W; ++c) {
      Layer nxt, one_left;
      for (auto [k, v] : cur) {
        const int code = code_of(k, c), h = hl_of(k), ul = ul_of(k);
        const u64 fleet = fleet_of(k), codes = codes_of(k);
        const int next_ul = diagonals() && c + 1 < W && code != 0 ? 1 : 0;
        auto put = [&](u64 cs, int hh, u64 f) {
          const u64 key = make(cs, hh, 0, next_ul, 0, f);
          if (mode != absorb::nothing && f == 0) {
            placed += v;
          } else if (mode == absorb::one_left_everywhere && ships_left(f) == 1) {
            one_left[key] += v;
          } else {
            nxt[key] += v;
          }
        };
        if (code >= 2 && h > 0) continue;
        if (code >= 2) {
          put(set_code(codes, c, dec(code)), 0, fleet);
          continue;
        }
        if (h > 0) {
          put(set_code(codes, c, ship_code(0)), h - 1, fleet);
          continue;
        }
        put(set_code(codes, c, 0), 0, fleet);  // water
        // Determined neighbours of a new ship at (r, c).
        const bool west = c > 0 && code_of(k, c - 1) != 0;               // (r, c-1)
        const bool north = code != 0;                                    // (r-1, c): 1 here
        const bool nw = diagonals() && ul;                               // (r-1, c-1)
        const bool sw = diagonals() && c > 0 && code_of(k, c - 1) >= 2;  // (r+1, c-1)
        if (contact() && (west || north || nw || sw)) continue;
        for (int t = 0; t < T; ++t) {
          if (count_t(fleet, t) == 0) continue;
          const int L = len[t];
          const u64 nf = fleet - stride[t];
          const int y = c + L - 1;
          if (y <= W - 1) {
            bool ok = true;
            for (int j = c + 1; j <= y; ++j) ok = ok && (contact() ? code_of(k, j) == 0 : code_of(k, j) < 2);
            if (y + 1 < W) {
              const int e = code_of(k, y + 1);        // row r-1 above the east neighbour
              if (contact() && e >= 2) ok = false;    // (r, y+1) will be a ship cell
              if (diagonals() && e != 0) ok = false;  // (r-1, y+1)
            }
            if (ok) put(set_code(codes, c, ship_code(0)), L - 1, nf);
          }
          if (r + L - 1 <= H - 1) {
            bool ok = true;
            if (c + 1 < W) {
              const int e = code_of(k, c + 1);
              if (contact() && e >= 2) ok = false;    // (r, c+1) will be a ship cell
              if (diagonals() && e != 0) ok = false;  // (r-1, c+1)
            }
            if (ok) put(set_code(codes, c, ship_code(L - 1)), 0, nf);
          }
        }
      }
      if (fold && c == W - 1) {
        Layer folded;
        for (auto [k, v] : nxt) folded[std::min(k, mirror_row(k))] += v;
        nxt.swap(folded);
      }
      if (mode == absorb::one_left_at_rows && c == W - 1) {
        Layer kept;
        for (auto [k, v] : nxt)
          if (ships_left(fleet_of(k)) == 1)
            ++evaluated;
          else
            kept[k] = v;
        nxt.swap(kept);
      }
      evaluated += one_left.size();
      cur.swap(nxt);
      total += cur.size();
      if (c % 2 == 1) even += cur.size();
      peak = std::max(peak, cur.size());
      for (auto [k, v] : cur) by_left[std::min(T + 1, ships_left(fleet_of(k)))] += 1;
    }
  u128 n = placed;
  for (auto [k, v] : cur)
    if (fleet_of(k) == 0 && hl_of(k) == 0) {
      bool clear = true;
      for (int j = 0; j < W; ++j) clear = clear && code_of(k, j) < 2;
      if (clear) n += v;
    }
  const char* what[] = {"", ", every ship placed absorbed", ", and one ship left at row boundaries",
                        ", and one ship left everywhere"};
  std::printf("%s%s: ", fold ? "standard, row boundaries folded" : "standard", what[static_cast<int>(mode)]);
  if (mode <= absorb::placed)
    std::printf("count %llu, ", (unsigned long long)n);
  else
    std::printf("%.0f states with one ship left to evaluate, ", evaluated);
  std::printf("states over all layers %.0f, over every other layer %.0f, peak %zu\n  by ships left:", total, even,
              peak);
  for (int left = 0; left <= T; ++left) std::printf(" %d: %.1f %%", left, 100 * by_left[left] / total);
  std::printf("\n");
}

// Two-ended scan: step k of row r takes a = k, then b = W-1-k.
u64 normalise(u64 key, int inner) {
  if (hr_of(key) == inner && inner > 0 && hl_of(key) == 0)
    key = make(codes_of(key), inner, 0, ul_of(key), ur_of(key), fleet_of(key));
  return key;
}
u64 mirror(u64 key, int inner) {
  u64 c = 0;
  for (int j = 0; j < W; ++j) c = set_code(c, W - 1 - j, code_of(key, j));
  return normalise(make(c, hr_of(key), hl_of(key), ur_of(key), ul_of(key), fleet_of(key)), inner);
}
void two_ended(bool canonical) {
  Layer cur{{make(0, 0, 0, 0, 0, full_fleet), 1}};
  double total = 0;
  size_t peak = 0;
  for (int r = 0; r < H; ++r)
    for (int k = 0; k < W / 2; ++k) {
      const int a = k, b = W - 1 - k, inner = W - 2 * (k + 1);
      const bool last_step = k == W / 2 - 1;
      Layer nxt;
      for (auto [K, v] : cur) {
        const u64 fleet0 = fleet_of(K);
        const int hl0 = hl_of(K), hr0 = hr_of(K);
        const int ca = code_of(K, a), cb = code_of(K, b);
        const int next_ul = diagonals() && !last_step && ca != 0 ? 1 : 0;
        const int next_ur = diagonals() && !last_step && cb != 0 ? 1 : 0;
        // Is inner cell (r, j), a < j <= b, claimed before the left cell's step?
        auto claimed_pre = [&](int j) { return code_of(K, j) >= 2 || (hr0 > 0 && j >= b - hr0 + 1); };
        struct mid {
          u64 codes;
          int hl;
          u64 fleet;
        };
        mid mids[1 + 2 * T];
        int nm = 0;
        {
          const bool vin = ca >= 2, by_hl = hl0 > 0, by_hr = hr0 >= b - a + 1;
          const int claims = vin + by_hl + by_hr;
          if (claims > 1) continue;
          const u64 codes = codes_of(K);
          if (claims == 1) {
            mids[nm++] = {set_code(codes, a, vin ? dec(ca) : ship_code(0)), by_hl ? hl0 - 1 : 0, fleet0};
          } else {
            mids[nm++] = {set_code(codes, a, 0), 0, fleet0};
            const bool west = a > 0 && code_of(K, a - 1) != 0;
            const bool north = ca != 0;
            const bool nw = diagonals() && ul_of(K);
            const bool sw = diagonals() && a > 0 && code_of(K, a - 1) >= 2;
            if (!(contact() && (west || north || nw || sw)))
              for (int t = 0; t < T; ++t) {
                if (count_t(fleet0, t) == 0) continue;
                const int L = len[t];
                const u64 nf = fleet0 - stride[t];
                const int y = a + L - 1;
                if (y <= W - 1 && a + y <= W - 1) {
                  bool ok = true;
                  for (int j = a + 1; j <= y; ++j) ok = ok && !claimed_pre(j) && !(contact() && code_of(K, j) != 0);
                  if (y + 1 <= b) {
                    if (contact() && claimed_pre(y + 1)) ok = false;
                    if (diagonals() && code_of(K, y + 1) != 0) ok = false;
                  } else if (y + 1 < W) {  // y == b: the east neighbour was processed this row
                    if (contact() && code_of(K, y + 1) != 0) ok = false;
                    if (diagonals() && (ur_of(K) || code_of(K, y + 1) >= 2)) ok = false;
                  }
                  if (ok) mids[nm++] = {set_code(codes, a, ship_code(0)), L - 1, nf};
                }
                if (r + L - 1 <= H - 1) {
                  bool ok = true;
                  if (contact() && claimed_pre(a + 1)) ok = false;
                  if (diagonals() && code_of(K, a + 1) != 0) ok = false;
                  if (ok) mids[nm++] = {set_code(codes, a, ship_code(L - 1)), 0, nf};
                }
              }
          }
        }
        for (int mi = 0; mi < nm; ++mi) {
          const mid& m = mids[mi];
          auto finish = [&](u64 codes, int hl, int hr, u64 fleet) {
            u64 key = make(codes, std::min(hl, inner), std::min(hr, inner), next_ul, next_ur, fleet);
            key = normalise(key, inner);
            if (canonical) key = std::min(key, mirror(key, inner));
            nxt[key] += v;
          };
          const bool vin = cb >= 2, by_hr = hr0 > 0, by_hl = a + m.hl >= b;
          const int claims = vin + by_hr + by_hl;
          if (claims > 1) continue;
          if (claims == 1) {
            finish(set_code(m.codes, b, vin ? dec(cb) : ship_code(0)), m.hl, by_hr ? hr0 - 1 : 0, m.fleet);
            continue;
          }
          finish(set_code(m.codes, b, 0), m.hl, 0, m.fleet);  // water
          const bool east = b + 1 < W && code_of(K, b + 1) != 0;
          const bool north = cb != 0;
          const bool ne = diagonals() && ur_of(K);
          const bool se = diagonals() && b + 1 < W && code_of(K, b + 1) >= 2;
          if (contact() && (east || north || ne || se)) continue;
          const int left_code = code_of(m.codes, a);  // the left cell just decided
          // Is (r, j), a <= j < b, a ship cell now (decided or claimed)?
          auto occupied_now = [&](int j) {
            if (j == a) return left_code != 0;
            return code_of(K, j) >= 2 || j <= a + m.hl;
          };
          for (int t = 0; t < T; ++t) {
            if (count_t(m.fleet, t) == 0) continue;
            const int L = len[t];
            const u64 nf = m.fleet - stride[t];
            const int x = b - L + 1;
            if (x >= 0 && x + b > W - 1) {  // x >= a + 1
              bool ok = true;
              for (int j = x; j <= b - 1; ++j)
                ok = ok && code_of(K, j) < 2 && !(j <= a + m.hl) && !(contact() && code_of(K, j) != 0);
              if (contact() && occupied_now(x - 1)) ok = false;
              if (diagonals() && code_of(K, x - 1) != 0) ok = false;
              if (diagonals() && x - 1 == a && left_code >= 2) ok = false;
              if (ok) finish(set_code(m.codes, b, ship_code(0)), m.hl, L - 1, nf);
            }
            if (r + L - 1 <= H - 1) {
              bool ok = true;
              if (contact() && occupied_now(b - 1)) ok = false;
              if (diagonals() && code_of(K, b - 1) != 0) ok = false;
              if (diagonals() && b - 1 == a && left_code >= 2) ok = false;
              if (ok) finish(set_code(m.codes, b, ship_code(L - 1)), m.hl, 0, nf);
            }
          }
        }
      }
      cur.swap(nxt);
      total += cur.size();
      peak = std::max(peak, cur.size());
    }
  u128 n = 0;
  for (auto [k, v] : cur)
    if (fleet_of(k) == 0 && hl_of(k) == 0 && hr_of(k) == 0) {
      bool clear = true;
      for (int j = 0; j < W; ++j) clear = clear && code_of(k, j) < 2;
      if (clear) n += v;
    }
  std::printf("two-ended%s: count %llu, states over all steps %.0f, peak %zu\n", canonical ? " (mirror orbits)" : "",
              (unsigned long long)n, total, peak);
}

int main(int argc, char** argv) {
  rule = static_cast<rule_kind>(argc > 1 ? std::atoi(argv[1]) : 0);
  u64 s = 1;
  for (int t = 0; t < T; ++t) {
    stride.push_back(s);
    full_fleet += s * mult[t];
    s *= mult[t] + 1;
  }
  standard(false);
  standard(true);
  two_ended(false);
  two_ended(true);
  for (auto mode : {absorb::placed, absorb::one_left_at_rows, absorb::one_left_everywhere}) standard(true, mode);
}
