// battleship evaluate: play a deterministic strategy against every legal
// layout and report the exact distribution of the number of shots
// (Audinot et al. section 4.2). Shards (--shard i/n) split the work across
// runs or machines; --save writes a partial result, --merge adds saved ones.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <limits>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include <battleship/analysis/exhaustive.hpp>
#include <battleship/analysis/histogram.hpp>
#include <battleship/analysis/statistics.hpp>
#include <battleship/density/exact_density.hpp>
#include <battleship/density/per_ship_density.hpp>
#include <battleship/strategy/density_greedy.hpp>
#include <battleship/strategy/memoized.hpp>
#include <battleship/strategy/row_scan.hpp>
#include <battleship/strategy/sweep.hpp>
#include <nlohmann/json.hpp>

#include "command.hpp"
#include "common.hpp"

// Named so that the commands can share one translation unit (a unity build).
namespace battleship::cli::evaluate_command {
namespace {

using rules_t = dynamic_rules;

struct evaluate_options {
  rule_options rules;
  std::string strategy;
  std::string method = "auto";
  std::string shard = "0/1";
  std::string order;
  int threads = 0;
  int book_depth = 24;       // exact-greedy: positions with at most this many shots are cached; -1 disables
  std::string book;          // exact-greedy: the book file read before the run and written after it
  bool book_given = false;   // --book-depth or --book on the command line (refused with other strategies)
  bool rules_given = false;  // --preset, --grid, --fleet, --rule or --feedback (refused with --merge alone)
  bool json = false;
  bool progress = false;
  bool quiet = false;
  deadline time_limit;
  std::string histogram;
  std::string save;
  std::vector<std::string> merge;
  std::vector<std::string> compare;
};

exhaustive_shard parse_shard(const std::string& s) {
  const auto in = parse_int_pair(s, "/");
  if (!in || in->second < 1 || in->first < 0 || in->first >= in->second)
    throw usage_error("--shard '" + s + "' is not of the form i/n with 0 <= i < n");
  return {in->first, in->second};
}

std::vector<int> parse_order(const std::string& s, const rules_t& rules) {
  std::vector<int> cells;
  const auto g = rules.geometry();
  for (const auto& item : split_commas(s)) {
    const auto c = g.parse_cell(item);
    if (!c) throw usage_error("--order: '" + item + "' is not a cell of the grid (e.g. A5)");
    cells.push_back(*c);
  }
  return cells;
}

// Draws the progress line in place; true while it waits for its newline
// (which the last part's line gets).
bool draw_progress(const exhaustive_progress& p) {
  constexpr int width = 40;
  const double share = p.parts_total > 0 ? static_cast<double>(p.parts_done) / static_cast<double>(p.parts_total) : 1.0;
  std::string bar(static_cast<std::size_t>(share * width), '#');
  bar.resize(width, '.');
  std::string eta;  // by first-ship placements done: a rough guide, their sizes differ
  if (p.parts_done > 0 && p.parts_done < p.parts_total)
    eta = "  ~" + std::to_string(static_cast<long long>(p.seconds / share - p.seconds)) + " s left";
  std::fprintf(stderr, "\r[%s] %5.1f%%  %zu/%zu first-ship placements  %.3g layouts  %.1f s%s ", bar.c_str(),
               100.0 * share, p.parts_done, p.parts_total, static_cast<double>(p.layouts), p.seconds, eta.c_str());
  const bool open = p.parts_done < p.parts_total;
  if (!open) std::fprintf(stderr, "\n");
  std::fflush(stderr);
  return open;
}

template <class S>
exhaustive_result run_strategy(const evaluate_options& opts, const rules_t& rules, const S& strategy,
                               exhaustive_options eo, std::string& method) {
  if (opts.method == "play") {
    method = "play";
    return evaluate_by_playing(rules, strategy, eo);
  }
  if constexpr (std::same_as<S, row_scan<rules_t>>) {
    method = "fast";
    return evaluate_row_scan_fast(rules, eo);
  } else if constexpr (std::same_as<S, sweep<rules_t>>) {
    const auto why = sweep_fast_path_obstacle(rules, strategy);
    if (why.empty()) {
      method = "fast";
      return evaluate_sweep_fast(rules, strategy, eo);
    }
    if (opts.method == "fast") throw usage_error("no fast path: " + why);
  } else if (opts.method == "fast") {
    throw usage_error("no fast path for strategy '" + opts.strategy + "' (use --method play)");
  }
  method = "play";
  return evaluate_by_playing(rules, strategy, eo);
}

// Evaluates --strategy, setting `book` when exact-greedy keeps one.
// line_open: whether a progress line waits for its newline (for an error).
exhaustive_result evaluate(const evaluate_options& opts, const rules_t& rules, std::string& method, kept_book& book,
                           bool& line_open) {
  exhaustive_options eo;
  eo.threads = opts.threads;
  eo.shard = parse_shard(opts.shard);
  eo.strategy_name = opts.strategy;
  const bool show = shows_progress(opts.progress, opts.quiet);
  if (show || opts.time_limit.set()) {
    eo.progress_interval = opts.time_limit.check_interval(eo.progress_interval);
    // Drawn every half second at most, and at the end, as without a deadline.
    eo.progress = [&opts, &line_open, show, drawn = 0.0](const exhaustive_progress& p) mutable {
      const bool finished = p.parts_done >= p.parts_total;  // the call at the end, from the caller
      if (!finished)
        opts.time_limit.check([&p] {
          return std::to_string(p.parts_done) + " of " + std::to_string(p.parts_total) +
                 " first-ship placements done (" + std::to_string(p.layouts) + " layouts)";
        });
      if (show && (finished || p.seconds - drawn >= 0.5)) {
        drawn = p.seconds;
        line_open = draw_progress(p);
      }
    };
  }
  const std::string& s = opts.strategy;  // --order and --shard were checked by run()
  if (s == "row-scan") return run_strategy(opts, rules, row_scan<rules_t>(rules), eo, method);
  if (s == "sweep" || s == "sweep-horizontal-first") {
    const auto mode = s == "sweep" ? sweep_clearing::four_directions : sweep_clearing::horizontal_first;
    std::vector<int> order;
    if (!opts.order.empty()) {
      order = parse_order(opts.order, rules);
      // The cells named as the grid names them, so that shards of one order
      // merge however it was typed (a1 or A01 for A1).
      std::string names;
      for (const int cell : order) names += (names.empty() ? "" : ",") + rules.geometry().cell_name(cell);
      eo.strategy_name += " order " + names;
    }
    // An order naming a cell twice is the command line's mistake.
    const auto strategy = as_usage([&] { return sweep<rules_t>(rules, mode, order); });
    return run_strategy(opts, rules, strategy, eo, method);
  }
  if (s == "per-ship-density")  // deterministic: ties to the lowest cell
    return run_strategy(opts, rules, density_greedy(rules, per_ship_density<rules_t>(rules), tie_break::lowest_cell),
                        eo, method);
  if (s == "exact-greedy") {  // deterministic: ties to the lowest cell; small grids only
    const auto greedy = density_greedy(rules, exact_density<rules_t>(rules), tie_break::lowest_cell);
    book = open_book(rules, opts.book_depth, opts.book);
    if (!book.cache) return run_strategy(opts, rules, greedy, eo, method);
    // Every copy (one per thread) shares the cache: each position of the strategy's tree is solved once.
    return run_strategy(opts, rules, memoized(greedy, book.cache), eo, method);
  }
  throw usage_error("unknown strategy '" + s + "'");
}

// An evaluation, or a part of one, with the game it was run on in the keys
// every subcommand's JSON names it by (rules_json).
struct evaluation {
  exhaustive_result result;
  nlohmann::ordered_json game;
};

// The rules a result's label (rules_label()) names.
dynamic_rules rules_of_label(const std::string& label) {
  const auto parts = read_rules_label(label);
  if (!parts) throw std::invalid_argument("its rules '" + label + "' are not of the form WxH lengths rule feedback");
  return make_dynamic_rules(parts->width, parts->height, parts->lengths, parts->rule, parts->sunk);
}

nlohmann::ordered_json to_json(const evaluation& e, const std::string& method) {
  const exhaustive_result& r = e.result;
  nlohmann::ordered_json out = e.game;
  out["strategy"] = r.strategy;
  out["rules"] = r.rules;
  out["method"] = method;
  out["layouts"] = static_cast<std::uint64_t>(r.layouts());
  out["unlabelled_layouts"] = static_cast<std::uint64_t>(r.unlabelled_layouts());
  out["labels_per_layout"] = r.labels_per_layout;
  out["split"] = r.split;
  if (r.layouts() != 0) {
    const auto [num, den] = r.mean_fraction();
    out["mean"] = r.mean();
    out["mean_fraction"] = to_string(num) + "/" + to_string(den);
    out["stddev"] = r.stddev();
    out["median"] = r.median();
    out["min"] = r.min();
    out["max"] = r.max();
  }
  out["seconds"] = r.seconds;
  out["total_shots"] = to_string(r.total_shots());
  out["total_squared_shots"] = to_string(r.total_squared_shots());
  out["shard_count"] = r.shard_count;
  out["shards"] = r.shards;
  out["complete"] = r.complete();
  out["histogram"] = r.histogram;
  return out;
}

// A whole number of a saved evaluation, as an int: get<int>() would wrap
// 4294967298 to 2, cut 2.5 to 2, and read 1e300 with undefined behaviour.
int whole_number_in(const nlohmann::ordered_json& n, const std::string& what) {
  const bool fits = n.is_number_unsigned()  ? n.get<std::uint64_t>() <= std::numeric_limits<int>::max()
                    : n.is_number_integer() ? n.get<std::int64_t>() >= std::numeric_limits<int>::min() &&
                                                  n.get<std::int64_t>() <= std::numeric_limits<int>::max()
                                            : false;
  if (!fits) throw std::invalid_argument(what + " is " + n.dump() + ", not a whole number an int holds");
  return n.get<int>();
}

// The evaluation saved in `path`, given as `option` (--merge, --compare).
evaluation load(const std::string& path, const std::string& option) {
  refuse_directory(path, option);
  std::ifstream in(path);
  if (!in) throw std::invalid_argument("cannot open " + option + " '" + path + "'");
  try {
    using json = nlohmann::ordered_json;
    const auto j = json::parse(in);
    if (!j.is_object()) throw std::invalid_argument("it is not a JSON object");
    // Each key read by name, so that an error names the key (nlohmann's
    // says "cannot use at() with number" or "type must be string").
    const auto shown = [](const json& v) {
      const std::string text = v.dump();
      return text.size() > 40 ? text.substr(0, 37) + "..." : text;
    };
    const auto field = [](const json& object, const char* key, const std::string& name) -> const json& {
      if (!object.is_object() || !object.contains(key)) throw std::invalid_argument("it has no " + name);
      return object.at(key);
    };
    const auto text = [&](const json& object, const char* key, const std::string& name) {
      const json& v = field(object, key, name);
      if (!v.is_string()) throw std::invalid_argument(name + " is " + shown(v) + ", not a string");
      return v.get<std::string>();
    };
    evaluation e;
    exhaustive_result& r = e.result;
    r.strategy = text(j, "strategy", "strategy");
    // The name reaches the terminal and the SVG chart: an escape sequence
    // there would act on the terminal, and XML holds no such character.
    if (printable(r.strategy) != r.strategy)
      throw std::invalid_argument("its strategy name '" + printable(r.strategy) +
                                  "' holds control characters or bytes that are not UTF-8");
    r.rules = text(j, "rules", "rules");
    // The game's keys, from its label (a file saved before it carried them
    // gets them too); the keys it carries must name the same game.
    const dynamic_rules game = rules_of_label(r.rules);
    e.game = rules_json(game);
    if (j.contains("grid")) {
      std::vector<int> lengths;
      const json& fleet = field(j, "fleet", "fleet");
      if (!fleet.is_array()) throw std::invalid_argument("fleet is " + shown(fleet) + ", not an array");
      for (const auto& ship : fleet)
        lengths.push_back(whole_number_in(field(ship, "length", "length for a ship"), "a ship's length"));
      const json& grid = field(j, "grid", "grid");
      const std::string saved = rules_label(make_dynamic_rules(
          whole_number_in(field(grid, "width", "grid.width"), "grid.width"),
          whole_number_in(field(grid, "height", "grid.height"), "grid.height"), lengths,
          parse_adjacency(text(j, "rule", "rule")), parse_feedback(text(j, "feedback", "feedback"))));
      if (saved != r.rules)
        throw std::invalid_argument("its grid, fleet, rule and feedback (" + saved + ") are not its rules' (" +
                                    r.rules + ")");
    }
    const json& labels = field(j, "labels_per_layout", "labels_per_layout");
    if (!labels.is_number_unsigned())
      throw std::invalid_argument("labels_per_layout is " + shown(labels) + ", not a count");
    r.labels_per_layout = labels.get<std::uint64_t>();
    if (r.labels_per_layout == 0) throw std::invalid_argument("labels_per_layout is 0");
    // Every evaluation weighs an unlabelled layout by its fleet's relabellings.
    if (const auto expected = unlabelled_divisor(game, observation<dynamic_rules::board_type>(game));
        r.labels_per_layout != expected)
      throw std::invalid_argument("labels_per_layout is " + std::to_string(r.labels_per_layout) +
                                  ", where its fleet's equal-length ships give " + std::to_string(expected));
    r.shard_count = whole_number_in(field(j, "shard_count", "shard_count"), "shard_count");
    const json& shards = field(j, "shards", "shards");
    if (!shards.is_array()) throw std::invalid_argument("shards is not an array");
    for (const auto& s : shards) r.shards.push_back(whole_number_in(s, "a shard"));
    if (j.contains("split")) {
      r.split = text(j, "split", "split");
      if (r.split != "fast" && r.split != "play")
        throw std::invalid_argument("split '" + r.split + "' is neither fast nor play");
    } else {
      // Saved before parts named their split. The fast path's is as it was;
      // playing then put relabellings in other shards. The two differ, then
      // and now, only when several ships share the longest length.
      const auto method = j.value("method", std::string());
      std::vector<int> lengths;
      for (int i = 0; i < game.ship_count(); ++i) lengths.push_back(game.ship_length(i));
      const bool longest_repeats =
          std::count(lengths.begin(), lengths.end(), *std::max_element(lengths.begin(), lengths.end())) > 1;
      if (r.shards.size() != static_cast<std::size_t>(r.shard_count) && longest_repeats && method != "fast")
        throw std::invalid_argument(method == "play"
                                        ? "a shard played before shards kept equal-length ships together cannot be "
                                          "merged: evaluate it again"
                                        : "a part saved before parts named their split cannot be merged when several "
                                          "ships share the longest length (it may hold either method's shards): "
                                          "evaluate it again");
      r.split = method == "fast" || method == "play" ? method : std::string();
    }
    const json& seconds = field(j, "seconds", "seconds");
    if (!seconds.is_number()) throw std::invalid_argument("seconds is " + shown(seconds) + ", not a number");
    r.seconds = seconds.get<double>();
    // get<std::uint64_t> would wrap -1 and cut 0.5 to 0.
    const auto& bins = field(j, "histogram", "histogram");
    if (!bins.is_array()) throw std::invalid_argument("histogram is not an array");
    std::uint64_t layouts = 0;
    for (const auto& n : bins) {
      if (!n.is_number_unsigned()) throw std::invalid_argument("its histogram holds " + n.dump() + ", not a count");
      const auto count = n.get<std::uint64_t>();
      if (count > ~std::uint64_t{0} - layouts) throw std::invalid_argument("its histogram holds 2^64 layouts or more");
      layouts += count;
      r.histogram.push_back(count);
    }
    // No game takes more shots than the grid has cells.
    const int cells = game.geometry().cell_count();
    if (r.histogram.size() > static_cast<std::size_t>(cells) + 1)
      throw std::invalid_argument("its histogram has games of " + std::to_string(r.histogram.size() - 1) +
                                  " shots on a grid of " + std::to_string(cells) + " cells");
    if (to_string(r.total_shots()) != text(j, "total_shots", "total_shots"))
      throw std::invalid_argument("its histogram does not add up to its total_shots");
    if (r.shard_count < 1) throw std::invalid_argument("shard_count must be at least 1");
    for (std::size_t k = 0; k < r.shards.size(); ++k)
      if (r.shards[k] < 0 || r.shards[k] >= r.shard_count || (k > 0 && r.shards[k] <= r.shards[k - 1]))
        throw std::invalid_argument("shards must be distinct indices below shard_count, in increasing order");
    if (r.shards.empty()) throw std::invalid_argument("it names no shard");
    // Every unlabelled layout stands for labels_per_layout labelled ones with its number of shots.
    for (const auto n : r.histogram)
      if (n % r.labels_per_layout != 0)
        throw std::invalid_argument("its histogram is not a multiple of labels_per_layout");
    if (!(r.seconds >= 0) || !std::isfinite(r.seconds)) throw std::invalid_argument("seconds must be at least 0");
    return e;
  } catch (const nlohmann::json::exception& e) {
    // nlohmann's text less its "[json.exception.parse_error.101] " tag.
    const std::string what = e.what();
    const auto tag = what.starts_with("[json.exception.") ? what.find("] ") : std::string::npos;
    const std::string reason = tag == std::string::npos ? what : what.substr(tag + 2);
    throw std::invalid_argument(
        "'" + path + "' is not a saved evaluation: " +
        (dynamic_cast<const nlohmann::json::parse_error*>(&e) ? "not JSON (" + reason + ")" : reason));
  } catch (const std::exception& e) {
    throw std::invalid_argument("'" + path + "' is not a saved evaluation: " + e.what());
  }
}

// Called in the handler of an error that stopped the run (--time-limit,
// say): a book that gained positions is written back before the error
// goes on, since each position in it was decided whole and would cost the
// next run as much again. Rethrows, with a word on the book.
[[noreturn]] void keep_book_of_stopped_run(const kept_book& book) {
  if (!book.cache || book.path.empty() || book.cache->size() == book.loaded) throw;
  try {
    throw;
  } catch (const std::bad_alloc&) {
    throw;  // no memory to write it with
  } catch (const std::exception& e) {
    std::string kept;
    try {
      book.save();
      kept = "; --book '" + book.path + "' keeps the " + std::to_string(book.cache->size() - book.loaded) +
             " positions the run added";
    } catch (const std::exception& unsaved) {
      kept = std::string("; ") + unsaved.what();
    }
    throw std::runtime_error(e.what() + kept);
  }
}

void run(const evaluate_options& opts) {
  if (opts.threads < 0) throw usage_error("--threads cannot be negative");
  // A command line that asks for nothing: exit status 2, as CLI11's own required options.
  if (opts.strategy.empty() && opts.merge.empty()) throw CLI::RequiredError("--strategy (or --merge)");
  if (opts.strategy.empty() && opts.rules_given)
    throw usage_error(
        "--merge alone takes the game from its files; --preset, --grid, --fleet, --rule and --feedback go with "
        "--strategy");
  if (opts.strategy != "exact-greedy" && opts.book_given)
    throw usage_error("--book-depth and --book apply to --strategy exact-greedy only");
  // Before any file is read or written: an output that another file option
  // names would be overwritten, the command reporting success. --save may
  // name a --merge part: the merged whole replaces it.
  {
    std::vector<std::pair<std::string, std::string>> inputs;
    for (const auto& f : opts.compare) inputs.emplace_back("--compare", f);
    std::vector<std::pair<std::string, std::string>> not_save = inputs, not_histogram = inputs;
    for (const auto& f : opts.merge) not_histogram.emplace_back("--merge", f);
    not_save.emplace_back("--histogram", opts.histogram);
    not_save.emplace_back("--book", opts.book);
    not_histogram.emplace_back("--book", opts.book);
    refuse_same_file({"--save", opts.save}, not_save);
    refuse_same_file({"--histogram", opts.histogram}, not_histogram);
  }
  // Checks of the command line alone, before a file is read (exit status 2
  // whatever the files hold).
  if (!opts.strategy.empty()) (void)parse_shard(opts.shard);
  if (!opts.order.empty() && opts.strategy != "sweep" && opts.strategy != "sweep-horizontal-first")
    throw usage_error("--order applies to the sweep strategies only");
  check_writable(opts.save, "--save");  // before the run, which may take hours
  check_writable(opts.histogram, "--histogram");
  // The results drawn beside this one, read before the run too: a missing or
  // empty file is refused at once, not after hours nor skipped unread.
  std::vector<histogram_series> compared;
  for (const auto& path : opts.compare) {
    const exhaustive_result other = load(path, "--compare").result;
    if (other.layouts() == 0) throw std::invalid_argument("'" + path + "' holds no layout");
    compared.push_back({other.strategy, summarize({other.histogram.begin(), other.histogram.end()}, -1)});
  }
  std::vector<evaluation> parts;
  std::string method = "merged";
  kept_book book;
  for (const auto& f : opts.merge) parts.push_back(load(f, "--merge"));
  if (!opts.strategy.empty()) {
    std::string m;
    bool line_open = false;
    try {
      const rules_t rules = opts.rules.make_rules();
      parts.push_back({evaluate(opts, rules, m, book, line_open), rules_json(rules)});
    } catch (...) {
      if (line_open) std::fprintf(stderr, "\n");  // the error starts on a line of its own
      keep_book_of_stopped_run(book);
    }
    if (opts.merge.empty()) method = m;
  }
  evaluation whole = parts[0];
  exhaustive_result& r = whole.result;
  for (std::size_t k = 1; k < parts.size(); ++k) r.merge(parts[k].result);  // refuses another game's parts
  // Each part holds fewer than 2^64 layouts (load); their sum may not, and
  // the JSON's layouts is a 64-bit number.
  if (r.layouts() > ~std::uint64_t{0})
    throw std::invalid_argument("the merged parts hold 2^64 layouts or more, which a count cannot hold");
  // An empty shard is possible; a whole evaluation with no layout is a fleet
  // that cannot be placed, which every other command refuses too. A shard run
  // here that holds none asks the counter about the whole; saved parts alone
  // wait for the merge of them all.
  const auto fleet_fits = [&] {
    if (r.layouts() != 0) return true;
    if (r.complete()) return false;
    if (opts.strategy.empty()) return true;
    const rules_t rules = opts.rules.make_rules();
    return count_layouts(rules, observation<rules_t::board_type>(rules), false, default_count_method()).labelled != 0;
  };
  if (!fleet_fits())
    throw std::invalid_argument("no layout exists: the fleet cannot be placed on the grid (" + r.rules + ")");
  // Whole or not at all: `--merge total.json ... --save total.json` must
  // not lose the parts merged so far to a full disk. A full disk fails the
  // writes, not the opening, and is reported.
  if (!opts.save.empty())
    write_whole(opts.save, "--save", [&](std::ostream& out) { out << to_json(whole, method).dump(1) << '\n'; });
  // Such a part draws the compared results alone, and refuses a picture of nothing,
  // after its --save: an empty shard's save is still a part that --merge needs.
  if (!opts.histogram.empty() && r.layouts() == 0 && compared.empty())
    throw std::invalid_argument("--histogram has nothing to draw: this part holds no layout and --compare no file");
  if (!opts.histogram.empty()) {
    std::vector<histogram_series> series = compared;
    if (r.layouts() != 0) series.push_back({r.strategy, summarize({r.histogram.begin(), r.histogram.end()}, -1)});
    histogram_svg_options ho;
    ho.title = "Shots over every layout (" + r.rules + ")";
    ho.y_label = "share of layouts (%)";
    ho.count_noun = "layouts";
    write_whole(opts.histogram, "--histogram", [&](std::ostream& out) { out << histogram_svg(series, ho); });
  }
  if (opts.json) {
    auto out = to_json(whole, method);
    if (book.cache) out["book"] = book.json();
    // A --book path need not be UTF-8 (book.file): replaced, not thrown on.
    std::cout << out.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << std::endl;
    return book.save();
  }
  std::printf("%s on %s (%s)\n", r.strategy.c_str(), r.rules.c_str(), method.c_str());
  std::printf("layouts   %s labelled = %s unlabelled x %llu%s\n", to_string(r.layouts()).c_str(),
              to_string(r.unlabelled_layouts()).c_str(), static_cast<unsigned long long>(r.labels_per_layout),
              r.labels_per_layout > 1 ? " (equal-length ships interchangeable)" : "");
  if (r.layouts() != 0) {
    const auto [num, den] = r.mean_fraction();
    std::printf("mean      %.6f shots (exactly %s/%s)\n", r.mean(), to_string(num).c_str(), to_string(den).c_str());
    std::printf("stddev    %.4f\nmedian    %g\nmin       %d\nmax       %d\n", r.stddev(), r.median(), r.min(), r.max());
  }
  std::printf("seconds   %.2f\n", r.seconds);
  if (!r.complete()) {
    std::string have;
    for (int s : r.shards) have += (have.empty() ? "" : ",") + std::to_string(s);
    std::printf("partial   shards %s of %d: merge the others with --merge\n", have.c_str(), r.shard_count);
  }
  if (book.cache) book.print_file_line(10);
  std::fflush(stdout);
  book.save();
}

const command_registration registered{[](CLI::App& app) {
  auto* sub = app.add_subcommand("evaluate", "play a deterministic strategy against every legal layout (exact)");
  auto opts = std::make_shared<evaluate_options>();
  auto* strategy =
      sub->add_option("--strategy", opts->strategy,
                      "required unless --merge: row-scan, sweep, sweep-horizontal-first (fast paths), "
                      "per-ship-density (hit weight 32) or exact-greedy (played)")
          ->check(CLI::IsMember({"row-scan", "sweep", "sweep-horizontal-first", "per-ship-density", "exact-greedy"}));
  opts->rules.add_to(sub, true, false);
  // The run's options without a run (--merge alone) would be ignored.
  sub->add_option("--shard", opts->shard, "run part i of n (0-based), e.g. 0/4")
      ->capture_default_str()
      ->needs(strategy);
  sub->add_option("--threads", opts->threads, "worker threads (0: one per hardware thread)")
      ->transform(whole_number(opts->threads))
      ->capture_default_str()
      ->needs(strategy);
  const book_options book =
      add_book_options(sub, opts->book_depth, opts->book, "all threads", ", also when --time-limit stops it");
  sub->add_option("--method", opts->method, "auto (fast path when there is one), fast or play")
      ->check(CLI::IsMember({"auto", "fast", "play"}))
      ->capture_default_str()
      ->needs(strategy);
  sub->add_option("--order", opts->order, "sweep order, e.g. A5,F10,... (default: Figure 10 on 10x10)")
      ->check(non_empty("cells"))
      ->needs(strategy);
  sub->add_flag("--json", opts->json, "print a JSON object");
  // Progress is the run's: --merge alone runs nothing.
  auto* progress = sub->add_flag("--progress", opts->progress, "show progress on stderr even when it is not a terminal")
                       ->needs(strategy);
  sub->add_flag("--quiet", opts->quiet, "no progress display")->excludes(progress)->needs(strategy);
  add_time_limit_option(sub, opts->time_limit, "the whole command")->needs(strategy);
  auto* histogram = sub->add_option("--histogram", opts->histogram, "write an SVG histogram to this file")
                        ->check(non_empty("a file name"));
  sub->add_option("--compare", opts->compare, "saved results drawn beside this one in --histogram")
      ->check(non_empty("a file name"))
      ->expected(1, -1)
      ->needs(histogram);
  sub->add_option("--save", opts->save, "save the (partial) result as JSON, for --merge")
      ->check(non_empty("a file name"));
  sub->add_option("--merge", opts->merge, "saved results to add (disjoint shards of the same evaluation)")
      ->check(non_empty("a file name"))
      ->expected(1, -1);
  sub->callback([opts, book, sub] {
    opts->book_given = book.given();
    opts->rules_given = any_given({sub->get_option("--preset"), sub->get_option("--grid"), sub->get_option("--fleet"),
                                   sub->get_option("--rule"), sub->get_option("--feedback")});
    run(*opts);
  });
}};

}  // namespace
}  // namespace battleship::cli::evaluate_command
