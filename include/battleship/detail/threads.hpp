#pragma once
// What every parallel routine shares: the worker count (0 means one per
// hardware thread, at least one; a negative count is refused), the first
// error any worker meets and the stop it raises for the others, and threads
// that are always joined.

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <battleship/detail/platform.hpp>

namespace battleship::detail {

// How long a progress reporter waits between reports: the interval asked
// for, but at least a millisecond, as an interval of 0 would spin a thread
// against the workers.
[[nodiscard]] inline std::chrono::duration<double> progress_wait(std::chrono::duration<double> interval) {
  return std::max(interval, std::chrono::duration<double>(0.001));
}

[[nodiscard]] inline int resolve_threads(int requested, const std::string& who) {
  if (requested < 0) throw std::invalid_argument(who + ": the number of threads cannot be negative");
  if (requested > 0) return requested;
  return static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
}

// The first exception of a parallel run, and the stop it raises: workers poll
// stopped() and wind down; after joining them, the caller rethrows.
class first_error {
 public:
  // Runs `work`; an exception it throws is recorded instead of escaping.
  template <class Work>
  void capture(Work&& work) noexcept {
    try {
      std::forward<Work>(work)();
    } catch (...) {
      record(std::current_exception());
    }
  }

  // Keeps `error` if it is the first, and stops the run either way.
  void record(std::exception_ptr error) noexcept {
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      if (!first_) first_ = std::move(error);
    }
    stopped_.store(true);
  }

  [[nodiscard]] bool stopped() const noexcept { return stopped_.load(std::memory_order_relaxed); }
  // The flag itself, for work that checks it deep in a loop.
  [[nodiscard]] const std::atomic<bool>& stop_flag() const noexcept { return stopped_; }

  // Call once every worker is joined.
  void rethrow_if_any() const {
    if (first_) std::rethrow_exception(first_);
  }

 private:
  std::mutex mutex_;
  std::exception_ptr first_;
  std::atomic<bool> stopped_{false};
};

// Threads that are joined whatever happens. A thread that cannot be started
// (std::system_error, or a body that throws as it is moved in) is an error of
// the run: it is recorded, which stops the threads already running, instead
// of escaping while they are unjoined (which would end the program).
class joined_threads {
 public:
  explicit joined_threads(first_error& errors) : errors_(errors) {}
  joined_threads(const joined_threads&) = delete;
  joined_threads& operator=(const joined_threads&) = delete;
  ~joined_threads() { join(); }

  // Runs `body` on a new thread, under errors.capture; false if the thread
  // could not be started (the error is recorded) or the run has stopped.
  template <class Body>
  bool start(Body&& body) noexcept {
    if (errors_.stopped()) return false;
    try {
      threads_.emplace_back([&errors = errors_, work = std::forward<Body>(body)]() mutable { errors.capture(work); });
      return true;
    } catch (...) {
      errors_.record(std::current_exception());
      return false;
    }
  }

  void join() noexcept {
    for (auto& t : threads_)
      if (t.joinable()) t.join();
    threads_.clear();
  }

  [[nodiscard]] std::size_t size() const noexcept { return threads_.size(); }

 private:
  first_error& errors_;
  std::vector<std::thread> threads_;
};

}  // namespace battleship::detail
