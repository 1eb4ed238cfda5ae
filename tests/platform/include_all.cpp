// The umbrella header alone: tests/CMakeLists.txt compiles it under flags a
// user may set (-D_GLIBCXX_DEBUG must compile; -fno-exceptions must stop at
// detail/platform.hpp's message, not deep inside the headers).
#include <battleship/solver.hpp>

int main() { return 0; }
