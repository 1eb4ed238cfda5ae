// The pieces every parallel routine shares (detail/threads.hpp): the first
// error of a run and the stop it raises, and threads that are always joined,
// even when one of them cannot be started.
#include <atomic>
#include <catch2/catch.hpp>
#include <stdexcept>
#include <string>
#include <thread>

#include <battleship/detail/threads.hpp>

namespace {

using battleship::detail::first_error;
using battleship::detail::joined_threads;

// A thread body whose move constructor throws once armed: std::thread moves
// its body before the thread exists, so this stands for a thread that cannot
// be started (which std::thread reports by std::system_error).
struct unstartable {
  std::atomic<int>* runs;
  bool armed = true;
  explicit unstartable(std::atomic<int>& r) : runs(&r) {}
  unstartable(unstartable&& other) : runs(other.runs), armed(other.armed) {
    if (armed) throw std::runtime_error("no thread for you");
  }
  void operator()() const { ++*runs; }
};

// Spins until the run stops; counts how many are still spinning.
auto spin_until_stopped(const first_error& errors, std::atomic<int>& spinning) {
  return [&errors, &spinning] {
    ++spinning;
    while (!errors.stopped()) std::this_thread::yield();
    --spinning;
  };
}

std::string what_of(const first_error& errors) {
  try {
    errors.rethrow_if_any();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("first_error keeps the first exception and stops the run", "[threads]") {
  first_error errors;
  CHECK_FALSE(errors.stopped());
  CHECK_NOTHROW(errors.rethrow_if_any());
  errors.capture([] {});  // no error: nothing recorded, no stop
  CHECK_FALSE(errors.stopped());
  CHECK_NOTHROW(errors.rethrow_if_any());

  errors.capture([] { throw std::invalid_argument("first"); });
  CHECK(errors.stopped());
  errors.capture([] { throw std::runtime_error("second"); });
  CHECK_THROWS_AS(errors.rethrow_if_any(), std::invalid_argument);
  CHECK(what_of(errors) == "first");
}

TEST_CASE("joined_threads: a worker's exception stops the others, which are joined", "[threads]") {
  first_error errors;
  std::atomic<int> spinning{0};
  {
    joined_threads pool(errors);
    for (int t = 0; t < 3; ++t) CHECK(pool.start(spin_until_stopped(errors, spinning)));
    CHECK(pool.size() == 3);
    CHECK(pool.start([] { throw std::logic_error("worker failed"); }));
    pool.join();  // returns only because the failure stopped the spinners
    CHECK(pool.size() == 0);
  }
  CHECK(spinning == 0);
  CHECK(what_of(errors) == "worker failed");
}

TEST_CASE("joined_threads: a thread that cannot be started is an error of the run, not the end of the program",
          "[threads]") {
  first_error errors;
  std::atomic<int> spinning{0}, runs{0};
  {
    joined_threads pool(errors);
    for (int t = 0; t < 2; ++t) CHECK(pool.start(spin_until_stopped(errors, spinning)));
    CHECK_FALSE(pool.start(unstartable(runs)));  // recorded, and the spinners told to stop
    CHECK(pool.size() == 2);
    CHECK(errors.stopped());
    CHECK_FALSE(pool.start([&runs] { ++runs; }));  // a stopped run starts nothing more
    CHECK(pool.size() == 2);
  }  // the destructor joins them
  CHECK(spinning == 0);
  CHECK(runs == 0);
  CHECK(what_of(errors) == "no thread for you");
}

TEST_CASE("joined_threads: the destructor joins threads never joined by hand", "[threads]") {
  first_error errors;
  std::atomic<int> done{0};
  {
    joined_threads pool(errors);
    for (int t = 0; t < 4; ++t) CHECK(pool.start([&done] { ++done; }));
  }
  CHECK(done == 4);
  CHECK_FALSE(errors.stopped());
}
