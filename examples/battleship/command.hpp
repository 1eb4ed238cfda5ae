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
// into one line on stderr and exit status 1 (2 for bad arguments).

#include <functional>
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

}  // namespace battleship::cli
