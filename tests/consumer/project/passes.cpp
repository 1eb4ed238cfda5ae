// The one file that compiles the exact counter's passes for
// consumer_passes_once (see CMakeLists.txt).
#include <battleship/count/instantiate_passes.hpp>
