// expect: deleted function.*popcount
#include <battleship/detail/popcount.hpp>

// A 128-bit word would convert to std::uint64_t and lose its high half, so
// any type but std::uint64_t is refused.
int count_wide(unsigned __int128 x) { return battleship::detail::popcount(x); }

int main() {}
