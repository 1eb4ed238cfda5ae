// The two brute-force enumerators agree with each other and with counts
// derived by hand.
#include <catch2/catch.hpp>

#include <battleship/solver.hpp>

using namespace battleship;

TEST_CASE("one ship on an empty grid: W*(H-L+1) + H*(W-L+1) placements", "[count]") {
  for (int w = 1; w <= 6; ++w)
    for (int h = 1; h <= 6; ++h)
      for (int len = 1; len <= 6; ++len) {
        if (len > w && len > h) continue;
        auto rules = make_dynamic_rules(w, h, {len}, adjacency::no_contact, false);
        const long expected = len == 1 ? w * h : w * std::max(0, h - len + 1) + h * std::max(0, w - len + 1);
        CHECK(static_cast<long>(enumerate_recursive(rules).labelled) == expected);
        CHECK(static_cast<long>(enumerate_bitset(rules).labelled) == expected);
      }
}

TEST_CASE("Audinot et al. Figure 5: one 2-ship on a 2x3 grid has 7 layouts", "[count]") {
  using rules = ruleset<grid<2, 3>, fleet<2>, no_contact, hit_miss>;
  CHECK(enumerate_recursive(rules{}).labelled == 7);
  CHECK(enumerate_bitset(rules{}).labelled == 7);
}
