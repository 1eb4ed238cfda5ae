#pragma once
// A call from a second thread that surely comes while a run (a count, a
// batch of draws) is under way: the run's interruption check, at its first
// call, starts the other call and waits until it has returned or thrown.

#include <atomic>
#include <functional>
#include <stdexcept>
#include <string>
#include <thread>

namespace battleship::test_support {

// `set_check(f)` installs f as the run's interruption check, `run()` runs,
// and `other()` is the second thread's call. Returns what the std::logic_error
// `other` threw said, or "" if it threw none.
template <class SetCheck, class Run, class Other>
std::string logic_error_during_a_run(SetCheck set_check, Run run, Other other) {
  // 1: the run is under way; 2: the other call has returned; 3: the run
  // ended without calling its check, and the other call is not made.
  std::atomic<int> phase{0};
  std::string refused;
  std::thread second([&] {
    int seen = 0;
    while ((seen = phase.load()) == 0) std::this_thread::yield();
    if (seen == 3) return;
    try {
      other();
    } catch (const std::logic_error& e) {
      refused = e.what();
    }
    phase.store(2);
  });
  set_check(std::function<void()>([&] {
    int idle = 0;
    if (phase.compare_exchange_strong(idle, 1))
      while (phase.load() != 2) std::this_thread::yield();
  }));
  const auto finish = [&] {
    int idle = 0;
    phase.compare_exchange_strong(idle, 3);  // the check never ran: release the other thread
    second.join();
  };
  try {
    run();
  } catch (...) {
    finish();
    throw;
  }
  finish();
  if (phase.load() == 3) throw std::logic_error("logic_error_during_a_run: the run never called its check");
  return refused;
}

}  // namespace battleship::test_support
