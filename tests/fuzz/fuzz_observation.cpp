// Fuzz target: a board file as the `battleship` tool reads it (a board
// picture or a shot log, sunk announcements included), on rules drawn from
// the input's first bytes, then every model that reads an observation.
//
// Input: byte 0 the width (1-6), byte 1 the height (1-6), byte 2 the
// adjacency rule and the feedback, byte 3 the number of ships (1-3), then one
// byte per ship for its length (1-6); the rest is the file's text.
//
// What must hold, for every input:
// - the reader returns an observation or throws std::invalid_argument with
//   its message, free of control characters (rules the fleet cannot fit on
//   are refused the same way);
// - that observation, written as a shot log (sunk ships by index, then by
//   name), reads back to the same shots in the same order, and without sunk
//   announcements, written as a picture, to the same hits and misses;
// - for each prefix of the shots, counted with one exact_counter kept from
//   call to call (as a game uses it), the count and the occupancy matrix
//   equal enumerate_bitset's and enumerate_recursive's (brute force), or
//   all three find no layout;
// - a consistent count covers every hit in every layout and no miss, and its
//   occupancy sums to the layouts times the fleet's cells;
// - exact_density gives occupancy / layouts, or throws
//   inconsistent_observation (never 0/0); so does monte_carlo_density, whose
//   draws all agree with the shots when replayed as a game;
// - per_ship_density, fed the prefixes one after the other (its incremental
//   path), equals per_ship_density_reference, or both throw
//   inconsistent_observation.
// A broken property aborts (libFuzzer reports it; the corpus replay in
// ctest fails).

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <battleship/solver.hpp>

#include "../../examples/battleship/board_file.hpp"
#include "../replays.hpp"

namespace {

using namespace battleship;
using board = dynamic_rules::board_type;

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "fuzz_observation: %s\n", what);
  std::abort();
}
void check(bool ok, const char* what) {
  if (!ok) fail(what);
}

// The count, or nothing when no layout agrees (thrown or counted as 0).
template <class F>
std::optional<count_result> counted(F&& f) {
  try {
    count_result r = f();
    if (r.labelled == 0) return std::nullopt;
    return r;
  } catch (const inconsistent_observation&) {
    return std::nullopt;
  }
}

// The first `n` shots of `obs`, in the order fired.
observation<board> prefix(const dynamic_rules& rules, const observation<board>& obs, std::size_t n) {
  observation<board> out(rules);
  for (std::size_t k = 0; k < n; ++k) out.record(obs.log()[k].cell, obs.log()[k].result);
  return out;
}

void check_models(const dynamic_rules& rules, const observation<board>& obs, const std::optional<count_result>& r,
                  std::uint64_t seed) {
  const auto cells = static_cast<std::size_t>(rules.geometry().cell_count());
  const bool none = !r.has_value();
  exact_density<dynamic_rules> exact(rules);
  try {
    const density_map m = exact.weights(obs);
    check(!none, "exact_density: weights for an observation no layout agrees with");
    for (std::size_t c = 0; c < cells; ++c) {
      const double want =
          obs.shots().test(c) ? 0.0 : static_cast<double>(r->occupancy[c]) / static_cast<double>(r->labelled);
      check(std::isfinite(m[c]) && std::fabs(m[c] - want) <= 1e-12, "exact_density: not occupancy / layouts");
    }
  } catch (const inconsistent_observation&) {
    check(none, "exact_density: inconsistent_observation for a consistent observation");
  }
  monte_carlo_density<dynamic_rules> sampled(rules, seed, 8);
  try {
    const density_map m = sampled.weights(obs);
    check(!none, "monte_carlo_density: weights for an observation no layout agrees with");
    for (std::size_t c = 0; c < cells; ++c) {
      check(m[c] >= 0.0 && m[c] <= 1.0, "monte_carlo_density: a weight outside [0, 1]");
      if (r->occupancy[c] == 0) check(m[c] == 0.0, "monte_carlo_density: weight on a cell no layout covers");
    }
    exact_sampler<dynamic_rules> sampler(rules, obs);
    std::mt19937_64 rng(seed);
    for (int k = 0; k < 4; ++k)
      check(test_support::replays(rules, sampler(rng), obs), "exact_sampler: a draw disagrees with the shots");
  } catch (const inconsistent_observation&) {
    check(none, "monte_carlo_density or exact_sampler: inconsistent_observation for a consistent observation");
  }
}

void run(const std::uint8_t* data, std::size_t size) {
  if (size < 5) return;
  const int width = 1 + data[0] % 6, height = 1 + data[1] % 6;
  const adjacency rule = static_cast<adjacency>(data[2] % 3);
  const bool sunk = (data[2] / 3) % 2 == 1;
  const std::size_t ships = 1 + data[3] % 3;
  if (size < 4 + ships) return;
  std::vector<int> lengths;
  for (std::size_t i = 0; i < ships; ++i) lengths.push_back(1 + data[4 + i] % 6);
  const std::string text(reinterpret_cast<const char*>(data + 4 + ships), size - 4 - ships);

  std::optional<dynamic_rules> made;
  try {
    made = make_dynamic_rules(width, height, lengths, rule, sunk);
  } catch (const std::invalid_argument&) {
    return;  // the fleet cannot fit: refused with a message
  }
  const dynamic_rules& rules = *made;
  std::optional<observation<board>> read;
  try {
    std::istringstream in(text);
    read = cli::read_board(in, rules, "fuzz");
  } catch (const std::invalid_argument& e) {
    // A malformed file: refused with a message the tool prints as one line,
    // so whatever it quotes from the file has its control characters, C1
    // included, written out (a NUL would also have cut it short).
    const std::string_view message(e.what());
    for (std::size_t i = 0; i < message.size(); ++i) {
      const auto byte = static_cast<unsigned char>(message[i]);
      const auto next = i + 1 < message.size() ? static_cast<unsigned char>(message[i + 1]) : 0U;
      check(byte >= 0x20 && byte != 0x7f && !(byte == 0xc2 && next >= 0x80 && next <= 0x9f),
            "a board file's error message holds a control character");
    }
    return;
  }
  const observation<board>& obs = *read;
  for (const sunk_ship_as ship : {sunk_ship_as::number, sunk_ship_as::name}) {
    std::istringstream again(write_shot_log(rules, obs, ship));
    const auto back = cli::read_board(again, rules, "fuzz");
    check(back.shot_count() == obs.shot_count(), "a written shot log reads back with another number of shots");
    for (std::size_t k = 0; k < obs.log().size(); ++k)
      check(back.log()[k].cell == obs.log()[k].cell && back.log()[k].result == obs.log()[k].result,
            "a written shot log reads back to other shots");
  }
  if (obs.sunk_events().empty()) {  // a picture keeps hits and misses, not sunk announcements
    std::istringstream again(cli::write_board_picture(rules, obs));
    const auto back = cli::read_board(again, rules, "fuzz");
    check(back.hits() == obs.hits() && back.misses() == obs.misses(),
          "a written board picture reads back to other hits or misses");
  }

  exact_counter<dynamic_rules> counter(rules);  // kept across the prefixes
  per_ship_density<dynamic_rules> per_ship(rules);
  const per_ship_density_reference<dynamic_rules> per_ship_reference(rules);
  const auto shots = static_cast<std::size_t>(obs.shot_count());
  const std::size_t step = shots / 6 + 1;  // at most about seven prefixes
  for (std::size_t n = 0;; n = n + step < shots ? n + step : shots) {
    const observation<board> seen = prefix(rules, obs, n);
    const auto exact = counted([&] { return counter.count(seen, true); });
    const auto brute = counted([&] { return enumerate_bitset(rules, seen, true); });
    const auto recursive = counted([&] { return enumerate_recursive(rules, seen, true); });
    check(exact.has_value() == brute.has_value(), "exact_counter and enumerate_bitset disagree on consistency");
    check(recursive.has_value() == brute.has_value(), "the two enumerators disagree on consistency");
    if (brute)
      check(recursive->labelled == brute->labelled && recursive->occupancy == brute->occupancy,
            "the two enumerators count differently");
    if (exact) {
      check(exact->labelled == brute->labelled && exact->unlabelled == brute->unlabelled,
            "exact_counter and enumerate_bitset count differently");
      check(exact->occupancy == brute->occupancy, "exact_counter and enumerate_bitset differ in occupancy");
      count_type total = 0;
      for (std::size_t c = 0; c < exact->occupancy.size(); ++c) {
        total += exact->occupancy[c];
        if (seen.hits().test(c)) check(exact->occupancy[c] == exact->labelled, "a hit not covered by every layout");
        if (seen.misses().test(c)) check(exact->occupancy[c] == 0, "a miss covered by some layout");
      }
      check(total == exact->labelled * static_cast<count_type>(total_ship_cells(rules.fleet)),
            "the occupancy does not sum to layouts times ship cells");
    }
    check_models(rules, seen, exact, n + size);

    std::optional<density_map> fast, slow;
    try {
      fast = per_ship.weights(seen);
    } catch (const inconsistent_observation&) {
    }
    try {
      slow = per_ship_reference.weights(seen);
    } catch (const inconsistent_observation&) {
    }
    check(fast.has_value() == slow.has_value(), "per_ship_density and its reference disagree on consistency");
    if (fast) check(*fast == *slow, "per_ship_density differs from its reference");
    if (n == shots) break;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  run(data, size);
  return 0;
}
