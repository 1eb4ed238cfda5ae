#pragma once
// Options shared by the subcommands: the rule set (--preset, or --grid,
// --fleet, --rule, --feedback) and the board (--board FILE).

#include <algorithm>
#include <cctype>
#include <charconv>
#include <chrono>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <limits>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <battleship/count/edge_prior.hpp>
#include <battleship/count/exact_counter.hpp>
#include <battleship/solver.hpp>
#include <nlohmann/json.hpp>

#include "board_file.hpp"
#include "command.hpp"

namespace battleship::cli {

// A whole number in decimal digits alone (no sign, space or '+', which
// std::stoi lets through), up to 9 digits after any leading zeros (ignored,
// as whole_number ignores them); nullopt otherwise.
[[nodiscard]] inline std::optional<int> parse_digits(std::string_view s) {
  if (s.empty() || s.find_first_not_of("0123456789") != std::string_view::npos) return std::nullopt;
  s.remove_prefix(std::min(s.find_first_not_of('0'), s.size() - 1));
  if (s.size() > 9) return std::nullopt;
  int value = 0;
  std::from_chars(s.data(), s.data() + s.size(), value);
  return value;
}

// "AxB" with any one of `separators` between two whole numbers, or nothing.
[[nodiscard]] inline std::optional<std::pair<int, int>> parse_int_pair(const std::string& s, const char* separators) {
  const auto at = s.find_first_of(separators);
  if (at == std::string::npos) return std::nullopt;
  const auto a = parse_digits(std::string_view(s).substr(0, at)), b = parse_digits(std::string_view(s).substr(at + 1));
  if (!a || !b) return std::nullopt;
  return std::pair{*a, *b};
}

// For options read into std::uint64_t: CLI11 2.1 converts "-1" by wrapping
// it to 2^64-1, clamps numbers past 2^64-1 and reads in base 0 ("010" is 8,
// "0x10" 16), so check the text first and rewrite it in plain decimal
// ("010" -> "10"; hence ->transform, as for whole_number).
[[nodiscard]] inline CLI::Validator whole_number_u64() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        std::uint64_t value = 0;
        const char* end = text.data() + text.size();
        const auto [stop, error] = std::from_chars(text.data(), end, value);
        if (text.empty() || error == std::errc::invalid_argument || stop != end)
          return "must be a whole number from 0 to 18446744073709551615";
        if (error == std::errc::result_out_of_range) return "is past 18446744073709551615";
        text = std::to_string(value);
        return {};
      },
      "UINT64");
}

// For signed integer options: CLI11 2.1 reads them in base 0, so "010" is 8
// and "0x10" 16, and clamps numbers past the type. Accepts an optional '-'
// and decimal digits only, refuses what the option's type T cannot hold
// (CLI11 would say only "Could not convert"), and rewrites the text as the
// number's plain decimal form ("010" -> "10"), which base 0 reads the same
// (hence ->transform, which keeps the rewritten text, not ->check); the
// option's own range is checked where it is used. The argument is the
// option's variable, whose type alone is read: a range written apart from
// it once refused a 64-bit --hit-weight past 2^31.
template <std::signed_integral T>
[[nodiscard]] CLI::Validator whole_number(const T& /*option's variable*/) {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        const std::size_t sign = text.starts_with('-') ? 1 : 0;
        if (text.size() == sign || text.find_first_not_of("0123456789", sign) != std::string::npos)
          return "must be a whole number in decimal digits";
        T value = 0;
        // Below the type's least, the option's own least (0, 1 or -1 for
        // most) is the bound to name, which only the option knows.
        if (std::from_chars(text.data(), text.data() + text.size(), value).ec != std::errc{})
          return sign == 1 ? std::string("is out of range (far below what it takes)")
                           : "is out of range (at most " + std::to_string(std::numeric_limits<T>::max()) + ")";
        text = std::to_string(value);
        return {};
      },
      "");
}

// For sizes in bytes (--memory-limit): decimal digits, then optionally a
// binary unit, K, M, G or T, with or without "iB" or "B" and in either case
// ("512M", "8GiB", "8gb"; KB means 1024 bytes here, as in the library's
// messages). Rewrites the text as the number of bytes. Not CLI11's
// AsSizeValue, which reads the number in base 0 ("010K" would be 8 KiB,
// "0x10" 16 bytes), where every number option here is decimal only.
[[nodiscard]] inline CLI::Validator byte_size() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        const std::size_t digits = std::min(text.find_first_not_of("0123456789"), text.size());
        std::string unit = text.substr(digits);
        for (char& ch : unit) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        int shift = -1;
        for (const auto& [name, bits] : {std::pair{"", 0}, std::pair{"b", 0}, std::pair{"k", 10}, std::pair{"m", 20},
                                         std::pair{"g", 30}, std::pair{"t", 40}})
          if (unit == name || (bits > 0 && (unit == std::string(name) + "b" || unit == std::string(name) + "ib")))
            shift = bits;
        if (digits == 0 || shift < 0) return "must be a size such as 512M or 8G (whole bytes, or K, M, G or T of 1024)";
        std::uint64_t value = 0;
        if (std::from_chars(text.data(), text.data() + digits, value).ec != std::errc{} ||
            value > (~std::uint64_t{0} >> shift))
          return "is out of range (at most 2^64 - 1 bytes, 16 EiB less one byte)";
        text = std::to_string(value << shift);
        return {};
      },
      "SIZE");
}

// --memory-limit, for the commands whose exact tables can outgrow the
// machine (count, density's exact and Monte Carlo models, solve, bounds,
// simulate, short-games). The library's limits all default to 8 GiB, and so does the
// option.
inline CLI::Option* add_memory_limit_option(CLI::App* sub, std::size_t& bytes, const std::string& what) {
  return sub
      ->add_option("--memory-limit", bytes,
                   what + " (bytes, or K, M, G or T of 1024 each, as in 512M or 16G; default 8G)")
      ->transform(byte_size());
}

// A share part / whole in `digits` significant digits; one that is not 1
// but would be written "1" is written by how far it falls short, so that a
// table never says "all" of what was not ("1-1.33e-09" for the games of
// Park's 30,093,975,536 layouts that the row scan does not finish in 17
// shots: 40 do).
[[nodiscard]] inline std::string written_share(count_type part, count_type whole, int digits) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.*g", digits, ratio(part, whole));
  if (part != whole && std::string_view(buf) == "1")
    std::snprintf(buf, sizeof buf, "1-%.3g", ratio(whole - part, whole));
  return buf;
}

// --hit-weight, the per-ship model's factor per hit a placement covers
// (per_ship_density_options::hit_weight), shared by the commands that play
// or map that model.
inline CLI::Option* add_hit_weight_option(CLI::App* sub, std::int64_t& weight, const std::string& what) {
  return sub->add_option("--hit-weight", weight, what)->transform(whole_number(weight));
}
// Refused with a model or strategy that has no hit weight (`refusal` names
// it), and below 1, before anything runs.
inline void check_hit_weight(std::int64_t weight, bool given, bool applies, const std::string& refusal) {
  if (!applies && given) throw usage_error(refusal);
  if (weight < 1) throw usage_error("--hit-weight must be at least 1");
}

// A finite number written in decimal, as every number option here takes
// (std::stod alone would also read "0x10", " 5" and "inf"); nullopt otherwise.
[[nodiscard]] inline std::optional<double> parse_decimal(const std::string& text) {
  if (text.empty() || text.find_first_not_of("0123456789.eE+-") != std::string::npos) return std::nullopt;
  std::size_t used = 0;
  double value = 0;
  try {
    value = std::stod(text, &used);
  } catch (const std::exception&) {  // no number, or out of range
    return std::nullopt;
  }
  if (used != text.size() || !std::isfinite(value)) return std::nullopt;
  return value;
}

// For --time-limit: a number of seconds above 0.
[[nodiscard]] inline CLI::Validator positive_seconds() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        const auto value = parse_decimal(text);
        return value && *value > 0 ? std::string{} : "must be a number of seconds above 0, such as 30 or 0.5";
      },
      "SECONDS");
}

// For other real-number options (CLI11 would also read "0x10" as 16, and
// "inf"); the range is checked where the option is used.
[[nodiscard]] inline CLI::Validator decimal_number() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        return parse_decimal(text) ? std::string{} : "must be a number in decimal, such as 2 or 0.5";
      },
      "NUMBER");
}

// For options that name a file or list cells: the commands read an empty
// value as the option left out, so `--board "$FILE"` with FILE unset would
// count the empty board. Refused instead; `what` is what the value names.
[[nodiscard]] inline CLI::Validator non_empty(const std::string& what) {
  return CLI::Validator(
      [what](const std::string& text) {
        return text.empty() ? "is empty: give " + what + ", or leave the option out" : std::string{};
      },
      "");
}

// --time-limit, for the commands that can run long (solve, evaluate,
// short-games, and count and density on large boards): one deadline for the
// whole command, its clock started when the options are made (just before
// the command line is read), kept by the library's progress callbacks and
// the exact counter's and sampler's interruption checks, since throwing
// from either cancels the run and the exception reaches the caller.
class deadline {
 public:
  double seconds = 0;  // 0: none

  [[nodiscard]] bool set() const noexcept { return seconds > 0; }
  // How often a progress callback should come for the deadline to be kept
  // to a few hundredths of a second, or `otherwise` without one.
  [[nodiscard]] double check_interval(double otherwise) const noexcept {
    return set() ? std::min(otherwise, 0.02) : otherwise;
  }
  [[nodiscard]] bool passed() const {
    return set() && std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count() > seconds;
  }
  // Throws once the deadline has passed, saying how far the run got
  // (how_far(), a string, called only then).
  template <class HowFar>
  void check(HowFar&& how_far) const {
    if (passed()) throw std::runtime_error("no answer within " + name() + ": " + how_far());
  }
  // "--time-limit 0.3 s".
  [[nodiscard]] std::string name() const {
    char limit[32];
    std::snprintf(limit, sizeof limit, "%.15g", seconds);  // 0.3 as 0.3, 1234567 in full
    return std::string("--time-limit ") + limit + " s";
  }
  // The same check for exact_counter::set_interruption_check and the like,
  // saying what was being done; empty (none) without a limit. It refers to
  // this deadline, which must outlive the passes it is handed to.
  [[nodiscard]] std::function<void()> interruption_check(std::string doing) const {
    if (!set()) return {};
    return [this, doing = std::move(doing)] { check([&doing] { return doing; }); };
  }

 private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

inline CLI::Option* add_time_limit_option(CLI::App* sub, deadline& limit, const std::string& what) {
  return sub->add_option("--time-limit", limit.seconds, "give up with an error after this many seconds (" + what + ")")
      ->transform(positive_seconds());
}

// The items of a comma-separated list, an empty one wherever two commas meet
// or the list starts or ends with one.
[[nodiscard]] inline std::vector<std::string> split_commas(const std::string& s) {
  std::vector<std::string> items;
  std::stringstream in(s + ',');  // getline drops a last empty item; the added comma keeps it
  for (std::string item; std::getline(in, item, ',');) items.push_back(item);
  return items;
}

struct rule_options {
  std::string preset;          // datagenetics | park | audinot (overrides the rest)
  std::string grid = "10x10";  // WxH: width (columns) x height (rows)
  std::string fleet = "5,4,3,3,2";
  std::string rule = "touching";      // touching | no-edge | no-contact
  std::string feedback = "hit-miss";  // hit-miss | sunk
  std::string board_file;             // optional board picture or shot log

  // Adds --preset, --grid, --fleet, --rule, --feedback and --board to `sub`.
  void add_to(CLI::App* sub, bool with_feedback = true, bool with_board = true) {
    CLI::Option* by_name =
        sub->add_option("--preset", preset, "datagenetics, park or audinot (sets grid, fleet, rule and feedback)")
            ->check(CLI::IsMember({"datagenetics", "park", "audinot"}));
    // A preset sets all four, so one given beside it would be silently dropped:
    // refuse the pair instead.
    by_name->excludes(sub->add_option("--grid", grid, "grid size WxH, e.g. 10x10")->capture_default_str());
    by_name->excludes(sub->add_option("--fleet", fleet, "ship lengths, e.g. 5,4,3,3,2")->capture_default_str());
    by_name->excludes(sub->add_option("--rule", rule, "touching, no-edge or no-contact")
                          ->check(CLI::IsMember({"touching", "no-edge", "no-contact"}))
                          ->capture_default_str());
    if (with_feedback)
      by_name->excludes(sub->add_option("--feedback", feedback, "hit-miss or sunk")
                            ->check(CLI::IsMember({"hit-miss", "sunk"}))
                            ->capture_default_str());
    if (with_board)
      sub->add_option("--board", board_file,
                      "file with a board picture (. unknown, X hit, - miss) or a shot log; - reads standard input")
          ->check(non_empty("a file name"));
  }

  [[nodiscard]] dynamic_rules make_rules() const {
    if (preset == "datagenetics") return make_dynamic_rules(10, 10, {5, 4, 3, 3, 2}, adjacency::touching, true);
    if (preset == "park") return make_dynamic_rules(10, 10, {5, 4, 3, 3, 2}, adjacency::touching, false);
    if (preset == "audinot") return make_dynamic_rules(10, 10, {5, 4, 3, 3, 2}, adjacency::no_contact, false);
    const auto size = parse_grid(grid);
    const auto lengths = parse_fleet(fleet);
    return as_usage([&] {
      return make_dynamic_rules(size.first, size.second, lengths, parse_adjacency(rule), parse_feedback(feedback));
    });
  }

  static std::pair<int, int> parse_grid(const std::string& s) {
    if (const auto wh = parse_int_pair(s, "xX")) return *wh;
    throw usage_error("--grid '" + s + "' is not of the form WxH (e.g. 10x10)");
  }
  static std::vector<int> parse_fleet(const std::string& s) {
    if (s.empty()) throw usage_error("--fleet is empty");
    std::vector<int> lengths;
    for (const auto& item : split_commas(s)) {
      const auto length = parse_digits(item);
      if (!length) throw usage_error("--fleet '" + s + "' is not a comma-separated list of lengths (e.g. 5,4,3,3,2)");
      lengths.push_back(*length);
    }
    return lengths;
  }
};

// The counters the tool can use: the exact counter and the two brute-force
// enumerators it is checked against.
[[nodiscard]] inline std::vector<std::string> count_methods() { return {"exact", "bitset", "recursive"}; }
[[nodiscard]] inline std::string default_count_method() { return count_methods().front(); }

// Counts the layouts agreeing with `obs` (and the occupancy if asked).
// Throws inconsistent_observation when shots were fired and no layout agrees
// with them; an empty board on which the fleet cannot be placed counts 0.
// With edge_weight other than 1, weighted sums under edge_prior (a ship
// touching the border weighs edge_weight), which only the exact counter takes.
[[nodiscard]] inline count_result count_layouts(
    const dynamic_rules& rules, const observation<dynamic_rules::board_type>& obs, bool with_occupancy,
    const std::string& method, std::uint64_t edge_weight = 1,
    std::size_t memory_limit = exact_counter<dynamic_rules>::default_memory_limit, const deadline& time_limit = {}) {
  const auto run = [&]() -> count_result {
    const auto counter = [&] {
      exact_counter<dynamic_rules> c(rules);
      c.set_memory_limit(memory_limit);
      c.set_interruption_check(time_limit.interruption_check(
          with_occupancy ? "the exact occupancy matrix was not finished" : "the exact count was not finished"));
      return c;
    };
    if (edge_weight != 1) {
      if (method != "exact")
        throw usage_error("--edge-weight needs --method exact (the enumerators count without weights)");
      return counter().count(obs, edge_prior{rules, edge_weight}, with_occupancy);
    }
    if (method == "bitset") return enumerate_bitset(rules, obs, with_occupancy);
    if (method == "recursive") return enumerate_recursive(rules, obs, with_occupancy);
    if (method == "exact") return counter().count(obs, with_occupancy);
    throw usage_error("unknown counting method '" + method + "' (exact, bitset or recursive)");
  };
  count_result r;
  try {
    r = run();
  } catch (const inconsistent_observation&) {
    if (obs.shot_count() > 0) throw;
    r = count_result{};  // the fleet cannot be placed at all: zero layouts
  }
  if (r.labelled == 0 && obs.shot_count() > 0)
    throw edge_weight == 0
        ? inconsistent_observation("no layout off the border agrees with the observation (--edge-weight 0)")
        : inconsistent_observation();
  if (with_occupancy && r.occupancy.empty())
    r.occupancy.assign(static_cast<std::size_t>(rules.geometry().cell_count()), 0);
  return r;
}

// "10x10, ships 5,4,3,3,2, rule touching, feedback hit-miss".
[[nodiscard]] inline std::string describe(const dynamic_rules& rules) {
  std::string s = std::to_string(rules.grid.width()) + "x" + std::to_string(rules.grid.height()) + ", ships ";
  for (int i = 0; i < rules.ship_count(); ++i) s += (i ? "," : "") + std::to_string(rules.ship_length(i));
  s += ", rule " + std::string(to_string(rules.contact()));
  s += rules.announces_sunk() ? ", feedback sunk" : ", feedback hit-miss";
  return s;
}

// "1 shot", "4 shots".
[[nodiscard]] inline std::string shots_seen(int n) { return std::to_string(n) + (n == 1 ? " shot" : " shots"); }

// The game every subcommand's JSON names first: grid, fleet (each ship's
// name and length), rule and feedback, so that a reader finds them under the
// same keys whichever command wrote the file.
inline nlohmann::ordered_json rules_json(const dynamic_rules& rules) {
  nlohmann::ordered_json out;
  out["grid"] = {{"width", rules.grid.width()}, {"height", rules.grid.height()}};
  out["fleet"] = nlohmann::ordered_json::array();
  for (int i = 0; i < rules.ship_count(); ++i)
    out["fleet"].push_back({{"name", std::string(rules.fleet.name(i))}, {"length", rules.ship_length(i)}});
  out["rule"] = std::string(to_string(rules.contact()));
  out["feedback"] = rules.announces_sunk() ? "sunk" : "hit-miss";
  return out;
}

// The same, and the number of shots on the board (the subcommands that read
// one with --board).
inline nlohmann::ordered_json rules_json(const dynamic_rules& rules,
                                         const observation<dynamic_rules::board_type>& obs) {
  nlohmann::ordered_json out = rules_json(rules);
  out["shots"] = obs.shot_count();
  return out;
}

// exact-greedy's opening book (strategy/memoized.hpp), stamped with the game
// and the policy's name, so that a --book file filled for other rules, or by
// another program's policy, is refused instead of answering wrongly.
using book_cache = decision_cache<dynamic_rules::board_type>;
inline constexpr const char* exact_greedy_policy = "exact-greedy";

// The file beside `path` that kept_book::save() writes before renaming it
// over the book, and that check_writable() tries: its name and
// ".partial-<pid>", the name cut short where the whole would pass the 255
// bytes a file name may have, which `path`'s own need not.
[[nodiscard]] inline std::string partial_path(const std::string& path) {
  constexpr std::size_t max_name_bytes = 255;
  const std::filesystem::path file(path);
  const std::string suffix = ".partial-" + std::to_string(getpid());
  const std::string name = file.filename().string();
  return (file.parent_path() / (name.substr(0, max_name_bytes - suffix.size()) + suffix)).string();
}

// The file a write to `path` (whose status() is `status`) replaces: a
// regular file's canonical path; else, through links that lead nowhere
// (a link to a file not made yet, /dev/stdout once standard output is
// closed), the path they name, not the link itself, which a rename would
// replace with a regular file.
[[nodiscard]] inline std::filesystem::path replaced_file(const std::string& path,
                                                         const std::filesystem::file_status& status) {
  std::error_code ec;
  if (std::filesystem::is_regular_file(status))
    if (auto resolved = std::filesystem::canonical(path, ec); !ec) return resolved;
  std::filesystem::path p = path;
  for (int hops = 0; hops < 40 && std::filesystem::is_symlink(std::filesystem::symlink_status(p, ec)); ++hops) {
    const auto to = std::filesystem::read_symlink(p, ec);
    if (ec) break;
    p = to.is_absolute() ? to : p.parent_path() / to;
  }
  return p;
}

// Refuses, before a run, an output file (`option`: --book, --save,
// --histogram) that could not be written after it (a directory, a missing
// one, no permission): the run's results would be lost. It tries a file
// beside it, so that a file already there is left as it is.
inline void check_writable(const std::string& path, const std::string& option) {
  if (path.empty()) return;
  refuse_directory(path, option);
  // As write_whole() will write it: a device or a FIFO (/dev/null,
  // /dev/stdout on a pipe) in place, with nothing made beside it (in /dev,
  // which only root may write); a regular file, through a link, beside its
  // target.
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status)) {
    if (access(path.c_str(), W_OK) != 0) throw std::invalid_argument("cannot write " + option + " '" + path + "'");
    return;
  }
  // A read-only file is not replaced behind its owner's back (root may
  // write any file, and does).
  if (std::filesystem::is_regular_file(status) && access(path.c_str(), W_OK) != 0)
    throw std::invalid_argument("cannot write " + option + " '" + path + "': it is read-only");
  const std::string partial = partial_path(replaced_file(path, status).string());
  if (!std::ofstream(partial))
    throw std::invalid_argument("cannot write " + option + " '" + path +
                                "' there (no file can be made in its directory)");
  std::filesystem::remove(partial, ec);
}

// Whether two paths name one file: the same file when both exist (a link,
// another spelling), else the same path once absolute and normal.
[[nodiscard]] inline bool same_file(const std::string& a, const std::string& b) {
  std::error_code ea, eb;
  if (std::filesystem::exists(a, ea) && std::filesystem::exists(b, eb)) {
    const bool same = std::filesystem::equivalent(a, b, ea);
    if (!ea) return same;
  }
  return std::filesystem::weakly_canonical(a, ea) == std::filesystem::weakly_canonical(b, eb) && !ea && !eb;
}

// Refuses, as the command line's mistake, an output file (`output`: option
// and path) that another of the command's files (`others`) also names: one
// write would replace the other, or an input be lost, with the command
// reporting success. Empty paths are not files.
inline void refuse_same_file(const std::pair<std::string, std::string>& output,
                             const std::vector<std::pair<std::string, std::string>>& others) {
  if (output.second.empty()) return;
  for (const auto& [option, path] : others)
    if (!path.empty() && same_file(output.second, path))
      throw usage_error(output.first + " '" + output.second + "' and " + option + " '" + path + "' name the same file");
}

// exact-greedy's book in one run: the cache, the --book file it was read
// from and is written back to (or none), and the positions read.
struct kept_book {
  std::shared_ptr<book_cache> cache;  // null: no book
  std::string path;
  std::size_t loaded = 0;

  // The JSON object `book` of simulate and evaluate.
  [[nodiscard]] nlohmann::ordered_json json() const {
    nlohmann::ordered_json out = {{"depth", cache->max_shots()}, {"positions", cache->size()}, {"hits", cache->hits()}};
    if (!path.empty()) {
      out["file"] = path;
      out["loaded"] = loaded;
    }
    return out;
  }
  // The line about the file, in a text output whose labels are `width` wide.
  void print_file_line(int width) const {
    if (!path.empty())
      std::printf("%-*s%zu positions read from %s, %zu written back\n", width, "book", loaded, path.c_str(),
                  cache->size());
  }
  // Writes the book back to its file, after the results, which a failure to
  // write it would otherwise lose.
  void save() const;
};

// Whether a long run shows its progress on stderr: with --progress always,
// with --quiet never, else when stderr is a terminal.
[[nodiscard]] inline bool shows_progress(bool progress, bool quiet) {
  return progress || (!quiet && isatty(STDERR_FILENO) != 0);
}

// Whether any of `options` was on the command line (CLI11 counts them once
// it is parsed): a command refuses an option that would be ignored even
// when it is given at its default value.
[[nodiscard]] inline bool any_given(const std::vector<const CLI::Option*>& options) {
  return std::any_of(options.begin(), options.end(), [](const CLI::Option* o) { return o->count() > 0; });
}

// --book-depth and --book, exact-greedy's opening book (simulate and
// evaluate). `shared_by` says who shares the cache, `kept` when the file is
// written back. given() tells, once the command line is parsed, whether
// either was on it: both are refused with another strategy.
struct book_options {
  CLI::Option* depth;
  CLI::Option* file;
  [[nodiscard]] bool given() const { return any_given({depth, file}); }
};
inline book_options add_book_options(CLI::App* sub, int& depth, std::string& file, const std::string& shared_by,
                                     const std::string& kept) {
  auto* d = sub->add_option("--book-depth", depth,
                            "exact-greedy: cache the choice at every position of at most this many shots, shared by " +
                                shared_by + " (the same results, much faster); -1 turns the cache off")
                ->transform(whole_number(depth))
                ->capture_default_str();
  auto* f = sub->add_option("--book", file,
                            "exact-greedy: read the book from this file if it exists, and write it back after the run "
                            "with the positions the run added" +
                                kept + " (a book filled for other rules is refused)")
                ->check(non_empty("a file name"));
  return {d, f};
}

// Checks --book-depth and --book, and opens the book when exact-greedy keeps
// one (depth at least 0): a cache for positions of at most `depth` shots,
// holding the book at `path` when that file exists (a new book is written
// there after the run, and must be writable now).
[[nodiscard]] inline kept_book open_book(const dynamic_rules& rules, int depth, const std::string& path) {
  if (depth < -1) throw usage_error("--book-depth must be -1 (off) or at least 0");
  if (depth < 0 && !path.empty()) throw usage_error("--book needs a --book-depth of at least 0");
  if (depth < 0) return {};
  kept_book book{std::make_shared<book_cache>(rules, exact_greedy_policy, depth), path, 0};
  if (path.empty()) return book;
  check_writable(path, "--book");
  if (std::error_code ec; !std::filesystem::exists(path, ec)) return book;
  // A book is read before the run and written back after it: a device or a
  // FIFO (/dev/stdout on a pipe is its own output's read end) would block or
  // read as no book.
  if (std::error_code ec; !std::filesystem::is_regular_file(path, ec))
    throw std::invalid_argument("--book '" + path +
                                "' is not a regular file: a book is read before the run and written back");
  std::ifstream in(path);
  if (!in) throw std::invalid_argument("cannot open --book '" + path + "'");
  try {
    book.cache->load(in);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument("--book '" + path + "': " + e.what());
  } catch (const std::runtime_error& e) {  // a read error
    throw std::runtime_error("--book '" + path + "': " + e.what());
  }
  book.loaded = book.cache->size();
  return book;
}

// Writes `path` (named `option` in errors) through a file beside it,
// renamed over it once whole: a run stopped, or a disk that fills up, while
// writing leaves the old file intact (an accumulated --save, a book), and
// two runs writing one file at once leave one of theirs, not a mix. A link
// is followed (the link stays, its target is replaced, keeping its
// permissions); a path that is no regular file (a device, a FIFO) is
// written in place.
template <class Write>
void write_whole(const std::string& path, const std::string& option, Write&& write) {
  std::error_code ec;
  // The file standard output is (/dev/stdout, /dev/fd/1, or a path to the
  // file `> f` made): written through std::cout, after what it printed, not
  // replaced, which would lose that text (and, with `>> f`, the file's own).
  if (struct stat named{}, out{}; ::stat(path.c_str(), &named) == 0 && ::fstat(STDOUT_FILENO, &out) == 0 &&
                                  named.st_dev == out.st_dev && named.st_ino == out.st_ino) {
    write(std::cout);
    if (!std::cout.flush()) throw std::runtime_error("cannot write " + option + " '" + path + "'");
    return;
  }
  // status() follows links, /proc's too: /dev/stdout on a pipe is a FIFO,
  // written in place, where canonical() has no path to give (its target is
  // "pipe:[N]"), which made an empty target and a failed rename.
  const auto status = std::filesystem::status(path, ec);
  const bool in_place = std::filesystem::exists(status) && !std::filesystem::is_regular_file(status);
  const std::filesystem::path target = replaced_file(path, status);
  const std::string written = in_place ? path : partial_path(target.string());
  {
    std::ofstream out(written, std::ios::trunc);
    if (!out) throw std::invalid_argument("cannot write " + option + " '" + path + "'");
    write(out);
    out.close();
    if (!out) {
      if (!in_place) std::filesystem::remove(written, ec);
      throw std::runtime_error("cannot write " + option + " '" + path + "'");
    }
  }
  if (in_place) return;
  if (std::filesystem::exists(status)) std::filesystem::permissions(written, status.permissions(), ec);
  std::filesystem::rename(written, target, ec);
  if (ec) {
    std::filesystem::remove(written, ec);
    throw std::runtime_error("cannot replace " + option + " '" + path + "'");
  }
}

// Writes the book back to its file, whole or not at all (write_whole).
inline void kept_book::save() const {
  if (!cache || path.empty()) return;
  write_whole(path, "--book", [this](std::ostream& out) { cache->save(out); });
}

}  // namespace battleship::cli
