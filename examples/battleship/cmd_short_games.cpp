// battleship short-games: the exact chance that a deterministic strategy
// sinks the fleet within a few misses, on any board (count_short_games walks
// the game tree with exact counts instead of playing every layout).

#include <cstddef>
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <utility>

#include <battleship/analysis/short_games.hpp>
#include <battleship/density/exact_density.hpp>
#include <battleship/density/per_ship_density.hpp>
#include <battleship/strategy/density_greedy.hpp>
#include <battleship/strategy/row_scan.hpp>
#include <battleship/strategy/sweep.hpp>
#include <nlohmann/json.hpp>

#include "command.hpp"
#include "common.hpp"

// Named so that the commands can share one translation unit (a unity build).
namespace battleship::cli::short_games_command {
namespace {

using rules_t = dynamic_rules;

struct short_games_cli_options {
  rule_options rules;
  std::string strategy;
  int max_misses = 0;
  int threads = 0;
  std::int64_t hit_weight = per_ship_density_options{}.hit_weight;
  bool hit_weight_given = false;  // on the command line (refused with other strategies)
  bool json = false;
  bool progress = false;
  bool quiet = false;
  deadline time_limit;
  std::size_t memory_limit = exact_counter<rules_t>::default_memory_limit;
};

void draw_progress(const short_games_progress& p) {
  std::fprintf(stderr, "\r%5.1f%% of the layouts settled  %llu positions  %.1f s ", 100.0 * p.settled,
               static_cast<unsigned long long>(p.positions), p.seconds);
  std::fflush(stderr);
}

short_games_result walk(const short_games_cli_options& opts, const rules_t& rules) {
  if (opts.max_misses < 0) throw usage_error("--max-misses cannot be negative");
  if (opts.threads < 0) throw usage_error("--threads cannot be negative");
  // Another strategy's option is refused before its value is judged.
  check_hit_weight(opts.hit_weight, opts.hit_weight_given, opts.strategy == "per-ship-density",
                   "--hit-weight applies to per-ship-density only");
  short_games_options o;
  o.max_misses = opts.max_misses;
  o.threads = opts.threads;
  o.strategy_name = opts.strategy;
  o.memory_limit = opts.memory_limit;
  const bool show = shows_progress(opts.progress, opts.quiet);
  bool drawn = false;  // a progress line is on stderr
  if (show || opts.time_limit.set()) {
    o.progress_interval = opts.time_limit.check_interval(o.progress_interval);
    // Drawn every half second at most, and at the end, as without a deadline.
    o.progress = [&opts, &drawn, show, last = 0.0](const short_games_progress& p) mutable {
      const bool finished = p.settled >= 1;  // the call at the end
      if (!finished)
        opts.time_limit.check([&p] {
          char how_far[96];
          std::snprintf(how_far, sizeof how_far, "%.1f%% of the layouts settled, %llu positions walked",
                        100.0 * p.settled, static_cast<unsigned long long>(p.positions));
          return std::string(how_far);
        });
      if (show && (finished || p.seconds - last >= 0.5)) {
        last = p.seconds;
        drawn = true;
        draw_progress(p);
      }
    };
  }
  const auto run = [&](const auto& strategy) {
    try {
      auto r = count_short_games(rules, strategy, o);
      if (show) std::fprintf(stderr, "\n");
      return r;
    } catch (...) {
      if (drawn) std::fprintf(stderr, "\n");  // the error starts on a line of its own
      throw;
    }
  };
  const std::string& s = opts.strategy;
  if (s == "row-scan") return run(row_scan<rules_t>(rules));
  if (s == "sweep") return run(sweep<rules_t>(rules, sweep_clearing::four_directions));
  if (s == "sweep-horizontal-first") return run(sweep<rules_t>(rules, sweep_clearing::horizontal_first));
  if (s == "per-ship-density")  // deterministic: ties to the lowest cell
    return run(density_greedy(rules, per_ship_density<rules_t>(rules, per_ship_density_options{opts.hit_weight}),
                              tie_break::lowest_cell));
  if (s == "exact-greedy") {
    // Its own counts (a matrix a shot) stop at the deadline too: the first
    // shot's alone can outlast a short limit on a large board.
    exact_density<rules_t> model(rules);
    model.set_interruption_check(opts.time_limit.interruption_check("exact-greedy was choosing a shot"));
    model.set_memory_limit(opts.memory_limit);
    return run(density_greedy(rules, std::move(model), tie_break::lowest_cell));
  }
  throw usage_error("unknown strategy '" + s + "'");
}

// "2631555" for a chance of 3.8e-7, "45.5" for 0.022; "never" for 0. Past
// 10^15, where a double's digits run out before the integer's, in
// scientific notation ("1.00788e+25"), not as an integer it is not.
std::string one_in(count_type games, count_type layouts) {
  if (games == 0) return "never";
  const double x = ratio(layouts, games);
  char buf[32];
  std::snprintf(buf, sizeof buf, x < 100 ? "%.3g" : x < 1e15 ? "%.0f" : "%.6g", x);
  return buf;
}

void run(const short_games_cli_options& opts) {
  const rules_t rules = opts.rules.make_rules();
  const short_games_result r = walk(opts, rules);
  if (opts.json) {
    nlohmann::ordered_json out = rules_json(rules);
    out["strategy"] = r.strategy;
    out["rules"] = r.rules;
    out["ship_cells"] = r.ship_cells;
    out["max_misses"] = r.max_misses;
    out["layouts"] = to_string(r.layouts);
    out["games"] = nlohmann::ordered_json::array();
    for (int m = 0; m <= r.max_misses; ++m)
      out["games"].push_back({{"misses", m},
                              {"shots", r.ship_cells + m},
                              {"layouts", to_string(r.games[static_cast<std::size_t>(m)])},
                              {"probability", r.probability(m)}});
    out["longer"] = to_string(r.longer);
    out["positions"] = r.positions;
    out["seconds"] = r.seconds;
    std::cout << out.dump(2) << '\n';
    return;
  }
  std::printf("%s on %s: games of at most %d shots (%d %s), exactly\n", r.strategy.c_str(), r.rules.c_str(),
              r.ship_cells + r.max_misses, r.max_misses, r.max_misses == 1 ? "miss" : "misses");
  std::printf("layouts   %s labelled, equally likely\n", to_string(r.layouts).c_str());
  std::printf("%6s %6s %22s %14s %16s\n", "misses", "shots", "layouts", "probability", "one game in");
  for (int m = 0; m <= r.max_misses; ++m) {
    const count_type g = r.games[static_cast<std::size_t>(m)];
    std::printf("%6d %6d %22s %14s %16s\n", m, r.ship_cells + m, to_string(g).c_str(),
                written_share(g, r.layouts, 6).c_str(), one_in(g, r.layouts).c_str());
  }
  std::printf("%6s %6s %22s %14s\n", "more", "", to_string(r.longer).c_str(),
              written_share(r.longer, r.layouts, 6).c_str());
  std::printf("positions %llu walked in %.2f s\n", static_cast<unsigned long long>(r.positions), r.seconds);
}

const command_registration registered{[](CLI::App& app) {
  auto* sub = app.add_subcommand("short-games",
                                 "exact chance that a deterministic strategy wins within a few misses, on any board");
  auto opts = std::make_shared<short_games_cli_options>();
  sub->add_option("--strategy", opts->strategy,
                  "row-scan, sweep, sweep-horizontal-first, per-ship-density or exact-greedy (ties to the lowest "
                  "cell)")
      ->check(CLI::IsMember({"row-scan", "sweep", "sweep-horizontal-first", "per-ship-density", "exact-greedy"}))
      ->required();
  opts->rules.add_to(sub, true, false);
  sub->add_option("--max-misses", opts->max_misses,
                  "count the games of up to this many misses; longer ones are counted together")
      ->transform(whole_number(opts->max_misses))
      ->capture_default_str();
  sub->add_option("--threads", opts->threads, "worker threads (0: one per hardware thread)")
      ->transform(whole_number(opts->threads))
      ->capture_default_str();
  auto* hit_weight =
      add_hit_weight_option(sub, opts->hit_weight, "per-ship-density: weight factor per hit a placement covers")
          ->capture_default_str();
  sub->add_flag("--json", opts->json, "print a JSON object (counts as decimal strings)");
  auto* progress =
      sub->add_flag("--progress", opts->progress, "show progress on stderr even when it is not a terminal");
  sub->add_flag("--quiet", opts->quiet, "no progress display")->excludes(progress);
  add_time_limit_option(sub, opts->time_limit, "the whole command");
  add_memory_limit_option(sub, opts->memory_limit,
                          "the most each thread's exact counter may take, and exact-greedy's own (one copy a thread)");
  sub->callback([opts, hit_weight] {
    opts->hit_weight_given = hit_weight->count() > 0;
    run(*opts);
  });
}};

}  // namespace
}  // namespace battleship::cli::short_games_command
