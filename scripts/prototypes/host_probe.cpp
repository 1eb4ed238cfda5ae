// A measurement prototype, not part of the library and not built by CMake:
// what the shared host lends this machine's core at the moment it runs
// (docs/results/30-exact-counting.md, "Session 44"). Since session 38 the
// host has had a slow regime in which the enumerator, and every timed
// target with it, takes up to twice its normal time; this separates three
// things that could cause it:
//   - the core's clock: a chain of dependent multiply-adds (4 cycles each
//     on Zen 3 and Zen 5: imul 3, add 1) gives the clock in GHz;
//   - the core's throughput: eight independent adds and xors an iteration
//     (a busy SMT sibling on the same physical core would halve it);
//   - the share of the last-level cache: a random pointer chase, one load
//     per cache line, over buffers of 1-64 MiB with transparent huge pages
//     asked for, so that TLB misses do not stand in for cache misses.
//
//   g++ -std=c++20 -O2 scripts/prototypes/host_probe.cpp -o /tmp/host_probe
//   taskset -c 1 /tmp/host_probe          # about 6 s
//   taskset -c 0 /tmp/host_probe thrash 64 &   # a neighbour of our own: streams over 64 MiB until killed
//
// Prints one line of figures. Only differences between runs on the same
// machine mean anything; no figure here is a property of the library.

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include <sys/mman.h>

namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// GHz implied by a chain of dependent multiply-adds, at 4 cycles a link.
double chain_ghz() {
  constexpr std::uint64_t links = 500'000'000;
  std::uint64_t x = 1;
  const auto t0 = std::chrono::steady_clock::now();
  for (std::uint64_t i = 0; i < links; ++i) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    asm volatile("" : "+r"(x));
  }
  return 4.0 * static_cast<double>(links) / seconds_since(t0) / 1e9;
}

// Nanoseconds an iteration of eight independent ALU operations takes.
double independent_ns() {
  constexpr std::uint64_t iterations = 300'000'000;
  std::uint64_t a = 1, b = 2, c = 3, d = 4, e = 5, f = 6, g = 7, h = 8;
  const auto t0 = std::chrono::steady_clock::now();
  for (std::uint64_t i = 0; i < iterations; ++i) {
    a += i, b += i, c ^= i, d ^= i, e += i, f += i, g ^= i, h ^= i;
    asm volatile("" : "+r"(a), "+r"(b), "+r"(c), "+r"(d), "+r"(e), "+r"(f), "+r"(g), "+r"(h));
  }
  return seconds_since(t0) / static_cast<double>(iterations) * 1e9;
}

// Nanoseconds a load of a random cyclic walk over `bytes`, one load a line.
double chase_ns(std::size_t bytes, std::mt19937_64& rng) {
  constexpr std::size_t huge_page = std::size_t{2} << 20;
  auto* buf = static_cast<std::uint64_t*>(std::aligned_alloc(huge_page, bytes));
  if (buf == nullptr) return -1;
  madvise(buf, bytes, MADV_HUGEPAGE);
  const std::size_t lines = bytes / 64;
  std::vector<std::uint32_t> order(lines);
  for (std::size_t i = 0; i < lines; ++i) order[i] = static_cast<std::uint32_t>(i);
  for (std::size_t i = lines - 1; i > 0; --i) std::swap(order[i], order[rng() % (i + 1)]);
  for (std::size_t i = 0; i < lines; ++i) buf[order[i] * 8] = order[(i + 1) % lines] * 8ULL;
  std::uint64_t p = 0;
  for (std::size_t i = 0; i < lines; ++i) p = buf[p];  // warm
  constexpr std::size_t loads = 10'000'000;
  const auto t0 = std::chrono::steady_clock::now();
  for (std::size_t i = 0; i < loads; ++i) p = buf[p];
  const double ns = seconds_since(t0) / static_cast<double>(loads) * 1e9;
  asm volatile("" : : "r"(p));
  std::free(buf);
  return ns;
}

// Reads and writes one word per cache line of a `mib` MiB buffer, forever:
// a neighbour that keeps evicting the last-level cache.
[[noreturn]] void thrash(std::size_t mib) {
  std::vector<std::uint64_t> buf(mib << 17, 1);
  std::uint64_t s = 0;
  for (;;)
    for (std::size_t i = 0; i < buf.size(); i += 8) {
      buf[i] += s;
      s += buf[i];
      asm volatile("" : "+r"(s));
    }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 2 && std::string(argv[1]) == "thrash") thrash(static_cast<std::size_t>(std::stoul(argv[2])));
  std::mt19937_64 rng(44);
  std::printf("clock %.2f GHz (dependent chain); %.2f ns per 8 independent ops; chase ns/load:", chain_ghz(),
              independent_ns());
  for (const std::size_t mib : {1, 2, 4, 8, 16, 64}) std::printf(" %zu MiB %.0f", mib, chase_ns(mib << 20, rng));
  std::printf("\n");
}
