// battleship count: how many layouts agree with what is known.
#include <iostream>
#include <memory>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "command.hpp"
#include "common.hpp"

// Named so that the commands can share one translation unit (a unity build).
namespace battleship::cli::count_command {
namespace {

struct count_options {
  rule_options rules;
  std::string method = default_count_method();
  std::size_t memory_limit = exact_counter<dynamic_rules>::default_memory_limit;
  bool memory_limit_given = false;
  deadline time_limit;
  bool json = false;
};

void run_count(const count_options& opts) {
  const auto rules = opts.rules.make_rules();
  if (opts.memory_limit_given && opts.method != "exact")
    throw usage_error("--memory-limit bounds the exact counter's memory; --method " + opts.method + " keeps nothing");
  if (opts.time_limit.set() && opts.method != "exact")
    throw usage_error("--time-limit stops the exact counter; --method " + opts.method + " cannot be stopped");
  const auto obs = read_board_file(opts.rules.board_file, rules);  // after the command line's own checks
  const auto result = count_layouts(rules, obs, false, opts.method, 1, opts.memory_limit, opts.time_limit);
  if (opts.json) {
    nlohmann::ordered_json out = rules_json(rules, obs);
    out["method"] = opts.method;
    out["labelled"] = to_string(result.labelled);
    out["unlabelled"] = to_string(result.unlabelled);
    std::cout << out.dump(2) << '\n';
    return;
  }
  std::cout << describe(rules) << ", " << shots_seen(obs.shot_count()) << "\n"
            << "labelled layouts (every ship distinct):      " << to_string(result.labelled) << '\n'
            << "unlabelled layouts (equal lengths alike):    " << to_string(result.unlabelled) << '\n';
}

const command_registration registered{[](CLI::App& app) {
  auto* sub = app.add_subcommand("count", "count the fleet layouts that agree with a board");
  auto opts = std::make_shared<count_options>();
  opts->rules.add_to(sub);
  sub->add_option("--method", opts->method, "counter: exact (dynamic programme), bitset or recursive (brute force)")
      ->check(CLI::IsMember(count_methods()))
      ->capture_default_str();
  auto* limit = add_memory_limit_option(sub, opts->memory_limit,
                                        "the most the exact counter's states and closed-form tables may take; past "
                                        "it, an error");
  add_time_limit_option(sub, opts->time_limit, "--method exact");
  sub->add_flag("--json", opts->json, "print a JSON object (counts as decimal strings)");
  sub->callback([opts, limit] {
    opts->memory_limit_given = limit->count() > 0;
    run_count(*opts);
  });
}};

}  // namespace
}  // namespace battleship::cli::count_command
