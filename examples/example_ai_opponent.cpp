// An AI opponent for a game against a person, as a game would embed it.
//
// The AI hides its own fleet (a uniformly random legal layout, so there is no
// habit to learn) and fires at the person's. It never sees the person's
// layout, only the answers it is told: each shot is the unshot cell most
// likely to hold a ship given every answer so far (hits, misses and which
// ship sank), under the exact posterior. Answers that no layout fits are
// caught and reported instead of being played on. With a time budget per
// move, a move whose exact count would overrun it is stopped between the
// counter's steps and played from DataGenetics' heat map instead (a few
// microseconds): the pattern for boards or machines where the exact
// posterior is not always fast enough. (The heat map catches fewer
// impossible answers: the next exact move catches the rest, or the count at
// the end when the AI sinks every ship; a lie in a game the person wins
// before either goes unseen.)
//
//   example_ai_opponent                   # unattended: a scripted opponent answers and shoots back
//   example_ai_opponent --interactive     # play it at the terminal
//   example_ai_opponent --budget-ms 5     # either, with at most about 5 ms of exact counting a move
#include <cctype>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <optional>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>

#include <battleship/solver.hpp>

using namespace battleship;

using rules_t = datagenetics_rules;  // 10x10, ships 5,4,3,3,2, ships may touch, sunk ships named
using board_t = rules_t::board_type;

// The other side of the table, scripted: its own hidden fleet (refereed here
// only to produce its answers) and a hunt/target attack.
class scripted_opponent {
 public:
  scripted_opponent(const rules_t& rules, std::uint64_t seed)
      : fleet_(rules, random_fleet(rules, seed)), attack_(rules, seed) {}
  shot_result answer(int cell) { return fleet_.shoot(cell); }
  int shoot(const observation<board_t>& seen) { return attack_.next_shot(seen); }
  void hear(int cell, shot_result r, const observation<board_t>& seen) { notify_result(attack_, cell, r, seen); }

 private:
  static layout random_fleet(const rules_t& rules, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    return uniform_defense(rules).place(rng);
  }
  game<rules_t> fleet_;
  hunt_target<rules_t> attack_;
};

// The other side of the table, a person at the terminal.
class terminal_opponent {
 public:
  explicit terminal_opponent(const rules_t& rules) : rules_(rules) {}

  shot_result answer(int cell) {
    for (;;) {
      std::istringstream words(ask("I fire at " + rules_.geometry().cell_name(cell) +
                                   ". Your answer (hit, miss, or sunk and the ship's name): "));
      std::string word, ship;
      words >> word >> ship;
      for (char& c : word) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));  // as ship names
      if (word == "hit") return shot_result::hit();
      if (word == "miss") return shot_result::miss();
      if (word == "sunk") {
        if (const int i = find_ship(rules_.fleet, ship); i >= 0) {
          // A slip worth asking again, not an impossible answer to end the game on.
          if ((told_sunk_ >> i & 1U) != 0) {
            std::cout << "  You already told me the " << rules_.fleet.name(i) << " sank\n";
            continue;
          }
          told_sunk_ |= 1U << i;
          return shot_result::sunk(i);
        }
        std::cout << "  Which ship? One of:";
        for (int i = 0; i < rules_.ship_count(); ++i) std::cout << ' ' << rules_.fleet.name(i);
        std::cout << '\n';
      } else {
        std::cout << "  Please answer hit, miss, or sunk and the ship's name\n";
      }
    }
  }

  int shoot(const observation<board_t>& seen) {
    for (;;) {
      std::string where = ask("Your shot (a cell such as B7): ");
      // Blanks around a cell are not part of it, nor a Windows line's \r (as
      // the answers, read word by word, already skip it).
      where.erase(0, where.find_first_not_of(" \t\r"));
      where.erase(where.find_last_not_of(" \t\r") + 1);
      const auto cell = rules_.geometry().parse_cell(where);
      if (where.empty())
        std::cout << "  name a cell to fire at\n";
      else if (!cell)
        std::cout << "  " << where << " is not a cell of the board\n";
      else if (seen.shots().test(static_cast<std::size_t>(*cell)))
        std::cout << "  You have already fired at " << where << '\n';
      else
        return *cell;
    }
  }

  void hear(int cell, shot_result r, const observation<board_t>&) {
    std::cout << "  " << rules_.geometry().cell_name(cell) << ": "
              << (r.kind == outcome::miss  ? "miss"
                  : r.kind == outcome::hit ? "hit"
                                           : "hit, and you sank my " + std::string(rules_.fleet.name(r.ship)))
              << '\n';
  }

 private:
  std::string ask(const std::string& prompt) {
    std::cout << prompt << std::flush;
    std::string line;
    if (!std::getline(std::cin, line)) throw std::runtime_error("the opponent left the game");
    return line;
  }
  rules_t rules_;
  unsigned told_sunk_ = 0;  // the ships the person has announced sunk, by index
};

// The AI's choice of shot: the exact posterior's likeliest cell, or, when
// a budget is set and the count overruns it, the heat map's.
class budgeted_ai {
 public:
  using clock = std::chrono::steady_clock;
  budgeted_ai(const rules_t& rules, std::optional<std::chrono::milliseconds> budget)
      : exact_(rules), heat_map_(rules), budget_(budget) {
    // Called between the counter's steps (at most a few ms apart on 10x10):
    // throwing stops the count, and the counter is fit for the next one.
    if (budget_)
      exact_.set_interruption_check([this] {
        if (clock::now() > deadline_) throw out_of_time{};
      });
  }
  budgeted_ai(const budgeted_ai&) = delete;  // the check above holds `this`
  budgeted_ai& operator=(const budgeted_ai&) = delete;

  int next_shot(const observation<board_t>& seen) {
    if (budget_) {
      // A budget past what the clock can count from now is no limit (now +
      // budget would overflow).
      const auto now = clock::now();
      const auto room = std::chrono::duration_cast<std::chrono::milliseconds>(clock::time_point::max() - now);
      deadline_ = *budget_ < room ? now + *budget_ : clock::time_point::max();
    }
    try {
      const int cell = exact_.best_cell(seen);
      ++exact_moves_;
      last_exact_ = true;
      return cell;
    } catch (const out_of_time&) {
      ++quick_moves_;
      last_exact_ = false;
      return heat_map_.best_cell(seen);
    }
  }
  // The last shot chosen was never fired (the opponent won first): the
  // report counts the shots fired.
  void unfired() { --(last_exact_ ? exact_moves_ : quick_moves_); }
  void report() const {
    if (budget_)
      std::printf("The AI chose %d shots by the exact posterior and %d by the heat map (past its %lld ms budget)\n",
                  exact_moves_, quick_moves_, static_cast<long long>(budget_->count()));
  }

 private:
  struct out_of_time {};
  exact_density<rules_t> exact_;
  per_ship_density<rules_t> heat_map_;
  std::optional<std::chrono::milliseconds> budget_;
  clock::time_point deadline_{};
  int exact_moves_ = 0, quick_moves_ = 0;
  bool last_exact_ = false;
};

// What the AI knows of the opponent's fleet: X a hit, - a miss.
void print_view(const rules_t& rules, const observation<board_t>& seen) {
  const auto g = rules.geometry();
  for (int row = 0; row < g.height(); ++row) {
    std::printf("  %c ", 'A' + row);
    for (int col = 0; col < g.width(); ++col) {
      const auto c = static_cast<std::size_t>(g.cell(row, col));
      std::printf("%c", seen.hits().test(c) ? 'X' : seen.misses().test(c) ? '-' : '.');
    }
    std::printf("\n");
  }
}

// Plays one game, the AI first; returns 0 when it ends with a winner.
template <class Opponent>
int play(const rules_t& rules, Opponent& them, std::uint64_t seed, std::optional<std::chrono::milliseconds> budget) {
  std::mt19937_64 rng(seed);
  game<rules_t> mine(rules, uniform_defense(rules).place(rng));  // the AI's fleet: it answers the opponent's shots
  budgeted_ai ai(rules, budget);
  observation<board_t> seen(rules);  // every answer the AI was told
  const int ship_cells = total_ship_cells(rules.fleet);
  try {
    // The AI chooses its next shot as soon as it has heard an answer, so an
    // answer that no layout fits is caught at once.
    int cell = ai.next_shot(seen);  // throws inconsistent_observation when none fits
    for (;;) {
      seen.record(cell, them.answer(cell));  // throws invalid_observation on an impossible answer (a ship sunk twice)
      if (seen.hits().count() == ship_cells) {
        if (exact_count(rules, seen, false).labelled == 0) throw no_layout_agrees(seen);
        std::printf("The AI sank every ship in %d shots:", seen.shot_count());
        for (const auto& [c, said] : seen.log())
          std::printf(" %s%c", rules.geometry().cell_name(c).c_str(),
                      said.kind == outcome::miss  ? '-'
                      : said.kind == outcome::hit ? 'X'
                                                  : '!');
        std::printf("\n");
        print_view(rules, seen);
        ai.report();
        return 0;
      }
      cell = ai.next_shot(seen);
      const int target = them.shoot(mine.seen());
      const shot_result back = mine.shoot(target);
      them.hear(target, back, mine.seen());
      if (mine.over()) {
        std::printf("The opponent sank every ship first, in %d shots (the AI had fired %d)\n", mine.shots_fired(),
                    seen.shot_count());
        ai.unfired();
        ai.report();
        return 0;
      }
    }
  } catch (const inconsistent_observation& e) {
    std::printf("No layout of the fleet fits those answers (%s); the game stops here.\n", e.what());
    return 1;
  } catch (const invalid_observation& e) {
    std::printf("That answer is impossible: %s\n", e.what());
    return 1;
  }
}

int main(int argc, char** argv) {
  const rules_t rules;
  bool interactive = false;
  std::optional<std::chrono::milliseconds> budget;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--interactive") {
      interactive = true;
    } else if (arg == "--budget-ms" && i + 1 < argc) {
      const std::string n = argv[++i];
      try {  // digits only: stoul would take "-5" (as a huge number) and "5x" (as 5)
        if (n.empty() || n.find_first_not_of("0123456789") != std::string::npos) throw std::invalid_argument(n);
        // strtoll stops at the largest long long: a budget past it is no
        // limit, as one past the clock is.
        budget = std::chrono::milliseconds(std::strtoll(n.c_str(), nullptr, 10));
      } catch (const std::exception&) {
        std::fprintf(stderr, "--budget-ms takes a whole number of milliseconds\n");
        return 2;
      }
    } else {
      std::fprintf(stderr, "usage: %s [--interactive] [--budget-ms N]\n", argv[0]);
      return 2;
    }
  }
  if (interactive) {
    terminal_opponent person(rules);
    try {
      return play(rules, person, std::random_device{}(), budget);
    } catch (const std::runtime_error& e) {
      std::printf("\n%s\n", e.what());
      return 0;
    }
  }
  scripted_opponent script(rules, 7);
  return play(rules, script, 2024, budget);
}
