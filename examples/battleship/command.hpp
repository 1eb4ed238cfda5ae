#pragma once
// How a subcommand joins the tool: a cmd_<name>.cpp file holds
//
//   namespace {
//   const battleship::cli::command_registration registered{[](CLI::App& app) {
//     auto* sub = app.add_subcommand("name", "one-line description");
//     auto opts = std::make_shared<my_options>();   // outlives this lambda
//     sub->add_option(...);
//     sub->callback([opts] { run(*opts); });        // may throw: main reports it
//   }};
//   }
//
// main() adds every registered subcommand, parses, and turns any exception
// into one line on stderr and exit status 1 (2 for bad arguments: CLI11's
// parse errors, usage_error among them).

#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

namespace battleship::cli {

using command_adder = std::function<void(CLI::App&)>;

inline std::vector<command_adder>& registered_commands() {
  static std::vector<command_adder> commands;
  return commands;
}

struct command_registration {
  explicit command_registration(command_adder add) { registered_commands().push_back(std::move(add)); }
};

// A refusal decided from the command line alone, before any file is read or
// anything counted (a malformed --grid, options that do not go together, rules
// that cannot be built): one of CLI11's own parse errors, which main()
// reports with exit status 2, where every other error exits with 1.
struct usage_error : CLI::ValidationError {
  explicit usage_error(const std::string& what) : CLI::ValidationError(what) {}
};

// Calls `make` and reports the library's refusal of what the command line
// gave it (std::invalid_argument: a ship longer than the grid, a sweep order
// naming a cell twice) as a usage_error.
template <class Make>
decltype(auto) as_usage(Make&& make) {
  try {
    return std::forward<Make>(make)();
  } catch (const std::invalid_argument& e) {
    throw usage_error(e.what());
  }
}

}  // namespace battleship::cli
