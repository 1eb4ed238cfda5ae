// Statistics of game lengths against hand computations and known
// distributions (confidence-interval coverage), and the SVG histogram.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <battleship/analysis/histogram.hpp>
#include <battleship/analysis/statistics.hpp>
#include <battleship/strategy/rng.hpp>

// Named so that the test files can share one translation unit (a unity build).
namespace test_statistics {

using namespace battleship;

namespace {
int count_of(const std::string& s, const std::string& what) {
  int n = 0;
  for (auto p = s.find(what); p != std::string::npos; p = s.find(what, p + 1)) ++n;
  return n;
}
}  // namespace

TEST_CASE("summary statistics by hand", "[statistics]") {
  const auto st = summarize_samples({4, 1, 3, 2}, 1);
  CHECK(st.games == 4);
  CHECK(st.mean == 2.5);
  CHECK(st.stddev == Approx(std::sqrt(5.0 / 3.0)));
  CHECK(st.median == 2.5);
  CHECK(st.min == 1);
  CHECK(st.max == 4);
  CHECK(st.perfect_games == 1);
  CHECK(st.perfect_rate == 0.25);
  CHECK(st.percentile(0) == 1);
  CHECK(st.percentile(25) == 1);
  CHECK(st.percentile(26) == 2);
  CHECK(st.percentile(50) == 2);
  CHECK(st.percentile(100) == 4);
  CHECK(st.histogram == std::vector<long long>{0, 1, 1, 1, 1});
  // A histogram handed in with empty bins past its longest game ends there.
  CHECK(summarize({0, 3, 0, 0}, 1).histogram == std::vector<long long>{0, 3});
  const double half = 3.182446305284263 * std::sqrt(5.0 / 3.0) / 2;  // Student's t, 3 degrees of freedom
  CHECK(st.ci95_low == Approx(2.5 - half));
  CHECK(st.ci95_high == Approx(2.5 + half));

  const auto odd = summarize_samples({7, 9, 8}, 5);
  CHECK(odd.median == 8);
  CHECK(odd.perfect_rate == 0);
  const auto one = summarize_samples({42}, 17);
  CHECK(one.stddev == 0);
  CHECK(one.ci95_low == 42);
  CHECK(one.median == 42);
}

TEST_CASE("statistics reject what they cannot summarise", "[statistics]") {
  CHECK_THROWS_AS(summarize({}, 17), std::invalid_argument);
  CHECK_THROWS_AS(summarize({0, 0, 0}, 17), std::invalid_argument);
  CHECK_THROWS_AS(summarize({1, -1}, 17), std::invalid_argument);
  CHECK_THROWS_AS(summarize_samples({3}, 1).percentile(101), std::invalid_argument);
}

TEST_CASE("statistics refuse a negative count among positive ones, and a negative game length", "[statistics]") {
  // -1 beside 2 + 1 games still leaves games to summarise: only the check refuses it.
  CHECK_THROWS_WITH(summarize({0, 2, -1, 1}, 1), "a histogram count is negative");
  CHECK_THROWS_WITH(summarize_samples({3, -5, 4}, 1), "a game length is negative");
}

TEST_CASE("large histograms are summarised exactly", "[statistics]") {
  // A billion games of 100 shots and a billion of 17: integer sums, no drift.
  std::vector<long long> h(101, 0);
  h[17] = 1'000'000'000;
  h[100] = 1'000'000'000;
  const auto st = summarize(h, 17);
  CHECK(st.mean == 58.5);
  CHECK(st.median == 58.5);
  CHECK(st.perfect_rate == 0.5);
  CHECK(st.stddev == Approx(41.5).epsilon(1e-9));
}

TEST_CASE("the 95% interval covers the true mean about 95% of the time", "[statistics]") {
  // Samples of 60 draws, uniform on 1..10 (true mean 5.5); 2000 intervals.
  splitmix_rng rng(99);
  int covered = 0;
  const int trials = 2000;
  for (int t = 0; t < trials; ++t) {
    std::vector<int> xs;
    for (int i = 0; i < 60; ++i) xs.push_back(1 + static_cast<int>(rng() % 10));
    const auto st = summarize_samples(xs, 0);
    if (st.ci95_low <= 5.5 && 5.5 <= st.ci95_high) ++covered;
  }
  // Binomial(2000, 0.95) has sd 9.7; the normal interval on n = 60 is a hair narrow.
  CHECK(covered > trials * 0.92);
  CHECK(covered < trials * 0.975);
}

TEST_CASE("the 95% interval takes Student's t quantile for its number of games", "[statistics]") {
  // Student's t tables' 97.5% points, to three decimals, and the normal's
  // in the limit.
  const std::vector<std::pair<long long, double>> table = {
      {1, 12.706}, {2, 4.303},  {3, 3.182},  {4, 2.776},  {5, 2.571},   {6, 2.447},    {9, 2.262},
      {10, 2.228}, {20, 2.086}, {30, 2.042}, {60, 2.000}, {100, 1.984}, {1000, 1.962}, {1001, 1.962}};
  for (const auto& [df, t] : table) {
    INFO(df << " degrees of freedom");
    CHECK(detail::student_t_975(df) == Approx(t).margin(5e-4));
  }
  CHECK(detail::student_t_975(1) == Approx(std::tan(0.475 * 3.141592653589793)).epsilon(1e-12));
  CHECK(detail::student_t_975(1'000'000'000) == Approx(1.959963984540054).epsilon(1e-8));
  // The two ways meet at 1000 degrees of freedom.
  CHECK(detail::student_t_975(1000) == Approx(detail::student_t_975(1001)).epsilon(1e-5));
  for (long long df = 1; df < 2000; ++df) CHECK(detail::student_t_975(df + 1) < detail::student_t_975(df));
  // Two games of 9 and 11 shots: mean 10, standard deviation sqrt(2), and
  // the interval 10 +- 12.706 (not 1.96).
  const auto two = summarize_samples({9, 11}, 0);
  CHECK(two.ci95_high - two.mean == Approx(12.7062).margin(1e-3));
}

TEST_CASE("the 95% interval covers the true mean about 95% of the time at 5 games too", "[statistics]") {
  // Samples of 5 draws, each the sum of 4 uniform on 1..10 (nearly normal,
  // true mean 22); 4000 intervals. The normal factor 1.96 would cover
  // about 88 % of them here.
  splitmix_rng rng(7);
  int covered = 0;
  const int trials = 4000;
  for (int t = 0; t < trials; ++t) {
    std::vector<int> xs;
    for (int i = 0; i < 5; ++i) {
      int x = 0;
      for (int k = 0; k < 4; ++k) x += 1 + static_cast<int>(rng() % 10);
      xs.push_back(x);
    }
    const auto st = summarize_samples(xs, 0);
    if (st.ci95_low <= 22 && 22 <= st.ci95_high) ++covered;
  }
  // Binomial(4000, 0.95) has sd 13.8.
  CHECK(covered > trials * 0.93);
  CHECK(covered < trials * 0.97);
}

TEST_CASE("SVG histogram: one bar per shot count with games, labels and legend", "[statistics]") {
  const auto st = summarize_samples({20, 21, 21, 23, 23, 23}, 17);
  histogram_svg_options opt;
  opt.title = "A <test> & more";
  const std::string svg = histogram_svg({{"hunt-target", st}}, opt);
  CHECK(svg.rfind("<svg", 0) == 0);
  CHECK(svg.find("</svg>") != std::string::npos);
  CHECK(count_of(svg, "fill-opacity") == 3);  // bars for 20, 21 and 23 only
  CHECK(svg.find("A &lt;test&gt; &amp; more") != std::string::npos);
  CHECK(svg.find("23 shots: 50.00%") != std::string::npos);
  CHECK(svg.find("hunt-target — 6 games, mean ") != std::string::npos);
  CHECK(svg.find("NaN") == std::string::npos);
  // An exhaustive evaluation's legend counts layouts.
  histogram_svg_options layouts_opt;
  layouts_opt.count_noun = "layouts";
  CHECK(histogram_svg({{"row-scan", st}}, layouts_opt).find("row-scan — 6 layouts, mean ") != std::string::npos);
  const std::string two = histogram_svg({{"a", st}, {"b", summarize_samples({30, 31}, 17)}});
  CHECK(count_of(two, "fill-opacity") == 5);
  CHECK_THROWS_AS(histogram_svg({}), std::invalid_argument);
}

TEST_CASE("SVG histogram: quotes escaped, and written to a file as histogram_svg gives it", "[statistics]") {
  const auto st = summarize_samples({40, 41, 41}, 17);
  histogram_svg_options opt;
  opt.x_label = "shots \"to win\"";
  const std::vector<histogram_series> series{{"say \"hi\"", st}};
  const std::string svg = histogram_svg(series, opt);
  CHECK(svg.find("say &quot;hi&quot;") != std::string::npos);
  CHECK(svg.find("shots &quot;to win&quot;") != std::string::npos);

  // A name of its own, so that two test runs at once (two builds) do not share the file.
  const auto path = std::filesystem::temp_directory_path() /
                    ("battleship_test_histogram_" + std::to_string(std::random_device{}()) + ".svg");
  write_histogram_svg(path.string(), series, opt);
  std::ifstream in(path);
  const std::string written((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK(written == svg);
  std::filesystem::remove(path);
  CHECK_THROWS_WITH(write_histogram_svg("/nonexistent-directory/h.svg", series),
                    "cannot write histogram to '/nonexistent-directory/h.svg'");
}

TEST_CASE("SVG histogram: control characters and bytes that are not UTF-8 never reach the XML", "[statistics]") {
  // XML 1.0 holds no C0 control but tab, newline and carriage return, and
  // only well-formed UTF-8: a strategy name read from a saved evaluation
  // could carry either, and the chart must stay well-formed.
  const auto st = summarize_samples({40, 41, 41}, 17);
  histogram_svg_options opt;
  opt.title = std::string("a\x1b[31mb") + '\0' + 'c' + '\x01' + 'd';
  const std::vector<histogram_series> series{{"name \xff\xc3(", st}, {"caf\xc3\xa9 \xe2\x82\xac\tx", st}};
  const std::string svg = histogram_svg(series, opt);
  const auto not_xml = [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return (byte < 0x20 && c != '\t' && c != '\n' && c != '\r') || byte == 0xff;
  };
  CHECK(std::count_if(svg.begin(), svg.end(), not_xml) == 0);
  const std::string replacement = "\xef\xbf\xbd";
  CHECK(svg.find("a" + replacement + "[31mb" + replacement + "c" + replacement + "d") != std::string::npos);
  CHECK(svg.find("name " + replacement + replacement + "(") != std::string::npos);
  // Well-formed UTF-8 and tabs are kept as they are.
  CHECK(svg.find("caf\xc3\xa9 \xe2\x82\xac\tx") != std::string::npos);
}

// XML 1.0's Char production leaves out U+FFFE and U+FFFF, which are
// well-formed UTF-8 (EF BF BE, EF BF BF): a strategy name "sweep\uffff" in a
// saved evaluation (evaluate --merge ... --histogram) made a chart that
// expat refuses ("not well-formed (invalid token)").
TEST_CASE("SVG histogram: the noncharacters U+FFFE and U+FFFF never reach the XML", "[statistics]") {
  const auto st = summarize_samples({40, 41, 41}, 17);
  histogram_svg_options opt;
  opt.title = "title \xef\xbf\xbe end";
  const std::string svg = histogram_svg({{"sweep\xef\xbf\xbf", st}}, opt);
  CHECK(svg.find("\xef\xbf\xbe") == std::string::npos);
  CHECK(svg.find("\xef\xbf\xbf") == std::string::npos);
  CHECK(svg.find("sweep\xef\xbf\xbd") != std::string::npos);
}

TEST_CASE("histogram_svg refuses charts it cannot draw instead of looping", "[statistics]") {
  shot_statistics st;  // games counted, but no bar (a hand-built or truncated series)
  st.games = 10;
  st.min = 17;
  st.max = 20;
  st.histogram.assign(21, 0);
  CHECK_THROWS_AS(histogram_svg({{"empty bars", st}}), std::invalid_argument);

  const auto good = summarize({0, 0, 3, 5, 2}, -1);
  CHECK_FALSE(histogram_svg({{"good", good}}).empty());
  histogram_svg_options o;
  o.x_max = std::numeric_limits<int>::max();  // hi - lo + 1 overflowed int
  CHECK_THROWS_AS(histogram_svg({{"good", good}}, o), std::invalid_argument);
  o.x_max = 1'000'000;  // would build a million bars
  CHECK_THROWS_AS(histogram_svg({{"good", good}}, o), std::invalid_argument);
  o = {};
  o.width = 50;  // narrower than the margins
  CHECK_THROWS_AS(histogram_svg({{"good", good}}, o), std::invalid_argument);
}

TEST_CASE("summarize refuses counts whose sums would overflow", "[statistics]") {
  const long long most = std::numeric_limits<long long>::max();
  CHECK_THROWS_AS(summarize({0, most, 2}, -1), std::overflow_error);
  CHECK_THROWS_AS(summarize({0, 0, most / 2}, -1), std::overflow_error);  // n * length past 2^62
  // Ten billion games of 100 shots: well inside.
  std::vector<long long> h(101, 0);
  h[100] = 10'000'000'000LL;
  const auto st = summarize(h, -1);
  CHECK(st.games == 10'000'000'000LL);
  CHECK(st.mean == 100.0);
  CHECK(st.stddev == 0.0);
}

TEST_CASE("SVG histogram: bars, scale and mean / median markers where the layout puts them", "[statistics]") {
  // Games 20, 21, 21, 23, 23, 23 on the default 900 x 420 chart. Worked by hand:
  // margins 70 / 20 / 50 / 60, so the plot is 810 x 310 px; shots 20..23 are
  // 4 bins of 810 / 4 = 202.5 px, bin s starting at x = 70 + (s - 20) * 202.5.
  // The tallest bar is 3/6 = 50%; a y step of 10 (50 / 5 ticks) makes the axis
  // 0..50%, so 50% is the top of the plot (y = 50) and 0% its bottom (y = 360).
  const auto st = summarize_samples({20, 21, 21, 23, 23, 23}, 17);
  const std::string svg = histogram_svg({{"h", st}});
  // The bar of 23 shots: x = 70 + 3 * 202.5 + 0.08 * 202.5 = 693.70, width
  // 0.84 * 202.5 = 170.10, from y = 50 down to 360 (height 310).
  CHECK(svg.find("<rect x=\"693.70\" y=\"50.00\" width=\"170.10\" height=\"310.00\"") != std::string::npos);
  // The bar of 20 shots: 1/6 of the games, 16.67% of 50% of 310 px = 103.33 px
  // high, so its top is at 360 - 103.33 = 256.67; x = 70 + 16.20 = 86.20.
  CHECK(svg.find("<rect x=\"86.20\" y=\"256.67\" width=\"170.10\" height=\"103.33\"") != std::string::npos);
  // The top grid line is the 50% tick, at y = 50.
  CHECK(svg.find("y=\"54.00\" text-anchor=\"end\">50</text>") != std::string::npos);
  // Markers sit at the middle of the value's bin: mean 131/6, x = 70 +
  // (131/6 + 0.5 - 20) * 202.5 = 542.50; median (21 + 23) / 2 = 22, x = 70 +
  // 2.5 * 202.5 = 576.25.
  CHECK(svg.find("<line x1=\"542.50\" y1=\"50.00\" x2=\"542.50\" y2=\"360.00\"") != std::string::npos);
  CHECK(svg.find("<line x1=\"576.25\" y1=\"50.00\" x2=\"576.25\" y2=\"360.00\"") != std::string::npos);

  // One shot count only: a single bin, the whole 810 px wide (bar 680.40 px).
  const std::string one = histogram_svg({{"one", summarize_samples({30, 30}, 17)}});
  CHECK(one.find("width=\"680.40\" height=\"310.00\"") != std::string::npos);
  CHECK(one.find("inf") == std::string::npos);
  CHECK(one.find("nan") == std::string::npos);
}

TEST_CASE("SVG histogram: x ticks inside the range, and two series translucent with a legend line each",
          "[statistics]") {
  // Games of 21 and 50 shots: 30 bins of 810 / 30 = 27 px, and an x step of 2
  // (30 bins / 15 ticks). The first tick is 22, the first even count in range,
  // at the middle of its bin: x = 70 + 1.5 * 27 = 110.50, y = 50 + 310 + 16.
  const auto wide = summarize_samples({21, 50}, 17);
  const std::string svg = histogram_svg({{"wide", wide}});
  CHECK(svg.find("<text x=\"110.50\" y=\"376.00\" text-anchor=\"middle\">22</text>") != std::string::npos);
  CHECK(svg.find("text-anchor=\"middle\">20</text>") == std::string::npos);  // 20 is left of the axis
  CHECK(count_of(svg, "fill-opacity=\"0.90\"") == 2);                        // one series: opaque bars

  // Two series: half-transparent bars, legend lines 18 px apart from y = 64.
  const std::string two = histogram_svg({{"a", wide}, {"b", summarize_samples({30, 31}, 17)}});
  CHECK(count_of(two, "fill-opacity=\"0.50\"") == 4);
  CHECK(two.find("<text x=\"98.00\" y=\"64.00\">a — 2 games") != std::string::npos);
  CHECK(two.find("<text x=\"98.00\" y=\"82.00\">b — 2 games") != std::string::npos);
}

TEST_CASE("SVG histogram: 10,000 bars are drawn, 10,001 refused", "[statistics]") {
  // The message says "more than 10,000 bars": x range 0..9999 is 10,000 bars
  // (drawn), 0..10000 is 10,001 (refused).
  const auto good = summarize({0, 0, 3, 5, 2}, -1);
  histogram_svg_options o;
  o.x_min = 0;
  o.x_max = 9999;
  CHECK_NOTHROW(histogram_svg({{"good", good}}, o));
  o.x_max = 10000;
  CHECK_THROWS_AS(histogram_svg({{"good", good}}, o), std::invalid_argument);
}

TEST_CASE("percentile: a rank that p% of the games make exactly is not rounded up", "[statistics]") {
  // 7% of 100 games is 7 games, 55% of 100 is 55 and 28% of 50 is 14, but
  // p / 100.0 * games is 7.000000000000001, 55.00000000000001 and
  // 14.000000000000002 in doubles, whose ceiling is one rank too far.
  std::vector<long long> seven(21, 0);
  seven[10] = 7;
  seven[20] = 93;
  CHECK(summarize(seven, 2).percentile(7) == 10);
  std::vector<long long> fifty_five(21, 0);
  fifty_five[10] = 55;
  fifty_five[20] = 45;
  CHECK(summarize(fifty_five, 2).percentile(55) == 10);
  std::vector<long long> fourteen(21, 0);
  fourteen[10] = 14;
  fourteen[20] = 36;
  CHECK(summarize(fourteen, 2).percentile(28) == 10);
  // Every whole percentage of 1 to 2,000 games against the rank in integers.
  for (long long n = 1; n <= 2000; ++n) {
    std::vector<long long> h(static_cast<std::size_t>(n) + 1, 0);
    for (std::size_t s = 1; s <= static_cast<std::size_t>(n); ++s) h[s] = 1;  // game k takes k shots
    const auto st = summarize(h, 1);
    for (int p = 0; p <= 100; ++p) {
      const long long rank = std::max<long long>(1, (p * n + 99) / 100);
      if (st.percentile(p) != rank)
        FAIL("percentile(" << p << ") of " << n << " games: " << st.percentile(p) << ", not " << rank);
    }
  }
}

}  // namespace test_statistics
