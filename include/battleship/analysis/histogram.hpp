#pragma once
// histogram_svg(): a bar chart of game lengths, in the style of the
// DataGenetics charts: one bar per shot count, the share of games on the
// y axis, labelled axes, a title, and the mean / median marked.
//
// Pure string building (no I/O, no dependencies); write_histogram_svg()
// saves it. Several series may share a chart (bars drawn translucent, one
// colour each, with a legend), to compare strategies.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include <battleship/analysis/statistics.hpp>
#include <battleship/detail/platform.hpp>
#include <battleship/detail/utf8.hpp>

namespace battleship {

struct histogram_series {
  std::string label;
  shot_statistics stats;
};

struct histogram_svg_options {
  std::string title = "Shots to sink the fleet";
  std::string x_label = "shots";
  std::string y_label = "share of games (%)";
  std::string count_noun = "games";  // what the legend counts ("layouts" for an exhaustive evaluation)
  int width = 900;
  int height = 420;
  int x_min = -1;  // -1: from the data
  int x_max = -1;
};

namespace detail {
// Text as XML character data: markup characters escaped, and what XML 1.0
// cannot hold at all (control characters other than tab, newline and
// carriage return, the noncharacters U+FFFE and U+FFFF, and bytes that are
// not UTF-8) replaced by U+FFFD, so a name read from a file never makes
// the chart ill-formed.
inline std::string svg_escape(const std::string& s) {
  constexpr std::string_view replacement = "\xef\xbf\xbd";
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto byte = static_cast<unsigned char>(s[i]);
    if (byte >= 0x80) {
      const std::size_t n = utf8_sequence_at(s, i);
      // U+FFFE and U+FFFF are well-formed UTF-8 but no XML Char: one U+FFFD each.
      const bool noncharacter = n == 3 && byte == 0xef && static_cast<unsigned char>(s[i + 1]) == 0xbf &&
                                static_cast<unsigned char>(s[i + 2]) >= 0xbe;
      out += n == 0 || noncharacter ? replacement : std::string_view(s).substr(i, n);
      if (n != 0) i += n - 1;
      continue;
    }
    switch (s[i]) {
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '&':
        out += "&amp;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\t':
      case '\n':
      case '\r':
        out += s[i];
        break;
      default:
        if (byte < 0x20)
          out += replacement;
        else
          out += s[i];
    }
  }
  return out;
}
inline std::string svg_num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}
inline std::string svg_tick(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}
// A "nice" tick step (1, 2 or 5 times a power of ten) giving about `ticks` ticks over `range`.
inline double nice_step(double range, int ticks) {
  const double raw = range / std::max(ticks, 1);
  const double mag = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (raw <= m * mag) return m * mag;
  return 10 * mag;
}
}  // namespace detail

[[nodiscard]] inline std::string histogram_svg(const std::vector<histogram_series>& series,
                                               const histogram_svg_options& opt = {}) {
  if (series.empty()) throw std::invalid_argument("histogram_svg: nothing to draw");
  static const char* const colours[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b"};
  int lo = opt.x_min, hi = opt.x_max;
  double top = 0;
  for (const auto& s : series) {
    if (s.stats.games <= 0) throw std::invalid_argument("histogram_svg: a series has no games");
    if (opt.x_min < 0) lo = lo < 0 ? s.stats.min : std::min(lo, s.stats.min);
    if (opt.x_max < 0) hi = std::max(hi, s.stats.max);
    for (long long k : s.stats.histogram)
      top = std::max(top, 100.0 * static_cast<double>(k) / static_cast<double>(s.stats.games));
  }
  if (hi < lo) throw std::invalid_argument("histogram_svg: empty shot range");
  // A game lasts at most 256 shots (the largest board); a wider range is a
  // typo that would build millions of bars.
  if (static_cast<long long>(hi) - lo >= 10000)
    throw std::invalid_argument("histogram_svg: a shot range of more than 10,000 bars");
  if (!(top > 0)) throw std::invalid_argument("histogram_svg: every bar is empty");
  const double ml = 70, mr = 20, mt = 50, mb = 60;
  if (opt.width < ml + mr + 10 || opt.height < mt + mb + 10)
    throw std::invalid_argument("histogram_svg: at least 100 x 120 pixels, for the margins");
  const double pw = opt.width - ml - mr, ph = opt.height - mt - mb;
  const int bins = hi - lo + 1;
  const double bw = pw / bins;
  const double ystep = detail::nice_step(top, 5);
  const double ytop = std::max(ystep, std::ceil(top / ystep) * ystep);
  auto X = [&](double shots) { return ml + (shots - lo) * bw; };
  auto Y = [&](double pct) { return mt + ph - pct / ytop * ph; };

  std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(opt.width) + "\" height=\"" +
                    std::to_string(opt.height) + "\" font-family=\"sans-serif\" font-size=\"12\">\n";
  svg += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  svg += "<text x=\"" + detail::svg_num(opt.width / 2.0) + "\" y=\"24\" text-anchor=\"middle\" font-size=\"16\">" +
         detail::svg_escape(opt.title) + "</text>\n";
  // Grid lines and y ticks.
  for (double v = 0; v <= ytop + 1e-9; v += ystep) {
    svg += "<line x1=\"" + detail::svg_num(ml) + "\" y1=\"" + detail::svg_num(Y(v)) + "\" x2=\"" +
           detail::svg_num(ml + pw) + "\" y2=\"" + detail::svg_num(Y(v)) + "\" stroke=\"#ddd\"/>\n";
    svg += "<text x=\"" + detail::svg_num(ml - 6) + "\" y=\"" + detail::svg_num(Y(v) + 4) + "\" text-anchor=\"end\">" +
           detail::svg_tick(v) + "</text>\n";
  }
  // Bars.
  for (std::size_t i = 0; i < series.size(); ++i) {
    const auto& st = series[i].stats;
    const std::string colour = colours[i % 6];
    const double opacity = series.size() == 1 ? 0.9 : 0.5;
    for (int s = lo; s <= hi; ++s) {
      if (s < 0 || static_cast<std::size_t>(s) >= st.histogram.size() || st.histogram[static_cast<std::size_t>(s)] == 0)
        continue;
      const double pct =
          100.0 * static_cast<double>(st.histogram[static_cast<std::size_t>(s)]) / static_cast<double>(st.games);
      svg += "<rect x=\"" + detail::svg_num(X(s) + bw * 0.08) + "\" y=\"" + detail::svg_num(Y(pct)) + "\" width=\"" +
             detail::svg_num(bw * 0.84) + "\" height=\"" + detail::svg_num(Y(0) - Y(pct)) + "\" fill=\"" + colour +
             "\" fill-opacity=\"" + detail::svg_num(opacity) + "\"><title>" + std::to_string(s) +
             " shots: " + detail::svg_num(pct) + "%</title></rect>\n";
    }
    // Mean (dashed) and median (dotted) markers.
    for (auto [value, dash, name] : {std::tuple{st.mean, "6,3", "mean"}, std::tuple{st.median, "2,3", "median"}}) {
      const double x = X(value + 0.5);
      svg += "<line x1=\"" + detail::svg_num(x) + "\" y1=\"" + detail::svg_num(mt) + "\" x2=\"" + detail::svg_num(x) +
             "\" y2=\"" + detail::svg_num(mt + ph) + "\" stroke=\"" + colour + "\" stroke-dasharray=\"" + dash +
             "\"><title>" + name + " " + detail::svg_num(value) + "</title></line>\n";
    }
    // Legend.
    const double ly = mt + 14 + 18.0 * static_cast<double>(i);
    svg += "<rect x=\"" + detail::svg_num(ml + 10) + "\" y=\"" + detail::svg_num(ly - 10) +
           "\" width=\"12\" height=\"12\" fill=\"" + colour + "\"/>\n";
    svg += "<text x=\"" + detail::svg_num(ml + 28) + "\" y=\"" + detail::svg_num(ly) + "\">" +
           detail::svg_escape(series[i].label) + " — " + std::to_string(st.games) + " " +
           detail::svg_escape(opt.count_noun) + ", mean " + detail::svg_num(st.mean) + ", median " +
           detail::svg_num(st.median) + ", max " + std::to_string(st.max) + "</text>\n";
  }
  // Axes and x ticks.
  svg += "<line x1=\"" + detail::svg_num(ml) + "\" y1=\"" + detail::svg_num(mt + ph) + "\" x2=\"" +
         detail::svg_num(ml + pw) + "\" y2=\"" + detail::svg_num(mt + ph) + "\" stroke=\"black\"/>\n";
  svg += "<line x1=\"" + detail::svg_num(ml) + "\" y1=\"" + detail::svg_num(mt) + "\" x2=\"" + detail::svg_num(ml) +
         "\" y2=\"" + detail::svg_num(mt + ph) + "\" stroke=\"black\"/>\n";
  const int xstep = std::max(1, static_cast<int>(detail::nice_step(bins, 15)));
  for (int s = (lo + xstep - 1) / xstep * xstep; s <= hi; s += xstep)
    svg += "<text x=\"" + detail::svg_num(X(s + 0.5)) + "\" y=\"" + detail::svg_num(mt + ph + 16) +
           "\" text-anchor=\"middle\">" + std::to_string(s) + "</text>\n";
  svg += "<text x=\"" + detail::svg_num(ml + pw / 2) + "\" y=\"" + detail::svg_num(opt.height - 15.0) +
         "\" text-anchor=\"middle\">" + detail::svg_escape(opt.x_label) + "</text>\n";
  svg += "<text transform=\"translate(18," + detail::svg_num(mt + ph / 2) + ") rotate(-90)\" text-anchor=\"middle\">" +
         detail::svg_escape(opt.y_label) + "</text>\n";
  svg += "</svg>\n";
  return svg;
}

inline void write_histogram_svg(const std::string& path, const std::vector<histogram_series>& series,
                                const histogram_svg_options& opt = {}) {
  std::ofstream out(path);
  if (!out) throw std::runtime_error("cannot write histogram to '" + path + "'");
  out << histogram_svg(series, opt);
  if (!out) throw std::runtime_error("failed writing histogram to '" + path + "'");
}

}  // namespace battleship
