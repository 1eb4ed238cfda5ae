// battleship solve: exact optimal play on a small grid (Audinot et al.'s
// Algorithm 2), optionally with the best greedy strategy beside it and the
// whole decision tree as text or Graphviz DOT.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include <battleship/solve/decision_tree.hpp>
#include <battleship/solve/greedy.hpp>
#include <battleship/solve/optimal.hpp>

#include "command.hpp"
#include "common.hpp"

// Named so that the commands can share one translation unit (a unity build).
namespace battleship::cli::solve_command {
namespace {

struct solve_cli_options {
  rule_options rules;
  std::string tree;  // "", "text" or "dot"
  bool greedy = false;
  bool no_symmetry = false;
  bool no_line_of_misses = false;
  bool json = false;
  bool progress = false;
  std::size_t memory_limit = solve_options{}.memory_limit;
  deadline time_limit;  // for the whole command: --greedy and --tree too
};

// "512.0 MiB": a table's size for people.
std::string mebibytes(std::uint64_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f MiB", static_cast<double>(bytes) / (1 << 20));
  return text;
}

void run_solve(const solve_cli_options& opts) {
  // The text output with --tree is the tree alone (dot goes straight to Graphviz).
  if (opts.greedy && !opts.tree.empty() && !opts.json)
    throw usage_error("--tree prints the tree alone: add --json to have --greedy's value beside it");
  const auto rules = opts.rules.make_rules();
  const auto obs = read_board_file(opts.rules.board_file, rules);
  const auto g = rules.geometry();
  solve_options so{!opts.no_symmetry, false, !opts.no_line_of_misses};
  so.memory_limit = opts.memory_limit;
  bool reported = false;
  if (opts.progress || opts.time_limit.set()) {
    // A callback every 4,096 searched states keeps the deadline to a few
    // milliseconds and costs nothing measurable.
    if (opts.time_limit.set()) so.progress_every = std::uint64_t{1} << 12;
    // The search knows no total: report what it has done, twice a second at most.
    const auto start = std::chrono::steady_clock::now();
    so.progress = [&reported, &opts, start, last = 0.0](const solve_progress& p) mutable {
      opts.time_limit.check([&p] {
        return "the search had stored " + std::to_string(p.states) + " states (" + mebibytes(p.table_bytes) +
               ") after " + std::to_string(p.nodes) + " searched";
      });
      const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (!opts.progress || elapsed - last < 0.5) return;
      last = elapsed;
      reported = true;
      std::fprintf(stderr, "\rsearching: %llu states (%s), %llu searched, %.1f s ",
                   static_cast<unsigned long long>(p.states), mebibytes(p.table_bytes).c_str(),
                   static_cast<unsigned long long>(p.nodes), p.seconds);
      std::fflush(stderr);
    };
  }
  solve_result r, greedy;
  std::string tree;
  try {
    r = solve_optimal(rules, obs, so);
    if (opts.greedy) greedy = solve_best_greedy(rules, obs, so);
    if (opts.tree == "text") tree = solve_tree(rules, obs, so).to_text();
    if (opts.tree == "dot") tree = solve_tree(rules, obs, so).to_dot();
  } catch (...) {
    if (reported) std::fprintf(stderr, "\n");  // the error starts on a line of its own
    throw;
  }
  if (reported) std::fprintf(stderr, "\n");
  const std::string first = r.first_shot < 0 ? "" : g.cell_name(r.first_shot);

  if (opts.json) {
    nlohmann::ordered_json out = rules_json(rules, obs);
    out["total_height"] = r.total_height;
    out["layouts"] = r.layouts;
    out["leaves"] = r.leaves;
    out["average"] = r.average();
    out["first_shot"] = first;
    out["states"] = r.states;
    out["nodes"] = r.nodes;
    out["table_bytes"] = r.table_bytes;
    out["seconds"] = r.seconds;
    if (opts.greedy) {
      out["greedy_total_height"] = greedy.total_height;
      out["greedy_average"] = greedy.average();
      out["greedy_first_shot"] = greedy.first_shot < 0 ? "" : g.cell_name(greedy.first_shot);
      out["greedy_seconds"] = greedy.seconds;
    }
    if (!opts.tree.empty()) out["tree"] = tree;
    std::cout << out.dump(2) << '\n';
    return;
  }
  if (!opts.tree.empty()) {
    std::cout << tree;
    return;
  }
  std::cout << describe(rules) << ", " << shots_seen(obs.shot_count()) << "\n"
            << "optimal total height: " << r.total_height << " over " << r.layouts << " layouts = " << r.average()
            << " shots on average\n"
            << "first shot:           " << (first.empty() ? "none (the fleet is sunk)" : first) << '\n';
  if (opts.greedy)
    std::cout << "best greedy:          " << greedy.total_height << " / " << greedy.layouts << " = " << greedy.average()
              << " (first shot " << (greedy.first_shot < 0 ? std::string("none") : g.cell_name(greedy.first_shot))
              << ")\n";
  std::cout << "states:               " << r.states << " (" << r.nodes << " searched) in " << r.seconds << " s, "
            << mebibytes(r.table_bytes) << " of table\n";
}

const command_registration registered{[](CLI::App& app) {
  auto* sub = app.add_subcommand(
      "solve",
      "exact optimal strategy on a tiny grid: refused past 64 cells or 4096 leaves, but time grows about 50-fold "
      "every 4 cells: two or three ships take seconds on 4x4, 4x5 with ships 2,1 about 100 s (docs/cli.md)");
  auto opts = std::make_shared<solve_cli_options>();
  opts->rules.add_to(sub);
  sub->add_option("--tree", opts->tree, "print the optimal decision tree: text or dot (alone; with --greedy, --json)")
      ->check(CLI::IsMember({"text", "dot"}));
  sub->add_flag("--greedy", opts->greedy, "also evaluate the best greedy strategy (most probable cell, best ties)");
  sub->add_flag("--no-symmetry", opts->no_symmetry, "do not reduce by the grid's symmetries");
  sub->add_flag("--no-line-of-misses", opts->no_line_of_misses,
                "do not cut the search with the bound from the line of misses (to measure it)");
  sub->add_flag("--json", opts->json, "print a JSON object");
  sub->add_flag("--progress", opts->progress, "report the search's progress on stderr");
  add_memory_limit_option(sub, opts->memory_limit, "the most the search's table may take; past it, an error");
  add_time_limit_option(sub, opts->time_limit, "the whole command: --greedy and --tree too");
  sub->callback([opts] { run_solve(*opts); });
}};

}  // namespace
}  // namespace battleship::cli::solve_command
