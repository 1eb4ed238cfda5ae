// battleship density: the probability that each cell holds a ship, as a
// heat map (ANSI colours on a terminal, a plain grid otherwise) or JSON.
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>

#include <nlohmann/json.hpp>

#include <battleship/core/random_layout.hpp>
#include <battleship/density/monte_carlo_density.hpp>
#include <battleship/density/per_ship_density.hpp>

#include "command.hpp"
#include "common.hpp"

// Named so that the commands can share one translation unit (a unity build).
namespace battleship::cli::density_command {
namespace {

using board = dynamic_rules::board_type;

struct density_options {
  rule_options rules;
  std::string model = "exact";
  std::string method = default_count_method();
  std::uint64_t seed = 1;
  int samples = 10'000;
  bool json = false;
  std::string colour = "auto";
  std::uint64_t edge_weight = 1;  // the exact model's prior (edge_prior): 1 is uniform
  std::int64_t hit_weight = per_ship_density_options{}.hit_weight;  // the per-ship model's
  std::size_t memory_limit = exact_counter<dynamic_rules>::default_memory_limit;
  bool memory_limit_given = false;
  deadline time_limit;
  bool draws_given = false;        // --seed or --samples on the command line
  bool edge_weight_given = false;  // --edge-weight, even at its default
  bool hit_weight_given = false;   // --hit-weight, even at its default
  bool method_given = false;       // --method, even at its default
  bool colour_given = false;       // --colour (--color), even at its default
};

// Per-cell values from the chosen model: probabilities (exact and Monte
// Carlo), or for a heuristic model its raw weights and those weights relative
// to the highest; plus the exact counts when the model is exact.
struct density_result {
  std::vector<double> probability;  // or relative weights when !is_probability
  bool is_probability = true;
  std::vector<double> raw;  // the heuristic model's weights
  std::optional<count_result> counts;
};

// The options that do not go together (exit status 2), checked before the
// board is read.
void check_options(const density_options& opts) {
  if (opts.colour_given && opts.json) throw usage_error("--colour colours the heat map, which --json does not print");
  if (opts.edge_weight_given && opts.model != "exact")
    throw usage_error("--edge-weight is a prior of the exact model, not of --model " + opts.model);
  check_hit_weight(opts.hit_weight, opts.hit_weight_given, opts.model == "per-ship",
                   "--hit-weight is the per-ship model's, not --model " + opts.model + "'s");
  if (opts.method_given && opts.model != "exact")
    throw usage_error("--method chooses the exact model's counter; --model " + opts.model + " counts nothing");
  if (opts.draws_given && opts.model != "monte-carlo")
    throw usage_error("--seed and --samples are the monte-carlo model's; --model " + opts.model + " draws nothing");
  // --memory-limit and --time-limit act on the exact counter's and the
  // sampler's passes, which the per-ship model and the enumerators do not run.
  const bool runs_no_passes = opts.model == "per-ship" || (opts.model == "exact" && opts.method != "exact");
  const std::string which = opts.model == "per-ship" ? "--model per-ship" : "--method " + opts.method;
  if (opts.memory_limit_given && runs_no_passes)
    throw usage_error("--memory-limit bounds the exact counter's and sampler's tables; " + which + " keeps none");
  if (opts.time_limit.set() && runs_no_passes)
    throw usage_error("--time-limit stops the exact counter's and sampler's passes; " + which + " cannot be stopped");
  if (opts.model == "monte-carlo" && opts.samples < 1) throw usage_error("--samples must be at least 1");
  if (opts.model != "exact" && opts.model != "monte-carlo" && opts.model != "per-ship")
    throw usage_error("unknown model '" + opts.model + "' (exact, monte-carlo or per-ship)");
}

density_result compute(const density_options& opts, const dynamic_rules& rules, const observation<board>& obs) {
  density_result out;
  const int cells = rules.geometry().cell_count();
  if (opts.model == "exact") {
    auto counts = count_layouts(rules, obs, true, opts.method, opts.edge_weight, opts.memory_limit, opts.time_limit);
    if (counts.labelled == 0 && opts.edge_weight == 0)
      throw std::invalid_argument("no layout keeps every ship off the border (--edge-weight 0)");
    if (counts.labelled == 0)
      throw std::invalid_argument("no layout exists: the fleet cannot be placed on the grid (" + describe(rules) + ")");
    out.probability.resize(static_cast<std::size_t>(cells));
    for (int c = 0; c < cells; ++c) out.probability[static_cast<std::size_t>(c)] = counts.probability(c);
    out.counts = std::move(counts);
    return out;
  }
  if (opts.model == "monte-carlo") {
    monte_carlo_density<dynamic_rules> model(rules, opts.seed, opts.samples);
    model.set_memory_limit(opts.memory_limit);
    model.set_interruption_check(  // the sampler's passes and its batch of draws
        opts.time_limit.interruption_check("the Monte Carlo model had not drawn its samples"));
    out.probability = model.weights(obs);
    // The model leaves shot cells at 0; a hit cell certainly holds a ship.
    obs.hits().for_each([&](std::size_t c) { out.probability.at(c) = 1.0; });
  } else if (opts.model == "per-ship") {
    // The per-ship model maps any fleet, even one no layout can hold (every
    // ship has room alone): refuse a fleet that fits nowhere, as the other
    // models and commands do, by the samplers' cheap search (nullopt, not
    // false, when its budget runs out).
    if (battleship::detail::some_layout_exists(rules, placement_table<dynamic_rules>(rules)) == false)
      throw std::invalid_argument("no layout exists: the fleet cannot be placed on the grid (" + describe(rules) + ")");
    // A board whose hits are as many as the fleet's cells is a finished game
    // only if a layout lies on them, which this model cannot tell: the exact
    // counter says, cheaply (every layout must cover the hits alone).
    if (obs.hits().count() == total_ship_cells(rules.fleet)) (void)count_layouts(rules, obs, false, "exact");
    per_ship_density<dynamic_rules> model(rules, per_ship_density_options{opts.hit_weight});
    out.raw = model.weights(obs);
    out.is_probability = false;
    const double top = out.raw.empty() ? 0.0 : *std::max_element(out.raw.begin(), out.raw.end());
    if (!(top > 0)) {
      // With a cell left to shoot, some ship fits nowhere; with every cell
      // shot the board is finished, not inconsistent.
      if (obs.shots().count() < cells) throw inconsistent_observation();
      out.probability.assign(static_cast<std::size_t>(cells), 0.0);
      return out;
    }
    for (double w : out.raw) out.probability.push_back(w / top);
  } else {
    throw std::logic_error("model " + opts.model + " passed check_options");
  }
  if (out.probability.size() != static_cast<std::size_t>(cells))
    throw std::logic_error("model " + opts.model + " returned the wrong number of cells");
  for (double p : out.probability)
    if (!std::isfinite(p)) throw std::logic_error("model " + opts.model + " returned a non-finite weight");
  return out;
}

// The unshot cell of highest weight, or -1 when every cell was shot.
int best_cell(const std::vector<double>& p, const observation<board>& obs) {
  int best = -1;
  for (int c = 0; c < static_cast<int>(p.size()); ++c)
    if (!obs.shots().test(static_cast<std::size_t>(c)) &&
        (best < 0 || p[static_cast<std::size_t>(c)] > p[static_cast<std::size_t>(best)]))
      best = c;
  return best;
}

// A 256-colour ramp from cold (dark blue) to hot (red).
constexpr int ramp[] = {17, 18, 19, 20,  21,  27,  33,  39,  45,  51,  50,  49, 48,
                        47, 46, 82, 118, 154, 190, 226, 220, 214, 208, 202, 196};

void print_heat_map(const dynamic_rules& rules, const observation<board>& obs, const std::vector<double>& p,
                    bool colour) {
  const auto g = rules.geometry();
  double top = 0;
  for (int c = 0; c < g.cell_count(); ++c)
    if (!obs.shots().test(static_cast<std::size_t>(c))) top = std::max(top, p[static_cast<std::size_t>(c)]);
  std::printf("   ");
  for (int col = 0; col < g.width(); ++col) std::printf("%5d", col + 1);
  std::printf("\n");
  for (int row = 0; row < g.height(); ++row) {
    std::printf("%c  ", 'A' + row);
    for (int col = 0; col < g.width(); ++col) {
      const int c = g.cell(row, col);
      const double v = p[static_cast<std::size_t>(c)];
      char text[16];
      if (obs.hits().test(static_cast<std::size_t>(c)))
        std::snprintf(text, sizeof text, "%5s", "X");
      else if (obs.misses().test(static_cast<std::size_t>(c)))
        std::snprintf(text, sizeof text, "%5s", "-");
      else if (v >= 0.9995)
        std::snprintf(text, sizeof text, "%5s", "100");
      else
        std::snprintf(text, sizeof text, "%5.1f", 100.0 * v);
      if (!colour) {
        std::printf("%s", text);
        continue;
      }
      if (obs.shots().test(static_cast<std::size_t>(c))) {
        std::printf("\x1b[48;5;%dm\x1b[38;5;231m%s\x1b[0m", obs.hits().test(static_cast<std::size_t>(c)) ? 88 : 236,
                    text);
        continue;
      }
      const double t = top > 0 ? v / top : 0;
      const int n = static_cast<int>(std::size(ramp));
      const int k = std::clamp(static_cast<int>(t * (n - 1) + 0.5), 0, n - 1);
      const int fg = k >= 9 ? 16 : 231;  // dark text on the bright half of the ramp
      std::printf("\x1b[48;5;%dm\x1b[38;5;%dm%s\x1b[0m", ramp[k], fg, text);
    }
    std::printf("\n");
  }
}

void run_density(const density_options& opts) {
  const auto rules = opts.rules.make_rules();
  check_options(opts);
  const auto obs = read_board_file(opts.rules.board_file, rules);
  const auto result = compute(opts, rules, obs);
  // Once every ship cell is hit the game is over: no shot is left to choose.
  const bool fleet_sunk = obs.hits().count() == total_ship_cells(rules.fleet);
  const int best = fleet_sunk ? -1 : best_cell(result.probability, obs);
  const auto g = rules.geometry();
  if (opts.json) {
    nlohmann::ordered_json out = rules_json(rules, obs);
    out["model"] = opts.model;
    if (result.counts) {
      out["method"] = opts.method;
      if (opts.edge_weight != 1) out["edge_weight"] = opts.edge_weight;
      out["labelled"] = to_string(result.counts->labelled);
      out["unlabelled"] = to_string(result.counts->unlabelled);
      auto& occ = out["occupancy"] = nlohmann::ordered_json::array();
      for (auto v : result.counts->occupancy) occ.push_back(to_string(v));
    } else if (opts.model == "monte-carlo") {
      out["seed"] = opts.seed;
      out["samples"] = opts.samples;
    } else if (opts.model == "per-ship") {
      out["hit_weight"] = opts.hit_weight;
    }
    if (result.is_probability) {
      out["probability"] = result.probability;
    } else {
      out["weights"] = result.raw;
      out["relative"] = result.probability;
    }
    out["best"] = best >= 0 ? nlohmann::ordered_json(g.cell_name(best)) : nlohmann::ordered_json(nullptr);
    std::cout << out.dump(2) << '\n';
    return;
  }
  const bool colour = opts.colour == "always" || (opts.colour == "auto" && isatty(STDOUT_FILENO) != 0);
  std::cout << describe(rules) << ", " << shots_seen(obs.shot_count()) << ", model " << opts.model;
  if (opts.edge_weight != 1) std::cout << ", placements on the border weigh " << opts.edge_weight;
  if (opts.model == "per-ship") std::cout << ", hit weight " << opts.hit_weight;
  std::cout << '\n';
  if (result.counts)
    std::cout << (opts.edge_weight != 1 ? "weighted layouts: " : "layouts: ") << to_string(result.counts->labelled)
              << " labelled, " << to_string(result.counts->unlabelled) << " unlabelled\n";
  std::cout << (result.is_probability ? "percent chance that each cell holds a ship"
                                      : "weight of each cell, percent of the highest")
            << " (X hit, - miss):\n"
            << std::flush;
  print_heat_map(rules, obs, result.probability, colour);
  std::fflush(stdout);
  if (fleet_sunk) std::printf("every ship cell is hit: the game is over\n");
  if (best >= 0) {
    std::printf("best next shot: %s", g.cell_name(best).c_str());
    if (result.is_probability)
      std::printf(" (%.1f%% chance of a hit)", 100.0 * result.probability[static_cast<std::size_t>(best)]);
    std::printf("\n");
  }
}

const command_registration registered{[](CLI::App& app) {
  auto* sub = app.add_subcommand("density", "heat map: the chance that each cell holds a ship");
  auto opts = std::make_shared<density_options>();
  opts->rules.add_to(sub);
  sub->add_option("--model", opts->model, "exact, monte-carlo or per-ship")
      ->check(CLI::IsMember({"exact", "monte-carlo", "per-ship"}))
      ->capture_default_str();
  auto* method = sub->add_option("--method", opts->method,
                                 "counter for the exact model: exact (dynamic programme), bitset or recursive "
                                 "(brute force)")
                     ->check(CLI::IsMember(count_methods()))
                     ->capture_default_str();
  auto* edge_weight =
      sub->add_option("--edge-weight", opts->edge_weight,
                      "prior of the exact model (with --method exact): a layout weighs the product of its ships' "
                      "weights, and a ship touching the border weighs this much (any other 1; 1 makes every layout "
                      "alike, 0 keeps ships off the border)")
          ->transform(whole_number_u64())
          ->capture_default_str();
  auto* hit_weight =
      add_hit_weight_option(sub, opts->hit_weight,
                            "the per-ship model's factor per hit a placement covers (DataGenetics' hit weighting)")
          ->capture_default_str();
  auto* seed = sub->add_option("--seed", opts->seed, "random seed of the monte-carlo model")
                   ->transform(whole_number_u64())
                   ->capture_default_str();
  auto* samples = sub->add_option("--samples", opts->samples, "layouts drawn by the monte-carlo model")
                      ->transform(whole_number(opts->samples))
                      ->capture_default_str();
  auto* colour = sub->add_option("--colour,--color", opts->colour, "auto (when stdout is a terminal), always or never")
                     ->check(CLI::IsMember({"auto", "always", "never"}))
                     ->capture_default_str();
  auto* limit = add_memory_limit_option(sub, opts->memory_limit,
                                        "the most the exact model's layers (or the monte-carlo sampler's tables) may "
                                        "take: below what they need whole, checkpoints; below those, an error");
  add_time_limit_option(sub, opts->time_limit, "the exact counter's or the sampler's passes");
  sub->add_flag("--json", opts->json, "print a JSON object (occupancy as decimal strings)");
  sub->callback([opts, limit, seed, samples, edge_weight, hit_weight, method, colour] {
    opts->colour_given = colour->count() > 0;
    opts->memory_limit_given = limit->count() > 0;
    opts->hit_weight_given = hit_weight->count() > 0;
    opts->method_given = method->count() > 0;
    opts->edge_weight_given = edge_weight->count() > 0;
    opts->draws_given = any_given({seed, samples});
    run_density(*opts);
  });
}};

}  // namespace
}  // namespace battleship::cli::density_command
