// battleship: count, reason about and play Battleship from the command line.
#include <cstdio>
#include <exception>
#include <iostream>
#include <new>
#include <stdexcept>
#include <string>
#include <system_error>

#include "board_file.hpp"
#include "command.hpp"
#include "printable.hpp"

namespace {
// CLI11's "--grid: At Most 1 required but received 2" in the tool's words,
// naming an option by each of its names (--colour or --color), since the
// user may have typed either.
std::string option_given_twice(const CLI::App& app, const std::string& message) {
  const std::string marker = ": At Most 1 required but received ";
  const auto at = message.find(marker);
  if (at == std::string::npos) return message;
  std::string name = message.substr(0, at);
  for (const CLI::App* sub : app.get_subcommands())
    if (const CLI::Option* option = sub->get_option_no_throw(name); option != nullptr) {
      name.clear();
      for (const auto& alias : option->get_lnames()) name += (name.empty() ? "--" : " or --") + alias;
      break;
    }
  return name + " is given " + message.substr(at + marker.size()) + " times; give it once";
}
}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"battleship: exact counting, densities, strategies and solvers for the game of Battleship"};
  app.require_subcommand(1);
  for (auto& add : battleship::cli::registered_commands()) add(app);
  try {
    // CLI11 would call a mistyped subcommand "A subcommand is required".
    if (argc > 1 && argv[1][0] != '-') {
      try {
        (void)app.get_subcommand(argv[1]);
      } catch (const CLI::OptionNotFound&) {
        throw CLI::ValidationError(std::string("unknown subcommand '") + argv[1] + "' (battleship --help lists them)");
      }
    }
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ArgumentMismatch& e) {
    std::cerr << "battleship: error: " << battleship::cli::printable(option_given_twice(app, e.what())) << '\n';
    return 2;
  } catch (const CLI::ParseError& e) {
    std::cerr << "battleship: error: " << battleship::cli::printable(e.what()) << '\n';
    return e.get_exit_code() == 0 ? 0 : 2;
  } catch (const std::bad_alloc&) {
    // what() says only "std::bad_alloc"; the usual cause is a count option,
    // or a memory limit (8 GiB by default) past the machine's memory.
    std::cerr << "battleship: error: out of memory (is a count such as --samples or --threads too large, or "
                 "--memory-limit above what this machine has?)\n";
    return 1;
  } catch (const std::system_error& e) {
    // std::thread's only failure: what() names no thread ("Resource
    // temporarily unavailable"), so say which count to lower.
    const bool no_thread = e.code() == std::errc::resource_unavailable_try_again;
    std::cerr << "battleship: error: " << (no_thread ? "could not start a thread (" : "")
              << battleship::cli::printable(e.what()) << (no_thread ? "): try fewer --threads" : "") << '\n';
    return 1;
  } catch (const std::length_error& e) {
    // The library tells its caller to "raise the limit" (or, past the
    // occupancy matrix's, to "count without it", which no subcommand that
    // maps densities can): here that limit is --memory-limit.
    std::string message = e.what();
    const auto* sub = app.get_subcommands().empty() ? nullptr : app.get_subcommands().front();
    if (sub != nullptr && sub->get_option_no_throw("--memory-limit") != nullptr)
      for (const std::string advice : {"count without it, or raise the limit", "raise the limit"})
        if (message.ends_with(advice)) {
          message.replace(message.size() - advice.size(), advice.size(), "raise --memory-limit");
          break;
        }
    std::cerr << "battleship: error: " << battleship::cli::printable(message) << '\n';
    return 1;
  } catch (const battleship::inconsistent_observation& e) {
    const std::string& hint = battleship::cli::board_hint();
    std::cerr << "battleship: error: " << e.what() << (hint.empty() ? "" : " (" + hint + ")") << '\n';
    return 1;
  } catch (const std::exception& e) {
    // One line, whatever the message quotes (an argument, a path).
    std::cerr << "battleship: error: " << battleship::cli::printable(e.what()) << '\n';
    return 1;
  }
  // A full disk fails the writes, not the command: a script reading the
  // output must not take what is missing for the whole of it.
  std::cout.flush();
  if (std::fflush(stdout) != 0 || std::ferror(stdout) || !std::cout) {
    std::cerr << "battleship: error: cannot write the output to standard output (is the disk full?)\n";
    return 1;
  }
  return 0;
}
