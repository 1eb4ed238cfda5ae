// battleship bounds: lower bounds on the optimal average number of shots from
// the shape of the decision tree (complete binary tree, Audinot et al. eq. 2;
// and the stronger hits-aware bound), on any grid.
#include <iostream>
#include <memory>

#include <nlohmann/json.hpp>

#include <battleship/solve/bounds.hpp>

#include "command.hpp"
#include "common.hpp"

// Named so that the commands can share one translation unit (a unity build).
namespace battleship::cli::bounds_command {
namespace {

struct bounds_cli_options {
  rule_options rules;
  bool json = false;
  deadline time_limit;
  std::size_t memory_limit = lower_bounds_memory_limit;
};

void run_bounds(const bounds_cli_options& opts) {
  const auto rules = opts.rules.make_rules();
  const auto obs = read_board_file(opts.rules.board_file, rules);
  const auto b =
      lower_bounds(rules, obs, lower_bounds_max_layouts,
                   opts.time_limit.interruption_check("the bounds were counting layouts"), opts.memory_limit);
  if (opts.json) {
    nlohmann::ordered_json out = rules_json(rules, obs);
    out["leaves"] = to_string(b.leaves);
    out["layouts"] = to_string(b.layouts);
    out["weighted"] = b.weighted;
    out["complete_tree"] = b.complete_tree.average();
    out["hits_aware"] = b.hits_aware.average();
    out["complete_tree_total"] = to_string(b.complete_tree.total);
    out["hits_aware_total"] = to_string(b.hits_aware.total);
    std::cout << out.dump(2) << '\n';
    return;
  }
  std::cout << describe(rules) << ", " << shots_seen(obs.shot_count()) << "\n"
            << "leaves: " << to_string(b.leaves) << (b.weighted ? " (weighted)" : "") << ", layouts "
            << to_string(b.layouts) << '\n'
            << "complete-tree bound: " << b.complete_tree.average() << " shots on average\n"
            << "hits-aware bound:    " << b.hits_aware.average() << " shots on average\n";
}

const command_registration registered{[](CLI::App& app) {
  auto* sub = app.add_subcommand("bounds", "lower bounds on the optimal average number of shots");
  auto opts = std::make_shared<bounds_cli_options>();
  opts->rules.add_to(sub);
  sub->add_flag("--json", opts->json, "print a JSON object (counts as decimal strings)");
  add_time_limit_option(sub, opts->time_limit, "the count, and the enumeration under the touching rule");
  add_memory_limit_option(sub, opts->memory_limit,
                          "the most the count, and under the touching rule the enumeration of every layout's cells "
                          "(about 48 bytes a layout), may take; checked before they start: past it, an error");
  sub->callback([opts] { run_bounds(*opts); });
}};

}  // namespace
}  // namespace battleship::cli::bounds_command
